import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyOr } from './lazy-or';

const Plain = ({ text }: { text: string }) => <p>plain {text}</p>;

describe('lazyOr', () => {
  it('shows the loaded part when its chunk arrives', async () => {
    const Part = lazyOr(
      async () => ({ default: ({ text }: { text: string }) => <p>loaded {text}</p> }),
      Plain,
    );
    render(
      <Suspense fallback={null}>
        <Part text="重新获取" />
      </Suspense>,
    );
    expect(await screen.findByText('loaded 重新获取')).toBeInTheDocument();
  });

  it('shows the plain part, with the same props, when its chunk cannot be fetched', async () => {
    const Part = lazyOr<{ text: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      Plain,
    );
    render(
      <Suspense fallback={null}>
        <Part text="重新获取" />
      </Suspense>,
    );
    expect(await screen.findByText('plain 重新获取')).toBeInTheDocument();
  });
});
