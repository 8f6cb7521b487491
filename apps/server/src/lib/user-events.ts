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

/** Messages were stored for these users (the cached message lists of `messages/routes.ts` drop theirs). */
export const messagesStored = (...userIds: string[]) => {
  for (const id of userIds) emitter.emit('stored', id);
};

export function onMessagesStored(handler: (userId: string) => void): () => void {
  emitter.on('stored', handler);
  return () => {
    emitter.off('stored', handler);
  };
}

/** A menu was created, changed or deleted: every user's menus may differ (the cached personal menus drop). */
export const menusChanged = () => emitter.emit('menus');

export function onMenusChanged(handler: () => void): () => void {
  emitter.on('menus', handler);
  return () => {
    emitter.off('menus', handler);
  };
}

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
