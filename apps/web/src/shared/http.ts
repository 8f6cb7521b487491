import { ApiCode, type Envelope, isSuccessCode } from '@skill-cert/shared/apiCodes';
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

  const response = await send(
    `${url}${params ? toQueryString(params) : ''}`,
    { method, headers, body: payload },
    silent,
    timeoutMs,
  );
  return settle<T>(response.status, await response.json().catch(() => null), { silent });
}

/**
 * What the server answered, as data or a rejection: the one place every envelope code gets its behaviour (spec §8),
 * for `request` and for calls sent another way (an upload with XMLHttpRequest, for its progress). `unreadable` is
 * the message when the body is no envelope.
 */
export function settle<T>(
  status: number,
  envelope: unknown,
  { silent, unreadable = 'Error' }: { silent?: boolean; unreadable?: string } = {},
): T {
  const code = isEnvelope(envelope) ? envelope.code : null;
  const message = isEnvelope(envelope) ? envelope.message : '';

  if (status === 401 || code === ApiCode.UNAUTHORIZED) {
    showReloginModal();
    throw new ApiError(message || RELOGIN_MESSAGE, ApiCode.UNAUTHORIZED);
  }
  if (!isEnvelope(envelope)) return fail(new ApiError(unreadable, null), silent);
  if (isSuccessCode(envelope.code)) return envelope.data as T;
  if (envelope.code === ApiCode.REJECT_BODY) throw envelope;
  if (envelope.code === ApiCode.ACK_NOTICE) {
    showNotice(message);
    throw new ApiError(message, envelope.code, envelope.data);
  }
  // 400 and every other code: reject with the message (shown unless silent).
  return fail(new ApiError(message || 'Error', envelope.code, envelope.data), silent);
}

/** The text to show for any rejection of `request`. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isEnvelope(error)) return error.message || 'Error';
  return 'Error';
}
