import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts its children (a part loaded with `React.lazy`) the first time `when` is true and keeps them mounted after:
 * a dialog's code loads when it is first opened, not with the screen, and it still closes with its animation.
 * Nothing shows while the code loads (each screen loads its heavy parts when they are used).
 */
export function LoadWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}
