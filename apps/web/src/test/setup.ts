import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, vi } from 'vitest';
import { deferShellOnFirstScreen } from '@/app/layout/after-first-screen';
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
//
// And jsdom computes every property it is asked for by matching the element and its ancestors against every rule of
// antd's style sheets, each time: a CPU profile of a page test found 63% of its time in getComputedStyle under
// testing-library's accessible-name computation (`getByRole(…, { name })` asks `display` and `visibility` of every
// node it names). So a computed value is kept for the rest of the synchronous run that asked for it (one query), and
// not a moment longer: the first value kept schedules a microtask that drops them all, and any change to the
// document meanwhile (a MutationObserver's records, read synchronously with `takeRecords`) drops them at once.
const { getComputedStyle } = window;
const changes = new MutationObserver(() => {});
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
let kept: WeakMap<Element, CSSStyleDeclaration> | null = null;
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) kept = null;
  if (!kept) {
    kept = new WeakMap();
    queueMicrotask(() => {
      kept = null;
    });
  }
  let style = kept.get(element);
  if (!style) {
    style = keptValues(getComputedStyle(element));
    kept.set(element, style);
  }
  return style;
};

/** The declaration, each property computed on first read and kept (`style.display`, `getPropertyValue('display')`). */
function keptValues(style: CSSStyleDeclaration): CSSStyleDeclaration {
  const byName = new Map<string, string>();
  const propertyValue = (name: string) => {
    let value = byName.get(name);
    if (value === undefined) {
      value = style.getPropertyValue(name);
      byName.set(name, value);
    }
    return value;
  };
  const byProperty = new Map<string | symbol, unknown>();
  return new Proxy(style, {
    get(target, prop) {
      if (prop === 'getPropertyValue') return propertyValue;
      if (byProperty.has(prop)) return byProperty.get(prop);
      const value = Reflect.get(target, prop, target);
      if (typeof value === 'function') return value.bind(target);
      byProperty.set(prop, value);
      return value;
    },
  });
}

// The signed-in shell's menus, search, bell and user menu mount with the first screen, not in a transition after it:
// queries made while that transition renders in slices cost minutes on a loaded machine (after-first-screen.tsx says
// why).
deferShellOnFirstScreen(false);

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
