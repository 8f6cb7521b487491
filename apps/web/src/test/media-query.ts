/** A MediaQueryList as jsdom lacks one: `matches` fixed, listeners accepted and never called. */
export const fakeMediaQueryList = (query: string, matches = false): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;
