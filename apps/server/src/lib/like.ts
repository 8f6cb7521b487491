import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** A user's text for LIKE / ILIKE: its own `%`, `_` and `\` match themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%keyword%` for ILIKE, with the keyword's own `%`, `_` and `\` matched literally (`10%` finds "10%", not all). */
export const containsPattern = (keyword: string): string => `%${escapeLike(keyword)}%`;

/** `keyword%`: a prefix search (a name) that an index with text_pattern_ops serves. */
export const prefixPattern = (keyword: string): string => `${escapeLike(keyword)}%`;

/** Some of `columns` contains `keyword`, case-insensitively; no condition without a keyword. */
export function containsAny(keyword: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(...columns.map((c) => ilike(c, pattern)));
}
