/** Query cleaning (spec §5): drop null, undefined, blank, 'all' and '全部' values; trim strings. */

/** Values that mean "no filter" after trimming. */
const EMPTY_MARKERS: ReadonlySet<string> = new Set(['', 'all', '全部']);

/** Nothing typed: undefined, null, blank text or an empty list (a form field or a draft's field left empty). */
export const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export type QueryParams = Record<string, unknown>;

/**
 * A new object without the keys whose value is null, undefined, a blank string, 'all' or '全部',
 * or an empty array. Strings are trimmed; numbers, booleans, non-empty arrays and other values are kept.
 */
export function cleanQuery<T extends QueryParams>(params: T | null | undefined): Partial<T> {
  const out: QueryParams = {};
  if (!params) return out as Partial<T>;
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (!EMPTY_MARKERS.has(trimmed)) out[key] = trimmed;
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = [...value];
      continue;
    }
    out[key] = value;
  }
  return out as Partial<T>;
}

const encodeValue = (v: unknown): string =>
  encodeURIComponent(v instanceof Date ? v.toISOString() : String(v));

/**
 * 'a=1&b=x' from the cleaned params, with encodeURIComponent. Arrays become repeated 'key[]=v' entries
 * (spec §7: POST /api/dict takes 'params[]=name&params[]=name'); a key already ending in '[]' is not doubled,
 * and null or undefined array items are skipped. Returns '' when nothing is left.
 */
export function toQueryString(params: QueryParams | null | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(cleanQuery(params))) {
    if (Array.isArray(value)) {
      const name = `${encodeURIComponent(key.endsWith('[]') ? key.slice(0, -2) : key)}[]`;
      for (const item of value) {
        if (item === null || item === undefined) continue;
        parts.push(`${name}=${encodeValue(item)}`);
      }
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeValue(value)}`);
    }
  }
  return parts.join('&');
}
