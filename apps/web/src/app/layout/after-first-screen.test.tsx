import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstScreen, deferShellOnFirstScreen } from './after-first-screen';

const roots: Root[] = [];

function mount(): HTMLElement {
  const container = document.createElement('div');
  const root = createRoot(container);
  roots.push(root);
  flushSync(() =>
    root.render(
      <>
        <h1>页面</h1>
        <AfterFirstScreen>
          <nav>菜单</nav>
        </AfterFirstScreen>
      </>,
    ),
  );
  return container;
}

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  deferShellOnFirstScreen(false);
});

describe('AfterFirstScreen', () => {
  it("commits the page first and the shell's parts in a task after it", async () => {
    deferShellOnFirstScreen(true);
    const first = mount();
    expect(first.textContent).toBe('页面');
    await waitFor(() => expect(first.textContent).toBe('页面菜单'));
  });

  it('shows the parts at once on every later mount (a role switch, a layout change)', async () => {
    deferShellOnFirstScreen(true);
    const first = mount();
    await waitFor(() => expect(first.textContent).toBe('页面菜单'));
    expect(mount().textContent).toBe('页面菜单');
  });
});
