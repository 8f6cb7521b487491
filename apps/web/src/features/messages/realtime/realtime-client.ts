import { ApiCode } from '@skill-cert/shared/api-codes';
import { HEARTBEAT_MS, REALTIME_PATH, REALTIME_RESTART_CODE } from '@skill-cert/shared/constants';
import type { ClientFrame, UnreadMessages } from '@skill-cert/shared/messages';
import { ApiError } from '@/shared/http';
import {
  type ChannelEffect,
  type ChannelInput,
  initialChannelState,
  parseServerFrame,
  reconnectDelay,
  reduceChannel,
} from './channel';

export const NO_WEBSOCKET_MESSAGE = '您的浏览器不支持socket';
/** The server closes with this code after a logout frame: the session is over. */
const SESSION_ENDED_CODE = 4001;
const LOGIN_RETRY_MS = 1_000;
const OPEN = 1;

/** How long a client waits to reconnect after its server's restart code: spread over 0.5–3 s by `random` in [0, 1). */
export const restartDelay = (random: number): number => Math.round(500 + random * 2500);

/** The same origin's `/ws`, over TLS when the page is. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

export interface RealtimeClientOptions {
  url: string;
  WebSocket: typeof WebSocket;
  /** POST /api/websocket/bindUser. */
  bind: (clientId: string) => Promise<unknown>;
  onUnread: (data: UnreadMessages) => void;
  onPushed: (data: UnreadMessages) => void;
}

export interface RealtimeClient {
  /** Closes the socket for good (sign-out, unmount). */
  stop(): void;
}

/**
 * One socket on `/ws` with the spec §4 handshake (init → bind → login → intervalData every 30 s), and
 * reconnection with backoff after a drop, until stopped or the server ends the session.
 */
export function startRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  let socket: WebSocket | null = null;
  let state = initialChannelState;
  let stopped = false;
  let attempt = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let loginTimer: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(loginTimer);
    heartbeat = undefined;
    loginTimer = undefined;
  };

  const send = (target: WebSocket, frame: ClientFrame) => {
    if (target === socket && target.readyState === OPEN) target.send(JSON.stringify(frame));
  };

  const stop = () => {
    stopped = true;
    clearTimers();
    clearTimeout(reconnectTimer);
    const current = socket;
    socket = null;
    current?.close();
  };

  const run = (target: WebSocket, effects: ChannelEffect[]) => {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'bind':
          options.bind(effect.clientId).then(
            () => dispatch(target, { type: 'bound' }),
            (error: unknown) => {
              console.error('websocket bind failed', error);
              // Signed out: the HTTP client has told the user; do not knock again.
              if (error instanceof ApiError && error.code === ApiCode.UNAUTHORIZED) stop();
              else if (target === socket) target.close();
            },
          );
          break;
        case 'send':
          send(target, effect.frame);
          break;
        case 'startHeartbeat':
          clearInterval(heartbeat);
          heartbeat = setInterval(() => send(target, { type: 'intervalData' }), HEARTBEAT_MS);
          break;
        case 'retryLogin':
          clearTimeout(loginTimer);
          loginTimer = setTimeout(() => send(target, { type: 'login' }), LOGIN_RETRY_MS);
          break;
        case 'unread':
          options.onUnread(effect.data);
          break;
        case 'pushed':
          options.onPushed(effect.data);
          break;
        case 'stop':
          stop();
          break;
      }
    }
  };

  const dispatch = (target: WebSocket, input: ChannelInput) => {
    if (target !== socket || stopped) return;
    const [next, effects] = reduceChannel(state, input);
    state = next;
    run(target, effects);
  };

  const connect = () => {
    if (stopped) return;
    state = initialChannelState;
    const target = new options.WebSocket(options.url);
    socket = target;
    target.onmessage = (event: MessageEvent) => {
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.type === 'init') attempt = 0;
      dispatch(target, frame);
    };
    target.onerror = (event: Event) => console.error('websocket error', event);
    target.onclose = (event: CloseEvent) => {
      if (target !== socket) return;
      clearTimers();
      socket = null;
      if (stopped || state.loggedOut || event.code === SESSION_ENDED_CODE) return;
      // A node shutting down: come back after a random wait, not all of its clients at once.
      const delay =
        event.code === REALTIME_RESTART_CODE ? restartDelay(Math.random()) : reconnectDelay(attempt);
      reconnectTimer = setTimeout(connect, delay);
      attempt += 1;
    };
  };

  connect();
  return { stop };
}
