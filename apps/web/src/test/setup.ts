import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fakeMediaQueryList } from './media-query';

// Lazy routes resolve after an import; give findBy* queries room, also on a loaded machine (a failure detector).
configure({ asyncUtilTimeout: 30_000 });

// user-event checks `pointer-events` up the tree through getComputedStyle before every pointer action: in jsdom
// that walks every antd style sheet and took a tenth of a page test's time (CPU profile). antd's disabled controls
// carry the `disabled` attribute, which user-event still honours; so every test's user skips that check.
const setupUser = userEvent.setup.bind(userEvent);
Object.assign(userEvent, {
  setup: (options?: Parameters<typeof setupUser>[0]) =>
    setupUser({ pointerEventsCheck: PointerEventsCheckLevel.Never, ...options }),
});

// antd measures elements and listens to media queries; jsdom has neither.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => fakeMediaQueryList(query),
});

// jsdom does not implement getComputedStyle for pseudo elements, which antd asks for.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// A test that talks to the network says so with installFakeNetwork; anything else is a bug.
beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
    Promise.reject(new Error(`unexpected request: ${String(input)}`)),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  useSessionStore.setState({ user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
