import type { ClientFrame, ServerFrame, UnreadMessages } from '@skill-cert/shared/messages';

/**
 * The real-time channel of spec §4 as a pure state machine: the socket client feeds it server frames
 * (and `bound` once POST /api/websocket/bindUser answered) and carries out the effects it returns.
 */
export interface ChannelState {
  clientId: string | null;
  bound: boolean;
  /** The server ended the session: the socket must not come back. */
  loggedOut: boolean;
  loginRetries: number;
}

export const initialChannelState: ChannelState = {
  clientId: null,
  bound: false,
  loggedOut: false,
  loginRetries: 0,
};

export type ChannelInput = ServerFrame | { type: 'bound' };

export type ChannelEffect =
  | { kind: 'bind'; clientId: string }
  | { kind: 'send'; frame: ClientFrame }
  /** Send intervalData every HEARTBEAT_MS from now on. */
  | { kind: 'startHeartbeat' }
  /** Send login again shortly: the bind had not reached the server's instance yet. */
  | { kind: 'retryLogin' }
  | { kind: 'unread'; data: UnreadMessages }
  | { kind: 'pushed'; data: UnreadMessages }
  /** Close and stay closed (the HTTP 401 flow tells the user). */
  | { kind: 'stop' };

/** How often `login` is sent again while the server says the socket is not bound yet. */
export const MAX_LOGIN_RETRIES = 5;

export function reduceChannel(state: ChannelState, input: ChannelInput): [ChannelState, ChannelEffect[]] {
  switch (input.type) {
    case 'init':
      return [
        { ...state, clientId: input.client_id, bound: false, loginRetries: 0 },
        [{ kind: 'bind', clientId: input.client_id }],
      ];
    case 'bound':
      return [
        { ...state, bound: true },
        [{ kind: 'send', frame: { type: 'login' } }, { kind: 'startHeartbeat' }],
      ];
    case 'login':
      // Ask for the unread count at once rather than waiting for the first heartbeat.
      if (input.data.ok)
        return [{ ...state, loginRetries: 0 }, [{ kind: 'send', frame: { type: 'intervalData' } }]];
      if (state.loginRetries >= MAX_LOGIN_RETRIES) return [state, []];
      return [{ ...state, loginRetries: state.loginRetries + 1 }, [{ kind: 'retryLogin' }]];
    case 'intervalData':
      return [state, [{ kind: 'unread', data: input.data }]];
    case 'message':
      return [state, [{ kind: 'pushed', data: input.data }]];
    case 'logout':
      return [{ ...state, loggedOut: true, bound: false }, [{ kind: 'stop' }]];
    default:
      return [state, []];
  }
}

/** Reads a frame; anything that is not a known server frame is null. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { type } = frame as { type?: unknown };
  if (type === 'init')
    return typeof (frame as { client_id?: unknown }).client_id === 'string' ? (frame as ServerFrame) : null;
  const data = (frame as { data?: unknown }).data;
  if (type === 'intervalData' || type === 'message') {
    const d = data as Partial<UnreadMessages> | null;
    return d && Array.isArray(d.list) && typeof d.count === 'number' ? (frame as ServerFrame) : null;
  }
  if (type === 'login' || type === 'logout')
    return typeof data === 'object' && data !== null ? (frame as ServerFrame) : null;
  return null;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Wait before reconnect attempt `attempt` (0 first): 1 s, doubling, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  if (!Number.isFinite(attempt) || attempt <= 0) return RECONNECT_BASE_MS;
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16), RECONNECT_MAX_MS);
}
