/**
 * Which tables were written, and when, as the statements sent to the embedded database tell it: every statement
 * passes `observe` (the drizzle logger of `openDatabase`), and each `insert into`, `update`, `delete from` or
 * `truncate` in it marks its table with the next number of one counter, and a delete or truncate also marks the
 * tables its foreign keys cascade to (`cascades`). A cached read notes the counter before it reads (`now`) and
 * stays good while none of its tables is marked after that (`unchangedSince`). Only sound where every write passes
 * here: one process owns the embedded database (the data-folder lock), and no table of ours is written by a
 * trigger. A transaction holds the one connection, so a read that starts after a write inside it waits for its
 * commit; a write rolled back only makes reads look again.
 */
export class TableWrites {
  #counter = 0;
  readonly #lastWrite = new Map<string, number>();

  /** `cascades`: by table, the tables a delete from it also writes (their foreign keys' `on delete`). */
  constructor(private readonly cascades: ReadonlyMap<string, readonly string[]> = new Map()) {}

  observe(statement: string): void {
    const text = statement.trimStart();
    const several = text.includes(';');
    // A read starts with `select`; a single insert, update or delete writes the table it names first (a 1,000-row
    // insert is not searched further); a write may also hide in a `with` (a data-modifying CTE) or among several.
    if (!several && /^select\b/i.test(text)) return;
    const head = several ? null : FIRST_WRITE.exec(text);
    for (const match of head ? [head] : text.matchAll(WRITE)) {
      const table = (match[2] ?? match[3])?.toLowerCase();
      if (table) this.#mark(table, /^(?:delete|truncate)/i.test(match[1] ?? ''), new Set());
    }
  }

  #mark(table: string, removes: boolean, seen: Set<string>): void {
    if (seen.has(table)) return;
    seen.add(table);
    this.#lastWrite.set(table, ++this.#counter);
    if (removes) for (const child of this.cascades.get(table) ?? []) this.#mark(child, true, seen);
  }

  /** The counter now: a read about to start notes it. */
  now(): number {
    return this.#counter;
  }

  /** Whether none of `tables` was written after `since`. */
  unchangedSince(since: number, tables: readonly string[]): boolean {
    for (const table of tables) if ((this.#lastWrite.get(table) ?? 0) > since) return false;
    return true;
  }
}

/** `insert into`, `update`, `delete from`, `truncate` and the table written (quoted or not, with its schema or not). */
const WRITE_SOURCE =
  /(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?\w+"?\.)?(?:"(\w+)"|(\w+))/
    .source;
const WRITE = new RegExp(`\\b${WRITE_SOURCE}`, 'gi');
/** The same at the start of a statement: the one table a single insert, update or delete writes. */
const FIRST_WRITE = new RegExp(`^${WRITE_SOURCE}`, 'i');
