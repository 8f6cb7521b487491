/**
 * Each bound user's unread count, so a push needs no count query: read once at bind, +1 for every message delivered
 * here, dropped when the user reads or deletes (the next push reads it again). A count read at bind is kept only if
 * no push or read of that user came while it was read (a message stored during the read is missing from it).
 */
export class UnreadCounts {
  readonly #counts = new Map<string, number>();
  readonly #changesSeen = new Map<string, number>();

  constructor(private readonly read: (userIds: string[]) => Promise<Map<string, number>>) {}

  get(userId: string): number {
    return this.#counts.get(userId) ?? 0;
  }

  /** A change of the user's messages was seen (a push, a read): a count read before it is stale. */
  changed(userId: string): void {
    this.#changesSeen.set(userId, (this.#changesSeen.get(userId) ?? 0) + 1);
  }

  /** A message delivered here: +1 when known and unread. Answers whether the count was known. */
  delivered(userId: string, unread: boolean): boolean {
    this.changed(userId);
    const n = this.#counts.get(userId);
    if (n === undefined) return false;
    this.#counts.set(userId, n + (unread ? 1 : 0));
    return true;
  }

  /** The user's messages changed elsewhere: the count is read again when needed. */
  forget(userId: string): void {
    this.#counts.delete(userId);
    this.changed(userId);
  }

  /** The user left this instance. */
  drop(userId: string): void {
    this.#counts.delete(userId);
    this.#changesSeen.delete(userId);
  }

  /** Reads the counts not known of these users (still held, per `held`); a value learnt meanwhile is newer. */
  async know(userIds: string[], held: (userId: string) => boolean): Promise<void> {
    const missing = userIds.filter((id) => !this.#counts.has(id));
    if (missing.length === 0) return;
    const counts = await this.read(missing);
    for (const [id, n] of counts) if (held(id) && !this.#counts.has(id)) this.#counts.set(id, n);
  }

  /** At bind: remembers the count read, unless a change came while it was read. */
  async atBind(
    userId: string,
    read: () => Promise<number>,
    held: (userId: string) => boolean,
  ): Promise<void> {
    const before = this.#changesSeen.get(userId) ?? 0;
    const n = await read();
    if (held(userId) && !this.#counts.has(userId) && (this.#changesSeen.get(userId) ?? 0) === before)
      this.#counts.set(userId, n);
  }
}
