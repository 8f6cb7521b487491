import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEARTBEAT_MS, REALTIME_PATH } from '@skill-cert/shared/constants';
import { errorEnvelope } from '@skill-cert/shared/envelope';
import type { UnreadMessages } from '@skill-cert/shared/messages';
import fp from 'fastify-plugin';
import { type WebSocket, WebSocketServer } from 'ws';
import { UserReadCache } from '../../lib/read-cache.ts';
import { onUnreadChanged, onUserEvents } from '../../lib/user-events.ts';
import { createSessionLookup } from '../auth/service.ts';
import type { MessagesEvent } from './messenger.ts';
import { batchMessages, type MessageRow, toMessage, unreadCountsOf, unreadMessages } from './service.ts';
import { SocketHub } from './socket-hub.ts';
import { UnreadCounts } from './unread-counts.ts';

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
    // request and response and a child logger for the socket's life. The channel is public (the binding is
    // authenticated), so no hook is skipped.
    const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: 64 * 1024 });
    const lookupSession = createSessionLookup(app.db);
    // Each bound user's unread list and count, answered to the 30 s intervalData without a query; dropped
    // when the user's messages change here or (over the bus) on another instance.
    const unreadCache = new UserReadCache<UnreadMessages>(true, Number.POSITIVE_INFINITY);
    const unreadOf = (userId: string) => unreadCache.get(userId, '', () => unreadMessages(app.db, userId));
    const counts = new UnreadCounts((userIds) => unreadCountsOf(app.db, userIds));
    const hub = new SocketHub({
      bindTimeoutMs: BIND_TIMEOUT_MS,
      heartbeatMs: HEARTBEAT_MS,
      userLeft(userId) {
        unreadCache.forget(userId);
        counts.drop(userId);
      },
    });
    const held = (userId: string) => hub.holds(userId);

    // The protocol (spec §4): `init` with the client id; `login` answered with whether the socket is bound;
    // `intervalData` answered with the unread list and count.
    const accept = (socket: WebSocket) => {
      const client = hub.accept(socket);
      hub.send(client, { type: 'init', client_id: client.id });
      socket.on('message', (raw) => {
        let frame: { type?: string };
        try {
          frame = JSON.parse(String(raw));
        } catch {
          return;
        }
        if (frame.type === 'login') {
          hub.send(client, { type: 'login', data: { ok: Boolean(client.userId) } });
        } else if (frame.type === 'intervalData' && client.userId) {
          unreadOf(client.userId).then(
            (data) => hub.send(client, { type: 'intervalData', data }),
            (err) => app.log.error({ err }, 'intervalData failed'),
          );
        }
      });
      socket.on('error', (err) => app.log.warn({ err }, 'socket error'));
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

    /** Pushes stored rows to the sockets of their users on this instance. */
    const push = (rows: MessageRow[]) => {
      for (const row of rows)
        hub.sendToUser(row.userId, {
          type: 'message',
          data: { list: [toMessage(row)], count: counts.get(row.userId) },
        });
    };

    // Rows stored by this instance: pushed at once from memory.
    const deliverStored = async (stored: MessageRow[]) => {
      const rows = stored.filter((m) => held(m.userId));
      if (rows.length === 0) return;
      const unknown: string[] = [];
      for (const row of rows) {
        unreadCache.forget(row.userId);
        if (!counts.delivered(row.userId, !row.whetherRead)) unknown.push(row.userId);
      }
      // Read after the insert, so they include this send.
      if (unknown.length) await counts.know(unknown, held);
      push(rows);
    };

    // Rows stored by another instance: the bus carries ids only, so read them and the counts.
    const deliver = async (event: MessagesEvent) => {
      if ('unread_changed' in event) {
        for (const id of event.unread_changed) {
          unreadCache.forget(id);
          counts.forget(id);
        }
        return;
      }
      if (event.origin === app.messenger.origin || hub.byUser.size === 0) return;
      const rows = (await batchMessages(app.db, event.batch_id)).filter((m) => held(m.userId));
      if (rows.length === 0) return;
      const users = [...new Set(rows.map((r) => r.userId))];
      for (const id of users) {
        unreadCache.forget(id);
        counts.forget(id);
      }
      await counts.know(users, held);
      push(rows);
    };

    const onSessions = async (event: SessionsEvent) => {
      if (event.type === 'bind') {
        if (!hub.bind(event.client_id, event.user_id, event.session_id)) return;
        // The unread list and count, read once now: the heartbeats and pushes of this user start from them.
        await counts.atBind(event.user_id, async () => (await unreadOf(event.user_id)).count, held);
      } else if (event.type === 'revoked') {
        for (const client of hub.clients.values())
          if (client.sessionId === event.session_id) hub.drop(client, '登录已失效');
      } else if (event.type === 'user') {
        for (const client of [...(hub.byUser.get(event.user_id) ?? [])]) {
          if (client.sessionId && !(await lookupSession(client.sessionId, event.user_id)))
            hub.drop(client, '登录已失效');
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
      stats: () => hub.stats(),
    } satisfies Realtime);

    // Before anything closes: the clients hear that this node stops and go to another while it finishes its work.
    app.addHook('preClose', async () => hub.drain());
    app.addHook('onClose', async () => {
      for (const u of unsubscribe) u();
      app.server.off('upgrade', onUpgrade);
      hub.close();
      wss.close();
    });
  },
  { name: 'realtime', dependencies: ['db', 'bus', 'auth', 'messenger'] },
);
