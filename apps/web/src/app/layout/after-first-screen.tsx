import { type ReactNode, startTransition, useEffect, useState } from 'react';

let firstScreenShown = false;

/**
 * Mounts `children` one task after the signed-in shell's first screen (issue 23 point 4): the page and the layout's
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
