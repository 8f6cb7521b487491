import type { SessionUser } from './service.ts';

/**
 * Remembers, for a short while, which user and role types stand behind a live session, so that an
 * authenticated request need not query the database. On the embedded database each query holds
 * its one thread, and every request needs this answer.
 *
 * Only safe where this process sees every change: the embedded database (one process per data folder,
 * enforced by the lock). With PostgreSQL several instances share the data, so it is off there.
 *
 * Every change to a user, its role types or its sessions must call `forgetUser` or `forgetSession`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: SessionUser; until: number }>();
  constructor(
    readonly enabled: boolean,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(sessionId: string, now = Date.now()): SessionUser | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(sessionId);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.entries.delete(sessionId);
    return undefined;
  }

  set(sessionId: string, value: SessionUser, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { value, until: now + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    for (const [sid, e] of this.entries) if (e.value.user.id === userId) this.entries.delete(sid);
  }
}
