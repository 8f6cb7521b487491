import { ApiCode, type Envelope, isSuccessCode } from '@skill-cert/shared/api-codes';
import { REQUEST_TIMEOUT_MS } from '@skill-cert/shared/constants';
import { browser } from './browser';
import { feedback } from './feedback';
import { type QueryParams, toQueryString } from './query';
import { clearSession, getToken } from './session/session';

/**
 * The one HTTP client of the web app. Every envelope code maps to exactly one behaviour here
 * (spec §8); pages only see resolved data or a rejection.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  params?: QueryParams;
  /** FormData goes as multipart, URLSearchParams as a form post, anything else as JSON. */
  body?: unknown;
  /** Do not show the error message (the caller shows its own). Dialogs of codes 61 and 401 still show. */
  silent?: boolean;
  /** How long to wait for the answer; REQUEST_TIMEOUT_MS (60 s, spec §9) unless a call is known to take longer. */
  timeoutMs?: number;
}

export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接';
export const RELOGIN_MESSAGE = '您已退出，请重新登录!';

/** A rejection carrying the envelope code and data. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let apiStatusMarked = false;
/** Whether a code-61 notice has been acknowledged (spec §8 "marks the API status"). */
export const isApiStatusMarked = (): boolean => apiStatusMarked;
export const resetApiStatus = (): void => {
  apiStatusMarked = false;
};

let reloginModalOpen = false;

function showReloginModal(): void {
  if (reloginModalOpen) return;
  reloginModalOpen = true;
  feedback.modal.warning({
    title: '提示',
    content: RELOGIN_MESSAGE,
    okText: '重新登录',
    closable: false,
    keyboard: false,
    onOk: () => {
      reloginModalOpen = false;
      clearSession();
      browser.reload();
    },
  });
}

function showNotice(message: string): void {
  feedback.modal.info({
    title: '提示',
    content: message,
    okText: '确定',
    onOk: () => {
      apiStatusMarked = true;
    },
  });
}

function fail(error: ApiError, silent: boolean | undefined): never {
  if (!silent) feedback.message.error(error.message);
  throw error;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

async function send(
  url: string,
  init: RequestInit,
  silent: boolean | undefined,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    fail(new ApiError(controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, null), silent);
  } finally {
    clearTimeout(timer);
  }
}

/** The header that makes a write act once at the server, however often it is sent (DESIGN.md "Acting once"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random UUID; `crypto.randomUUID` exists only on secure pages, and the app may be served over plain HTTP. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes under way, by method, URL and body: an identical one sent meanwhile (a double click) shares the key. */
const writesInFlight = new Map<string, { key: string; users: number }>();

function claimKey(signature: string | null): { key: string; done: () => void } {
  if (signature === null) return { key: newIdempotencyKey(), done: () => {} };
  const found = writesInFlight.get(signature) ?? { key: newIdempotencyKey(), users: 0 };
  found.users += 1;
  writesInFlight.set(signature, found);
  return {
    key: found.key,
    done: () => {
      found.users -= 1;
      if (found.users === 0 && writesInFlight.get(signature) === found) writesInFlight.delete(signature);
    },
  };
}

/** Who reads a header of every answer of `request` (the dictionaries' version, `shared/dict/dict-cache.ts`). */
const headerWatchers: { name: string; watch: (value: string) => void }[] = [];

/** Calls `watch` with the value of `name` on every answer of `request` that carries it. */
export function watchResponseHeader(name: string, watch: (value: string) => void): void {
  headerWatchers.push({ name, watch });
}

export async function request<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T> {
  const { params, body, silent, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof URLSearchParams) {
    // Form posts such as POST /api/dict (spec §7: a query string of params[] names).
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const target = `${url}${params ? toQueryString(params) : ''}`;
  // A FormData body cannot be compared: each such write gets a key of its own.
  const write =
    method === 'GET'
      ? null
      : claimKey(body instanceof FormData ? null : `${method} ${target}\n${String(payload ?? '')}`);
  if (write) headers[IDEMPOTENCY_HEADER] = write.key;

  try {
    const response = await send(target, { method, headers, body: payload }, silent, timeoutMs);
    for (const { name, watch } of headerWatchers) {
      const value = response.headers.get(name);
      if (value) watch(value);
    }
    return settle<T>(response.status, await response.json().catch(() => null), {
      silent,
      requestId: response.headers.get(REQUEST_ID_HEADER),
    });
  } finally {
    write?.done();
  }
}

/**
 * What the server answered, as data or a rejection: the one place every envelope code gets its behaviour (spec §8),
 * for `request` and for calls sent another way (an upload with XMLHttpRequest, for its progress). `unreadable` is
 * the message when the body is no envelope.
 */
export function settle<T>(
  status: number,
  envelope: unknown,
  {
    silent,
    unreadable = 'Error',
    requestId = null,
  }: { silent?: boolean; unreadable?: string; requestId?: string | null } = {},
): T {
  const code = isEnvelope(envelope) ? envelope.code : null;
  const serverFault = status >= 500 || code === ApiCode.SERVER_ERROR;
  const message = withReference(isEnvelope(envelope) ? envelope.message : '', serverFault ? requestId : null);

  if (status === 401 || code === ApiCode.UNAUTHORIZED) {
    showReloginModal();
    throw new ApiError(message || RELOGIN_MESSAGE, ApiCode.UNAUTHORIZED);
  }
  if (!isEnvelope(envelope)) return fail(new ApiError(withReference(unreadable, requestId), null), silent);
  if (isSuccessCode(envelope.code)) return envelope.data as T;
  if (envelope.code === ApiCode.REJECT_BODY) throw envelope;
  if (envelope.code === ApiCode.ACK_NOTICE) {
    showNotice(message);
    throw new ApiError(message, envelope.code, envelope.data);
  }
  // 400 and every other code: reject with the message (shown unless silent).
  return fail(new ApiError(message || 'Error', envelope.code, envelope.data), silent);
}

/** The header carrying the server's request id (its logs name each request by it). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A server fault's message with the request's id, which a user can give to support to find it in the logs. */
export const withReference = (message: string, requestId: string | null): string =>
  requestId && message ? `${message}（错误编号 ${requestId}，可告知客服）` : message;

/** The text to show for any rejection of `request`. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isEnvelope(error)) return error.message || 'Error';
  return 'Error';
}
