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
