import { z } from 'zod';

/**
 * Pieces of request and answer schemas that several contracts share (record applications, level evaluations):
 * one definition each, so a message or a shape is the same everywhere.
 */

/** An optional query parameter: an empty value (`?status=`) reads as absent, anything else must parse. */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

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
