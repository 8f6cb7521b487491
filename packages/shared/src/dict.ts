import { z } from 'zod';

/** One option of a server dictionary (`POST /api/dict`, spec §6). */
export const dictItem = z.object({ label: z.string(), value: z.union([z.number(), z.string()]) });
export type DictItem = z.infer<typeof dictItem>;

/** `data` of `POST /api/dict`: each dictionary asked for, by name. */
export const dictData = z.record(z.string(), z.array(dictItem));
export type DictData = z.infer<typeof dictData>;
