import { formatDateTime } from '@skill-cert/shared/time';

/** A stored step of a record's timeline (record applications, evaluation plans): who did what when, with a note. */
export interface StoredStep {
  id: string;
  action: string;
  userName: string;
  note: string | null;
  createdAt: Date;
}

/** Stored steps as the API's timeline items, the action's text from `texts` (the action itself when unknown). */
export function timelineOf<A extends string>(steps: StoredStep[], texts: Record<A, string>) {
  return steps.map((s) => ({
    _id: s.id,
    action: s.action as A,
    action_text: texts[s.action as A] ?? s.action,
    user_name: s.userName,
    note: s.note,
    create_time_str: formatDateTime(s.createdAt),
  }));
}

/**
 * The rows of steps taken in one request, for a module's timeline table: steps get consecutive milliseconds, so
 * the timeline keeps them apart and in order. `user.id` is null for steps nobody took (系统).
 */
export function stepRows<A extends string>(
  user: { id: string | null; name: string },
  steps: readonly { action: A; note?: string | null }[],
) {
  const base = Date.now();
  return steps.map((s, i) => ({
    action: s.action,
    userId: user.id,
    userName: user.name,
    note: s.note ?? null,
    createdAt: new Date(base + i),
  }));
}
