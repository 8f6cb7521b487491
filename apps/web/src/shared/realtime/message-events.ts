import type { Message } from '@skill-cert/shared/messages';
import { useEffect, useRef } from 'react';

/** Called with the related object's id (`data._id`) of a pushed message. */
export type MessageListener = (id: string | null, message: Message) => void;

const listeners = new Map<MessageListener, ReadonlySet<string>>();

/**
 * Subscribes to pushed messages of some template keys: a page that shows the related object refreshes
 * itself when a message about it arrives (spec §4 paper_certificate_parse_done; a decided filing, a join
 * request...). Returns the unsubscribe function, suitable as an effect cleanup. Lives in shared so that
 * any feature listens without importing the messages feature, which emits.
 */
export function onMessageArrived(templateKeys: readonly string[], listener: MessageListener): () => void {
  listeners.set(listener, new Set(templateKeys));
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the real-time channel for each message it receives. */
export function emitMessageArrived(message: Message): void {
  const key = message.data.template_key;
  if (!key) return;
  for (const [listener, keys] of [...listeners]) {
    if (!keys.has(key)) continue;
    try {
      listener(message.data._id, message);
    } catch (error) {
      console.error('message listener', error);
    }
  }
}

/** `onMessageArrived` for the life of a component; the latest `listener` is called. */
export function useMessageArrived(templateKeys: readonly string[], listener: MessageListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  const signature = templateKeys.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the keys.
  useEffect(() => onMessageArrived(templateKeys, (id, m) => latest.current(id, m)), [signature]);
}
