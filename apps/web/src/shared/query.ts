import { cleanQuery } from '@skill-cert/shared/query';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

/** '?a=1&ids=1&ids=2' for a GET URL, after the query cleaning of spec §5; '' when nothing is left. */
export function toQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanQuery(params))) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== null && v !== undefined && String(v).trim() !== '') search.append(key, String(v));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
