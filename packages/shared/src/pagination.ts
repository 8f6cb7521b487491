import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from './constants.ts';

/** `page` and `per_page` of every paged list; per_page is one of 10, 20, 30, 50 (spec §9). */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: '页码应为正整数' })
    .int('页码应为正整数')
    .min(1, '页码应为正整数')
    .default(1),
  per_page: z.coerce
    .number({ error: '每页条数应为 10、20、30 或 50' })
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), '每页条数应为 10、20、30 或 50')
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Meta of a paged list: `total` and `count` are the same number (the spec uses both names). */
export const pageMetaSchema = z.object({
  total: z.number(),
  count: z.number(),
  page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export interface Paged<T> {
  list: T[];
  meta: PageMeta;
}
/** The answer of a paged list of `row`. */
export const paged = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), meta: pageMetaSchema });

export function pageMeta(total: number, q: PageQuery): PageMeta {
  return {
    total,
    count: total,
    page: q.page,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
  };
}
