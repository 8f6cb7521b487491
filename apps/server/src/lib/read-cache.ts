/**
 * Answers of per-user reads (a user's message list, unread messages, menus) kept in memory until something they
 * depend on changes, so a repeated read costs no query. On the embedded database every query waits for the one
 * connection and costs this process's thread more than a whole cached answer; under load the
 * queue of queries was what timed requests out.
 *
 * Only safe where this process learns of every change: the embedded database (one process per data folder,
 * enforced by the lock), so the API's caches are off on PostgreSQL, as is the session cache; the real-time hub keeps
 * its bound users' unread lists on any database, told of other instances' changes by the bus. The owner of the data
 * calls `forget` for each user whose rows change (or `clear`). A read in flight is kept as its promise and dropped by the same calls, so
 * an answer read before a change is never kept after it; a transaction holds the embedded database's one
 * connection, so a read started between a change inside it and its commit waits for the commit.
 */
export class UserReadCache<T> {
  private readonly users = new Map<string, Map<string, Promise<T>>>();
  constructor(
    readonly enabled: boolean,
    private readonly maxUsers = 10_000,
  ) {}

  get(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    let entries = this.users.get(userId);
    const hit = entries?.get(key);
    if (hit) return hit;
    if (!entries) {
      if (this.users.size >= this.maxUsers) {
        const oldest = this.users.keys().next().value;
        if (oldest !== undefined) this.users.delete(oldest);
      }
      entries = new Map();
      this.users.set(userId, entries);
    }
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => {
      if (this.users.get(userId)?.get(key) === loading) this.users.get(userId)?.delete(key);
    });
    return loading;
  }

  forget(userId: string): void {
    this.users.delete(userId);
  }

  clear(): void {
    this.users.clear();
  }
}
