import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './provider';

/** Shows whether antd animates, as the components read it. */
function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

const mediaReporting = (reduce: boolean) => (query: string) =>
  ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

describe('app providers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('components animate by default', () => {
    vi.stubGlobal('matchMedia', mediaReporting(false));
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });

  it('prefers-reduced-motion turns antd animations off', () => {
    vi.stubGlobal('matchMedia', mediaReporting(true));
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
  });
});
