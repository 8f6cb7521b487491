import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media-query';
import { AppProviders } from './provider';

/** Shows whether antd animates, as the components read it. */
function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

const mediaReporting = (reduce: boolean) => (query: string) =>
  fakeMediaQueryList(query, reduce && query === '(prefers-reduced-motion: reduce)');

/** AppProviders around the probe, with the system's reduced-motion setting given. */
function renderWithMotionSetting(reduce: boolean) {
  vi.stubGlobal('matchMedia', mediaReporting(reduce));
  render(
    <AppProviders>
      <Motion />
    </AppProviders>,
  );
  return screen.getByTestId('motion');
}

describe('app providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('components animate by default', () => {
    expect(renderWithMotionSetting(false)).toHaveTextContent('true');
  });

  it('prefers-reduced-motion turns antd animations off', () => {
    expect(renderWithMotionSetting(true)).toHaveTextContent('false');
  });
});
