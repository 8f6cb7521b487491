import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** `%keyword%` for ILIKE, with the keyword's own `%`, `_` and `\` matched literally (`10%` finds "10%", not all). */
export const containsPattern = (keyword: string): string =>
  `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Some of `columns` contains `keyword`, case-insensitively; no condition without a keyword. */
export function containsAny(keyword: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(...columns.map((c) => ilike(c, pattern)));
}
