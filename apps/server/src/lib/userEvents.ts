import { EventEmitter } from 'node:events';

/**
 * Says that what stands behind a user's sessions changed: the account, its role types, its roles and
 * grants, or its sessions. The auth guard's session cache listens and forgets that user. Service
 * functions that make such a change call `userChanged`; callers need not remember to.
 *
 * On the embedded database (the only place the cache is on) a transaction holds the one connection,
 * so no request can re-read the old rows between this call inside a transaction and its commit.
 */
const emitter = new EventEmitter().setMaxListeners(0);

export const userChanged = (...userIds: string[]) => {
  for (const id of userIds) emitter.emit('changed', id);
};
export const sessionRevoked = (sessionId: string) => emitter.emit('revoked', sessionId);
/** A user's unread messages changed here (read, deleted); the real-time hub drops its cached copy. */
export const unreadChanged = (...userIds: string[]) => {
  for (const id of userIds) emitter.emit('unread', id);
};

export function onUnreadChanged(handler: (userId: string) => void): () => void {
  emitter.on('unread', handler);
  return () => {
    emitter.off('unread', handler);
  };
}

export function onUserEvents(handlers: {
  changed(userId: string): void;
  revoked(sessionId: string): void;
}): () => void {
  emitter.on('changed', handlers.changed);
  emitter.on('revoked', handlers.revoked);
  return () => {
    emitter.off('changed', handlers.changed);
    emitter.off('revoked', handlers.revoked);
  };
}
