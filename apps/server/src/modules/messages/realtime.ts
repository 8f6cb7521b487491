import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEARTBEAT_MS, REALTIME_PATH } from '@skill-cert/shared/constants';
import { errorEnvelope } from '@skill-cert/shared/envelope';
import type { ServerFrame, UnreadMessages } from '@skill-cert/shared/messages';
import fp from 'fastify-plugin';
import { type WebSocket, WebSocketServer } from 'ws';
import { uuidv7 } from '../../lib/id.ts';
import { UserReadCache } from '../../lib/read-cache.ts';
import { onUnreadChanged, onUserEvents } from '../../lib/userEvents.ts';
import { createSessionLookup } from '../auth/service.ts';
import type { MessagesEvent } from './messenger.ts';
import { batchMessages, type MessageRow, toMessage, unreadCountsOf, unreadMessages } from './service.ts';

interface Client {
  id: string;
  socket: WebSocket;
  userId?: string;
  sessionId?: string;
  alive: boolean;
  /** Closes the socket if it is still unbound after BIND_TIMEOUT_MS; cleared once bound. */
  bindTimer?: NodeJS.Timeout;
}

type SessionsEvent =
  | { type: 'bind'; client_id: string; user_id: string; session_id: string }
  | { type: 'revoked'; session_id: string }
  | { type: 'user'; user_id: string };

export interface Realtime {
  /** Binds a socket (by the client_id it was sent) to a signed-in session, on whichever instance holds it. */
  bind(clientId: string, userId: string, sessionId: string): Promise<void>;
  /** Sockets bound on this instance (tests, benchmarks). */
  stats(): { sockets: number; users: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** A socket that never binds is closed after this long. */
const BIND_TIMEOUT_MS = 60_000;

/**
 * The real-time channel of spec §4 on `/ws`: the server sends a client_id, the web app binds it with
 * `POST /api/websocket/bindUser`, sends `login`, then `intervalData` every 30 s, answered with the unread
 * list and count. New messages reach every socket of their user on every instance (bus `sc_messages`);
 * sockets of a revoked session get a `logout` frame and are closed.
 */
export const realtimePlugin = fp(
  async (app) => {
    // `ws` on the HTTP server's upgrade, not a fastify route: a route kept each socket's request, reply, raw
    // request and response and a child logger for the socket's life (~3 KB a socket, plus the garbage they make;
    // docs/decisions.md, memory). The channel is public (the binding is authenticated), so no hook is skipped.
    const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: 64 * 1024 });
    const clients = new Map<string, Client>();
    const byUser = new Map<string, Set<Client>>();
    const lookupSession = createSessionLookup(app.db);
    // Each bound user's unread list and count, answered to the 30 s intervalData without a query; dropped
    // when the user's messages change here or (over the bus) on another instance.
    // On every kind of database: kept for bound users only, and the bus tells of changes on other instances.
    const unreadCache = new UserReadCache<UnreadMessages>(true, Number.POSITIVE_INFINITY);
    const unreadOf = (userId: string) => unreadCache.get(userId, '', () => unreadMessages(app.db, userId));

    // Each bound user's unread count, so a push needs no count query: read once at bind, +1 for every
    // message delivered here, dropped when the user reads or deletes (the next push reads it again).
    const unreadCounts = new Map<string, number>();
    // Changes seen per bound user (pushes, reads): the count read at bind is kept only if none came while it was
    // read (a message stored during that read is missing from it; the push's own count read is the newer one).
    const pushesSeen = new Map<string, number>();
    const sawPush = (userId: string) => pushesSeen.set(userId, (pushesSeen.get(userId) ?? 0) + 1);
    const knowCounts = async (userIds: string[]) => {
      const missing = userIds.filter((id) => !unreadCounts.has(id));
      if (missing.length === 0) return;
      const counts = await unreadCountsOf(app.db, missing);
      // A value learnt meanwhile (from a push) is newer than this one.
      for (const [id, n] of counts) if (byUser.has(id) && !unreadCounts.has(id)) unreadCounts.set(id, n);
    };

    const send = (client: Client, frame: ServerFrame) => {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
    };
    const unbind = (client: Client) => {
      if (!client.userId) return;
      const set = byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) {
        byUser.delete(client.userId);
        unreadCache.forget(client.userId);
        unreadCounts.delete(client.userId);
        pushesSeen.delete(client.userId);
      }
      client.userId = undefined;
      client.sessionId = undefined;
    };
    const drop = (client: Client, reason: string) => {
      send(client, { type: 'logout', data: { reason } });
      unbind(client);
      client.socket.close(4001, 'session ended');
    };

    const accept = (socket: WebSocket) => {
      const client: Client = { id: uuidv7(), socket, alive: true };
      clients.set(client.id, client);
      send(client, { type: 'init', client_id: client.id });
      client.bindTimer = setTimeout(() => {
        client.bindTimer = undefined;
        if (!client.userId) socket.close(4000, 'not bound');
      }, BIND_TIMEOUT_MS);
      client.bindTimer.unref();
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', (raw) => {
        let frame: { type?: string };
        try {
          frame = JSON.parse(String(raw));
        } catch {
          return;
        }
        if (frame.type === 'login') {
          send(client, { type: 'login', data: { ok: Boolean(client.userId) } });
        } else if (frame.type === 'intervalData' && client.userId) {
          unreadOf(client.userId).then(
            (data) => send(client, { type: 'intervalData', data }),
            (err) => app.log.error({ err }, 'intervalData failed'),
          );
        }
      });
      socket.on('error', (err) => app.log.warn({ err }, 'socket error'));
      socket.on('close', () => {
        clearTimeout(client.bindTimer);
        unbind(client);
        clients.delete(client.id);
      });
    };
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?', 1)[0];
      if (path !== REALTIME_PATH) {
        socket.on('error', () => socket.destroy());
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, accept);
    };
    app.server.on('upgrade', onUpgrade);
    // A plain GET of the channel's path (no upgrade) is not a page of the web app: 404 like any unknown API path.
    app.get(
      REALTIME_PATH,
      {
        config: { public: true },
        schema: {
          summary: 'WebSocket 实时通道（spec §4）：以升级请求连接；不升级的 GET 答 404',
          response: { 404: errorEnvelope },
        },
      },
      (_request, reply) => reply.callNotFound(),
    );

    // Dead connections (no pong since the last round) are cut, so they do not hold memory or descriptors.
    const heartbeat = setInterval(() => {
      for (const client of clients.values()) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();

    /** Pushes stored rows to the sockets of their users on this instance. */
    const push = (rows: MessageRow[], counts: (userId: string) => number) => {
      for (const row of rows) {
        const sockets = byUser.get(row.userId);
        if (!sockets) continue;
        const text = JSON.stringify({
          type: 'message',
          data: { list: [toMessage(row)], count: counts(row.userId) },
        } satisfies ServerFrame);
        for (const client of sockets) {
          if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
        }
      }
    };

    // Rows stored by this instance: pushed at once from memory.
    const deliverStored = async (stored: MessageRow[]) => {
      if (byUser.size === 0) return;
      const rows = stored.filter((m) => byUser.has(m.userId));
      if (rows.length === 0) return;
      const unknown: string[] = [];
      for (const row of rows) {
        unreadCache.forget(row.userId);
        sawPush(row.userId);
        const n = unreadCounts.get(row.userId);
        if (n === undefined) unknown.push(row.userId);
        else unreadCounts.set(row.userId, n + (row.whetherRead ? 0 : 1));
      }
      // Read after the insert, so they include this send.
      if (unknown.length) await knowCounts(unknown);
      push(rows, (id) => unreadCounts.get(id) ?? 0);
    };

    // Rows stored by another instance: the bus carries ids only, so read them and the counts.
    const deliver = async (event: MessagesEvent) => {
      if ('unread_changed' in event) {
        for (const id of event.unread_changed) {
          unreadCache.forget(id);
          unreadCounts.delete(id);
          sawPush(id);
        }
        return;
      }
      if (event.origin === app.messenger.origin || byUser.size === 0) return;
      const rows = (await batchMessages(app.db, event.batch_id)).filter((m) => byUser.has(m.userId));
      if (rows.length === 0) return;
      const users = [...new Set(rows.map((r) => r.userId))];
      for (const id of users) {
        unreadCache.forget(id);
        unreadCounts.delete(id);
        sawPush(id);
      }
      await knowCounts(users);
      push(rows, (id) => unreadCounts.get(id) ?? 0);
    };

    const onSessions = async (event: SessionsEvent) => {
      if (event.type === 'bind') {
        const client = clients.get(event.client_id);
        if (!client) return;
        unbind(client);
        client.userId = event.user_id;
        client.sessionId = event.session_id;
        clearTimeout(client.bindTimer);
        client.bindTimer = undefined;
        const set = byUser.get(event.user_id) ?? new Set<Client>();
        byUser.set(event.user_id, set);
        set.add(client);
        // The unread list and count, read once now: the heartbeats and pushes of this user start from them.
        const pushesBefore = pushesSeen.get(event.user_id) ?? 0;
        const unread = await unreadOf(event.user_id);
        if (
          byUser.has(event.user_id) &&
          !unreadCounts.has(event.user_id) &&
          (pushesSeen.get(event.user_id) ?? 0) === pushesBefore
        )
          unreadCounts.set(event.user_id, unread.count);
      } else if (event.type === 'revoked') {
        for (const client of clients.values())
          if (client.sessionId === event.session_id) drop(client, '登录已失效');
      } else if (event.type === 'user') {
        for (const client of [...(byUser.get(event.user_id) ?? [])]) {
          if (client.sessionId && !(await lookupSession(client.sessionId, event.user_id)))
            drop(client, '登录已失效');
        }
      }
    };

    const unsubscribe = [
      app.messenger.onStored(
        (rows) => void deliverStored(rows).catch((err) => app.log.error({ err }, 'delivery failed')),
      ),
      app.messenger.onWritten((userIds) => {
        for (const id of userIds) unreadCache.forget(id);
      }),
      app.bus.subscribe(
        'sc_messages',
        (p) => void deliver(p as MessagesEvent).catch((err) => app.log.error({ err }, 'delivery failed')),
      ),
      app.bus.subscribe(
        'sc_sessions',
        (p) =>
          void onSessions(p as SessionsEvent).catch((err) => app.log.error({ err }, 'session event failed')),
      ),
      onUnreadChanged((userId) => void app.bus.publish('sc_messages', { unread_changed: [userId] })),
      onUserEvents({
        changed: (userId) => void app.bus.publish('sc_sessions', { type: 'user', user_id: userId }),
        revoked: (sessionId) =>
          void app.bus.publish('sc_sessions', { type: 'revoked', session_id: sessionId }),
      }),
    ];

    app.decorate('realtime', {
      bind: (clientId, userId, sessionId) =>
        app.bus.publish('sc_sessions', {
          type: 'bind',
          client_id: clientId,
          user_id: userId,
          session_id: sessionId,
        }),
      stats: () => ({ sockets: clients.size, users: byUser.size }),
    } satisfies Realtime);

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      for (const u of unsubscribe) u();
      app.server.off('upgrade', onUpgrade);
      for (const client of clients.values()) client.socket.terminate();
      wss.close();
    });
  },
  { name: 'realtime', dependencies: ['db', 'bus', 'auth', 'messenger'] },
);
