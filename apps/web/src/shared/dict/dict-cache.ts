import { DICT_CACHE_MS } from '@skill-cert/shared/constants';
import { toQueryString } from '@skill-cert/shared/query';
import { request } from '@/shared/http';

/** One option of a server dictionary (`POST /api/dict`). */
export interface DictItem {
  label: string;
  value: number | string;
}

export type DictData = Record<string, DictItem[]>;

/** `POST /api/dict`: the body is a query string of `params[]` names (spec §7). */
export const fetchDicts = (names: readonly string[]): Promise<DictData> =>
  request<DictData>('POST', '/api/dict', {
    body: new URLSearchParams(toQueryString({ params: [...names] })),
  });

/**
 * The dictionary cache shared by every component (spec §9: 30 minutes). It lives in memory and in
 * localStorage, so a reload within the half hour does not ask again; a role switch clears both.
 */
export const DICT_STORAGE_KEY = 'Dict-Cache';

interface Entry {
  items: DictItem[];
  /** When the server answered, ms since the epoch. */
  at: number;
}

let entries = new Map<string, Entry>();
let loaded = false;
/** Names being fetched, so two components asking at once share one request. */
const pending = new Map<string, Promise<void>>();
/** Bumped by clearDictCache: an answer to a request sent before the clear is dropped. */
let generation = 0;
let version = 0;
const listeners = new Set<() => void>();

function readStorage(): void {
  if (loaded) return;
  loaded = true;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DICT_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') {
      for (const [name, entry] of Object.entries(parsed as Record<string, Entry>)) {
        if (Array.isArray(entry?.items) && typeof entry.at === 'number') entries.set(name, entry);
      }
    }
  } catch {
    localStorage.removeItem(DICT_STORAGE_KEY);
  }
}

function writeStorage(): void {
  try {
    localStorage.setItem(DICT_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // A full or blocked storage only costs a refetch after reload.
  }
}

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const isFresh = (entry: Entry | undefined, now: number): entry is Entry =>
  entry !== undefined && now - entry.at < DICT_CACHE_MS;

/** The cached options of `name`, or undefined when missing or older than 30 minutes. */
export function cachedDict(name: string, now: number = Date.now()): DictItem[] | undefined {
  readStorage();
  const entry = entries.get(name);
  return isFresh(entry, now) ? entry.items : undefined;
}

/** Loads the names that are neither cached nor already being fetched, in one request; waits for the rest. */
export async function loadDicts(names: readonly string[]): Promise<void> {
  readStorage();
  const now = Date.now();
  const wanted = [...new Set(names)].filter((n) => !isFresh(entries.get(n), now));
  const missing = wanted.filter((n) => !pending.has(n));
  if (missing.length > 0) {
    const started = generation;
    const fetching = fetchDicts(missing)
      .then((data) => {
        if (started !== generation) return;
        const at = Date.now();
        for (const name of missing) entries.set(name, { items: data[name] ?? [], at });
        writeStorage();
        notify();
      })
      .finally(() => {
        for (const name of missing) if (pending.get(name) === fetching) pending.delete(name);
      });
    for (const name of missing) pending.set(name, fetching);
  }
  await Promise.all(wanted.map((n) => pending.get(n)));
}

/** Forgets every dictionary, in memory and in localStorage (the role switch calls this, spec §4). */
export function clearDictCache(): void {
  entries = new Map();
  loaded = true;
  pending.clear();
  generation += 1;
  localStorage.removeItem(DICT_STORAGE_KEY);
  notify();
}

export function subscribeDict(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Changes whenever the cache does; lets React re-read it. */
export const dictVersion = (): number => version;

/** The label of `value` in a dictionary, or '' when not found (values compare as strings). */
export function dictLabel(items: readonly DictItem[] | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  return items?.find((item) => String(item.value) === String(value))?.label ?? '';
}
