import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { cachedDict, type DictItem, dictVersion, loadDicts, subscribeDict } from './dict-cache';

export interface DictState<N extends string> {
  /** Options of each name; an empty list until it has loaded. */
  dict: Record<N, DictItem[]>;
  loading: boolean;
  error: unknown;
}

/**
 * Dictionaries a page declares it needs, e.g. `const { dict } = useDict('record_status', 'skill_level')`.
 * Served from the shared 30-minute cache; only names not cached yet are fetched.
 */
export function useDict<N extends string>(...names: N[]): DictState<N> {
  const key = names.join('\u0000');
  const version = useSyncExternalStore(subscribeDict, dictVersion, dictVersion);
  const [error, setError] = useState<unknown>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `names`; `version` re-reads the cache after a clear.
  const dict = useMemo(() => {
    const out = {} as Record<N, DictItem[]>;
    for (const name of names) out[name] = cachedDict(name) ?? [];
    return out;
  }, [key, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const missing = useMemo(() => names.filter((n) => cachedDict(n) === undefined), [key, version]);

  useEffect(() => {
    if (missing.length === 0) return;
    let active = true;
    setError(null);
    loadDicts(missing).catch((e: unknown) => {
      if (active) setError(e);
    });
    return () => {
      active = false;
    };
  }, [missing]);

  return { dict, loading: missing.length > 0 && error === null, error };
}
