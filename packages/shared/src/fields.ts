import { z } from 'zod';
import { DAY_TEXT, dayTextMessage } from './time.ts';

/**
 * Pieces of request and answer schemas that several contracts share (record applications, level evaluations):
 * one definition each, so a message or a shape is the same everywhere.
 */

/** An optional query parameter: an empty value (`?status=`) reads as absent, anything else must parse. */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * A required date 'YYYY-MM-DD' (every date field of every request uses it, time.ts dayTextMessage): the day must
 * exist and its year be in 1900–2100, so PostgreSQL never sees 2026-02-30; each message names the field by `label`.
 */
export const dateText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DAY_TEXT, { error: dayTextMessage(label, '') ?? '', abort: true })
    .superRefine((text, ctx) => {
      const message = dayTextMessage(label, text);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** An optional date of a query ('' reads as absent), by the same rule as dateText. */
export const dateParam = (label: string) => optionalParam(dateText(label));

/** The keyword of a list's search form. */
export const keywordParam = z.string().trim().max(100, '关键词不能超过100个字符').optional();

/** A step of a timeline (oldest first): who did what when, with a note; `actions` are the step names. */
export const timelineItem = <A extends string>(actions: readonly [A, ...A[]]) =>
  z.object({
    _id: z.string(),
    action: z.enum(actions),
    action_text: z.string(),
    user_name: z.string(),
    note: z.string().nullable(),
    create_time_str: z.string(),
  });
