import { DICT_CACHE_MS } from '@skill-cert/shared/constants';
import type { DictData, DictItem } from '@skill-cert/shared/dict';
import { DICT_VERSION_HEADER } from '@skill-cert/shared/dict-version';
import { toQueryString } from '@skill-cert/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { request, watchResponseHeader } from '@/shared/http';

export type { DictData, DictItem };

/**
 * `POST /api/dict`: the body is a query string of `params[]` names (spec §7). Silent: a page that needs a dictionary
 * falls back to its own labels, and the shell's fetch at sign-in is not the user's doing.
 */
export const fetchDicts = (names: readonly string[]): Promise<DictData> =>
  request<DictData>('POST', '/api/dict', {
    body: new URLSearchParams(toQueryString({ params: [...names] })),
    silent: true,
  });

/**
 * Dictionaries are react-query data (key ['dict', generation, name], fresh for 30 minutes, spec §9). A copy of each
 * answer is kept in localStorage and seeds the query after a reload, so a reload within the half hour does not
 * ask again; a role switch (clearDictCache) starts a new generation and forgets the copy. The platform edits the
 * dictionaries: every `/api` answer carries their version (`X-Dict-Version`), and an answer of another version than
 * the copy's forgets the copy (`noteDictVersion`), so a reload, or any request of an open page, shows a change at once.
 */
export const DICT_STORAGE_KEY = 'Dict-Cache';
/** The version of the dictionaries the kept copy was made under. */
export const DICT_VERSION_KEY = 'Dict-Version';

interface Entry {
  items: DictItem[];
  /** When the server answered, ms since the epoch. */
  at: number;
}

let generation = 0;
const listeners = new Set<() => void>();

function storedEntries(): Record<string, Entry> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DICT_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Entry>) : {};
  } catch {
    localStorage.removeItem(DICT_STORAGE_KEY);
    return {};
  }
}

function storedEntry(name: string, now: number): Entry | undefined {
  const entry = storedEntries()[name];
  return entry && Array.isArray(entry.items) && typeof entry.at === 'number' && now - entry.at < DICT_CACHE_MS
    ? entry
    : undefined;
}

function store(name: string, entry: Entry): void {
  try {
    localStorage.setItem(DICT_STORAGE_KEY, JSON.stringify({ ...storedEntries(), [name]: entry }));
  } catch {
    // A full or blocked storage only costs a refetch after reload.
  }
}

/** The stored options of `name`, or undefined when missing or older than 30 minutes. */
export function cachedDict(name: string, now: number = Date.now()): DictItem[] | undefined {
  return storedEntry(name, now)?.items;
}

/** Names asked for in the same turn of the event loop go in one request. */
let batch: { names: Set<string>; answer: Promise<DictData> } | null = null;

function fetchDict(name: string): Promise<DictItem[]> {
  if (!batch) {
    const names = new Set<string>();
    const answer = new Promise<DictData>((resolve, reject) =>
      setTimeout(() => {
        batch = null;
        fetchDicts([...names]).then(resolve, reject);
      }),
    );
    batch = { names, answer };
  }
  batch.names.add(name);
  const started = generation;
  return batch.answer.then((data) => {
    const items = data[name] ?? [];
    // An answer to a request sent before a role switch is not kept for the next role.
    if (started === generation) store(name, { items, at: Date.now() });
    return items;
  });
}

export const dictQueryOptions = (name: string, gen: number = generation) =>
  queryOptions({
    queryKey: ['dict', gen, name],
    queryFn: () => fetchDict(name),
    staleTime: DICT_CACHE_MS,
    initialData: () => storedEntry(name, Date.now())?.items,
    initialDataUpdatedAt: () => storedEntry(name, Date.now())?.at,
  });

/**
 * The server's dictionaries are at `version`: a copy kept under another version is forgotten and mounted users ask
 * again (a first version seen with nothing kept changes nothing).
 */
export function noteDictVersion(version: string): void {
  seenVersion ??= readStorage(DICT_VERSION_KEY);
  if (seenVersion === version) return;
  const kept = seenVersion !== null || readStorage(DICT_STORAGE_KEY) !== null;
  seenVersion = version;
  try {
    localStorage.setItem(DICT_VERSION_KEY, version);
  } catch {
    // Without storage nothing is kept across reloads; the copy in memory still follows the version.
  }
  if (kept) clearDictCache();
}

/** The version last seen (this page's, else the stored one's); undefined until first needed. */
let seenVersion: string | null | undefined;

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

watchResponseHeader(DICT_VERSION_HEADER, noteDictVersion);

/** Forgets every dictionary (the role switch calls this, spec §4): mounted users ask again. */
export function clearDictCache(): void {
  generation += 1;
  batch = null;
  localStorage.removeItem(DICT_STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function subscribeDict(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Changes with every clear: part of each dictionary's query key. */
export const dictGeneration = (): number => generation;

/** The label of `value` in a dictionary, or '' when not found (values compare as strings). */
export function dictLabel(items: readonly DictItem[] | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  return items?.find((item) => String(item.value) === String(value))?.label ?? '';
}
