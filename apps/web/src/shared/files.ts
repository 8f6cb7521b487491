import { ApiCode } from '@skill-cert/shared/api-codes';
import type { UploadPermission } from '@skill-cert/shared/companies';
import { isSuccessCode } from '@skill-cert/shared/envelope';
import type { UploadedFile } from '@skill-cert/shared/files';
import { RoleType } from '@skill-cert/shared/roles';
import { ApiError, NETWORK_ERROR_MESSAGE, REQUEST_ID_HEADER, request, settle } from './http';
import { getToken } from './session/session';
import { useSessionStore } from './session/session-store';

/**
 * Files to and from the server: downloads with the session's token, uploads with progress and cancel. Whatever
 * the server answers instead of a file goes through the HTTP client's envelope handler (`settle`, spec §8): a 401
 * opens 您已退出，请重新登录!, a 61 its notice, like every other call.
 */

export type { UploadedFile };

/** `filename*=UTF-8''...` or `filename="..."` of a Content-Disposition header. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      return encoded[1].trim();
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** Hands bytes to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches a file with the session's token: a GET, or a POST of a JSON body (the template preview). An envelope
 * instead of a file (an error, or a 200 that carries no file) rejects with the server's message.
 */
export async function fetchFile(
  url: string,
  fallbackName: string,
  post?: { body: unknown },
): Promise<{ blob: Blob; name: string }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (post) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(
      url,
      post ? { method: 'POST', headers, body: JSON.stringify(post.body) } : { headers },
    );
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope: unknown = await response.json().catch(() => null);
    const code = (envelope as { code?: unknown } | null)?.code;
    if (response.ok && typeof code === 'number' && isSuccessCode(code))
      throw new ApiError('文件不存在', code);
    // Silent: the caller names the action that failed (下载失败!); the 401 and 61 dialogs still show.
    settle(response.status, envelope, {
      silent: true,
      unreadable: `下载失败（${response.status}）`,
      requestId: response.headers.get(REQUEST_ID_HEADER),
    });
    throw new ApiError(`下载失败（${response.status}）`, response.status);
  }
  return {
    blob: await response.blob(),
    name: filenameOf(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** Fetches a file with the session's token and saves it (see fetchFile for refusals). */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchFile(url, fallbackName);
  saveBlob(blob, name);
}

/** What uploadDocument reports while it sends. */
export interface UploadOptions {
  /** Percent of the file sent so far, 0–100 (whole numbers, only when it changes). */
  onProgress?: (percent: number) => void;
  /** Aborting stops the upload and rejects with UPLOAD_CANCELLED_MESSAGE. */
  signal?: AbortSignal;
}

export const UPLOAD_CANCELLED_MESSAGE = '已取消上传';
/** A direct upload's bucket did not answer (down, or its CORS refuses this site). */
export const STORAGE_UNREACHABLE_MESSAGE = '无法连接文件存储';
export const STORAGE_TOO_LARGE_MESSAGE = '上传的文件超过文件存储允许的大小';
export const STORAGE_EMPTY_MESSAGE = '不能上传空文件';
export const STORAGE_EXPIRED_MESSAGE = '上传许可已过期';
export const storageRefusedMessage = (status: number): string => `文件存储拒绝了上传（${status}）`;

/** Registering a direct upload copies it out of the bucket on the server: a 2 GB zip takes minutes. */
const REGISTER_TIMEOUT_MS = 30 * 60_000;

/**
 * Uploads a file: where the server keeps files in object storage and the caller is a member of an enterprise, straight
 * to the bucket (uploadDirect), else through the server (`POST /api/files/upload`, multipart field `file`; `image`
 * accepts JPG/PNG only), or to `url`, a route that takes the file itself (an import, a photo). Without the 60 s limit
 * of other calls: a photos zip may be 2 GB and take minutes to send, so it reports its progress (XMLHttpRequest: fetch
 * cannot tell how much of a body has gone) and can be cancelled. A refusal rejects with the server's message.
 */
export function uploadFile<T = UploadedFile>(
  file: File,
  options: UploadOptions & {
    kind?: 'image' | 'any';
    /** A route that takes the file itself (an import) instead of `POST /api/files/upload`; it answers T. */
    url?: string;
  } = {},
): Promise<T> {
  const { kind = 'any', url } = options;
  if (url || !mayUploadDirect())
    return uploadThroughServer<T>(file, url ?? `/api/files/upload?type=${kind}`, options);
  return directPermission().then((permission) =>
    permission
      ? (uploadDirect(file, kind, permission, options) as Promise<T>)
      : uploadThroughServer<T>(file, `/api/files/upload?type=${kind}`, options),
  );
}

async function uploadThroughServer<T>(file: File, url: string, options: UploadOptions): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await postForm(url, form, options, { withToken: true, unreachable: NETWORK_ERROR_MESSAGE });
  let envelope: unknown = null;
  try {
    envelope = JSON.parse(answer.text);
  } catch {
    // not an envelope: settle rejects with the HTTP status
  }
  // Silent: the upload field shows the failure itself; the 401 and 61 dialogs still show.
  return settle<T>(answer.status, envelope, { silent: true, unreadable: `上传失败（${answer.status}）` });
}

/** What this server's stsToken said about direct uploads, once per page: null until asked. */
let storesDirect: boolean | null = null;

/** Forgets what the server said about direct uploads (tests start each case afresh). */
export function forgetDirectUploads(): void {
  storesDirect = null;
}

/** Only an enterprise's members may ask for a permission (stsToken); not again once the server said it stores locally. */
function mayUploadDirect(): boolean {
  const user = useSessionStore.getState().user;
  return (
    storesDirect !== false && user?.active_role_type_id === RoleType.ENTERPRISE && Boolean(user.company_id)
  );
}

/**
 * The bucket's upload permission (`GET /api/companies/stsToken`), or null to upload through the server: the server
 * stores files locally (then not asked again), or the route refuses (no active company).
 */
async function directPermission(): Promise<UploadPermission | null> {
  let permission: UploadPermission;
  try {
    permission = await request<UploadPermission>('GET', '/api/companies/stsToken', { silent: true });
  } catch (error) {
    // The session ended or the company is frozen: its dialog is open, and an upload would meet the same.
    if (
      error instanceof ApiError &&
      (error.code === ApiCode.UNAUTHORIZED || error.code === ApiCode.ACK_NOTICE)
    )
      throw error;
    return null;
  }
  storesDirect = Boolean(permission.fields && permission.register_url);
  return storesDirect ? permission : null;
}

/**
 * Sends the file to the bucket with its presigned POST (the policy's fields, then the file; no Authorization), then
 * registers it (`POST {register_url}`): the server checks its kind by content and answers the file as an upload does.
 * A refusal by the bucket is told in Chinese; a file the bucket refused is never registered.
 */
async function uploadDirect(
  file: File,
  kind: 'image' | 'any',
  permission: UploadPermission,
  options: UploadOptions,
): Promise<UploadedFile> {
  if (permission.max_bytes !== undefined && file.size > permission.max_bytes)
    throw new ApiError(STORAGE_TOO_LARGE_MESSAGE, null);
  const form = new FormData();
  for (const [name, value] of Object.entries(permission.fields ?? {})) form.append(name, value);
  form.append(permission.field, file, file.name);
  const answer = await postForm(permission.upload_url, form, options, {
    withToken: false,
    unreachable: STORAGE_UNREACHABLE_MESSAGE,
  });
  if (answer.status < 200 || answer.status >= 300)
    throw new ApiError(storageRefusal(answer.status, answer.text), null);
  const uploaded = await request<UploadedFile>('POST', `${permission.register_url}?type=${kind}`, {
    body: { name: file.name },
    silent: true,
    timeoutMs: REGISTER_TIMEOUT_MS,
  });
  // Cancelled while the server registered it: the control has let the file go.
  if (options.signal?.aborted) throw new ApiError(UPLOAD_CANCELLED_MESSAGE, null);
  return uploaded;
}

/** The bucket's XML error (`<Code>`, `<Message>`) in the user's words. */
export function storageRefusal(status: number, body: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? '';
  if (code === 'EntityTooLarge') return STORAGE_TOO_LARGE_MESSAGE;
  if (code === 'EntityTooSmall') return STORAGE_EMPTY_MESSAGE;
  if (code === 'AccessDenied' && /expired/i.test(message)) return STORAGE_EXPIRED_MESSAGE;
  return storageRefusedMessage(status);
}

/**
 * POSTs a form with XMLHttpRequest, reporting the share sent and stopping on the signal: resolves with whatever
 * answered, rejects with UPLOAD_CANCELLED_MESSAGE or, when nothing answered, `unreachable`.
 */
function postForm(
  url: string,
  form: FormData,
  { onProgress, signal }: UploadOptions,
  { withToken, unreachable }: { withToken: boolean; unreachable: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(UPLOAD_CANCELLED_MESSAGE, null));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (withToken && token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    let reported = -1;
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !onProgress) return;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      if (percent === reported) return;
      reported = percent;
      onProgress(percent);
    };
    const cancel = () => xhr.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', cancel);
    xhr.onabort = () => reject(new ApiError(UPLOAD_CANCELLED_MESSAGE, null));
    xhr.onerror = () => reject(new ApiError(unreachable, null));
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.send(form);
  });
}
