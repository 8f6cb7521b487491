import { REALTIME_RESTART_CODE } from '@skill-cert/shared/constants';
import type { ServerFrame } from '@skill-cert/shared/messages';
import type { WebSocket } from 'ws';
import { uuidv7 } from '../../lib/id.ts';

/** One socket of the real-time channel, bound to a user's session or not yet. */
export interface Client {
  id: string;
  socket: WebSocket;
  userId?: string;
  sessionId?: string;
  alive: boolean;
  /** Closes the socket if it is still unbound after the bind timeout; cleared once bound. */
  bindTimer?: NodeJS.Timeout;
}

/**
 * The sockets this instance holds and whom they belong to: accepting, binding to a user, pushing to a user's
 * sockets, dropping a session's, and cutting dead ones (no pong since the last ping). What the frames say is the
 * protocol's business (realtime.ts).
 */
export class SocketHub {
  readonly clients = new Map<string, Client>();
  readonly byUser = new Map<string, Set<Client>>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(
    private readonly options: {
      bindTimeoutMs: number;
      heartbeatMs: number;
      /** The last socket of a user left this instance: forget what is kept for them. */
      userLeft(userId: string): void;
    },
  ) {
    this.#heartbeat = setInterval(() => this.cutDead(), options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** A new socket: registered, closed unless bound within the bind timeout. */
  accept(socket: WebSocket): Client {
    const client: Client = { id: uuidv7(), socket, alive: true };
    this.clients.set(client.id, client);
    client.bindTimer = setTimeout(() => {
      client.bindTimer = undefined;
      if (!client.userId) socket.close(4000, 'not bound');
    }, this.options.bindTimeoutMs);
    client.bindTimer.unref();
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(client.bindTimer);
      this.unbind(client);
      this.clients.delete(client.id);
    });
    return client;
  }

  send(client: Client, frame: ServerFrame): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  /** Binds a socket of this instance to a user's session; false when the socket is not here. */
  bind(clientId: string, userId: string, sessionId: string): boolean {
    const client = this.clients.get(clientId);
    if (!client) return false;
    this.unbind(client);
    client.userId = userId;
    client.sessionId = sessionId;
    clearTimeout(client.bindTimer);
    client.bindTimer = undefined;
    const set = this.byUser.get(userId) ?? new Set<Client>();
    this.byUser.set(userId, set);
    set.add(client);
    return true;
  }

  unbind(client: Client): void {
    if (!client.userId) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) {
      this.byUser.delete(client.userId);
      this.options.userLeft(client.userId);
    }
    client.userId = undefined;
    client.sessionId = undefined;
  }

  /** Tells the socket its session ended, unbinds and closes it. */
  drop(client: Client, reason: string): void {
    this.send(client, { type: 'logout', data: { reason } });
    this.unbind(client);
    client.socket.close(4001, 'session ended');
  }

  /** One frame, serialised once, to every socket of a user here. */
  sendToUser(userId: string, frame: ServerFrame): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const text = JSON.stringify(frame);
    for (const client of sockets)
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  holds(userId: string): boolean {
    return this.byUser.has(userId);
  }

  stats() {
    return { sockets: this.clients.size, users: this.byUser.size };
  }

  /** Dead connections (no pong since the last round) are cut, so they hold neither memory nor descriptors. */
  private cutDead(): void {
    for (const client of this.clients.values()) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  /** The server is going away: every socket is told so (REALTIME_RESTART_CODE) and reconnects elsewhere. */
  drain(): void {
    for (const client of this.clients.values())
      client.socket.close(REALTIME_RESTART_CODE, 'server restarting');
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.clients.values()) client.socket.terminate();
  }
}
