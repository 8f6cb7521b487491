import type { TableWrites } from '../db/table-writes.ts';

/** What a list read answers, and until when it holds without a write (a time it depends on; none: no limit). */
export interface Listed<T> {
  value: T;
  until?: number | null;
}

interface Entry {
  since: number;
  tables: readonly string[];
  until: number;
  answer: Promise<unknown>;
}

/** No answer is kept longer than this, whatever it depends on. */
const MAX_AGE_MS = 60_000;

/**
 * Pages of companies' lists kept in memory until a table they read is written (or a time they depend on passes),
 * so a repeated read costs no statement: on the embedded database every statement holds this process's one thread
 * longer than a whole cached answer takes (docs/decisions.md). Off without `writes` (PostgreSQL, where other
 * instances write too). Requests that miss one page together share one read. At most `maxEntries` pages, the least
 * recently read dropped first. A page is keyed by its company and `key`, which names everything else the answer
 * depends on (the query; the caller, where what it shows differs by caller).
 *
 * `tables` must name every table the read looks at; a test per list changes what it reads and reads again.
 */
export class CompanyListCache {
  readonly #entries = new Map<string, Entry>();
  constructor(
    private readonly writes: TableWrites | null,
    private readonly maxEntries = 500,
  ) {}

  async get<T>(
    companyId: string,
    key: string,
    tables: readonly string[],
    read: () => Promise<Listed<T>>,
  ): Promise<T> {
    const writes = this.writes;
    if (!writes) return (await read()).value;
    const id = `${companyId} ${key}`;
    const hit = this.#entries.get(id);
    this.#entries.delete(id);
    if (hit && hit.until > Date.now() && writes.unchangedSince(hit.since, hit.tables)) {
      this.#entries.set(id, hit);
      return hit.answer as Promise<T>;
    }
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const entry: Entry = {
      since: writes.now(),
      tables,
      until: Date.now() + MAX_AGE_MS,
      answer: Promise.resolve(),
    };
    const reading = read().then((listed) => {
      if (listed.until != null) entry.until = Math.min(entry.until, listed.until);
      return listed.value;
    });
    entry.answer = reading;
    this.#entries.set(id, entry);
    reading.catch(() => {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
    });
    return reading;
  }
}
