import { lazy } from 'react';
import { LoadWhen } from '@/shared/components/load-when';
import { boxShownOf, useMessagesStore } from '../messages-store';

// The box loads when first shown, not with the layout.
const MessageBox = lazy(() => import('./message-box').then((m) => ({ default: m.MessageBox })));

/** Where the navbar shows the live message box (message-box.tsx says why there). */
export function MessageBoxSlot() {
  const shown = useMessagesStore(boxShownOf);
  return (
    <LoadWhen when={shown}>
      <MessageBox />
    </LoadWhen>
  );
}
