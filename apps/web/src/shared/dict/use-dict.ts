import { useQueries } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type DictItem, dictGeneration, dictQueryOptions, subscribeDict } from './dict-cache';

export interface DictState<N extends string> {
  /** Options of each name; an empty list until it has loaded. */
  dict: Record<N, DictItem[]>;
  loading: boolean;
  error: unknown;
}

/**
 * Dictionaries a page declares it needs, e.g. `const { dict } = useDict('record_status', 'skill_level')`.
 * Each is a query cached 30 minutes; names not cached yet are fetched together in one request.
 */
export function useDict<N extends string>(...names: N[]): DictState<N> {
  const generation = useSyncExternalStore(subscribeDict, dictGeneration, dictGeneration);
  return useQueries({
    queries: names.map((name) => dictQueryOptions(name, generation)),
    combine: (results) => {
      const dict = {} as Record<N, DictItem[]>;
      names.forEach((name, i) => {
        dict[name] = results[i]?.data ?? [];
      });
      const error = results.find((r) => r.error)?.error ?? null;
      return { dict, loading: error === null && results.some((r) => r.isPending), error };
    },
  });
}

/**
 * A dictionary's items as select options (values as the API uses them); the caller's own until it has loaded or
 * when the server does not know it.
 */
export function dictOptions(items: readonly DictItem[], fallback: readonly DictItem[]): DictItem[] {
  return items.length > 0 ? [...items] : [...fallback];
}
