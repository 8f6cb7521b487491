import { type ReactNode, startTransition, useEffect, useState } from 'react';

let firstScreenShown = false;

/**
 * Mounts `children` one task after the signed-in shell's first screen: the page and the layout's
 * frame commit first, the menus, the search, the bell and the user menu (antd's Menu, Dropdown, Badge, Input and
 * their styles) in a transition right after, so no single task builds the whole shell. Their places keep their size
 * meanwhile (nothing moves when they arrive). Later mounts (a role switch, a layout change) show them at once.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstScreenShown);
  useEffect(() => {
    if (shown) return;
    startTransition(() => {
      firstScreenShown = true;
      setShown(true);
    });
  }, [shown]);
  return shown ? children : null;
}

/**
 * Whether the next first screen defers the shell's parts (`true`, as a page load does) or shows them at once.
 *
 * The web unit tests show them at once (`src/test/setup.ts`): a test that queries the document while the deferred
 * transition renders in time slices re-ran its query after each slice (every slice inserts antd styles, a mutation),
 * and each query asks jsdom for computed styles over all of antd's style sheets. Beside two CPU hogs, role-switcher's
 * test of 切换角色 ran past its 180 s limit that way (docs/decisions.md). `after-first-screen.test.tsx` tests the
 * deferral itself.
 */
export function deferShellOnFirstScreen(defer: boolean): void {
  firstScreenShown = !defer;
}
