import { isSuccessCode } from '@skill-cert/shared/envelope';
import type { UploadedFile } from '@skill-cert/shared/files';
import { ApiError, NETWORK_ERROR_MESSAGE, settle } from './http';
import { getToken } from './session/session';

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
    settle(response.status, envelope, { silent: true, unreadable: `下载失败（${response.status}）` });
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

/**
 * `POST /api/files/upload` (multipart field `file`; `image` accepts JPG/PNG only), or `url`, a route that takes the
 * file itself (an import, a photo); without the 60 s limit of other
 * calls: a photos zip may be 2 GB and take minutes to send, so it reports its progress (XMLHttpRequest: fetch cannot
 * tell how much of a body has gone) and can be cancelled. A refusal rejects with the server's message.
 */
export function uploadFile<T = UploadedFile>(
  file: File,
  options: UploadOptions & {
    kind?: 'image' | 'any';
    /** A route that takes the file itself (an import) instead of `POST /api/files/upload`; it answers T. */
    url?: string;
  } = {},
): Promise<T> {
  const { onProgress, signal, kind = 'any', url = `/api/files/upload?type=${kind}` } = options;
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(UPLOAD_CANCELLED_MESSAGE, null));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
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
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, null));
    xhr.onload = () => {
      let envelope: unknown = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        // not an envelope: settle rejects with the HTTP status
      }
      try {
        // Silent: the upload field shows the failure itself; the 401 and 61 dialogs still show.
        resolve(
          settle<T>(xhr.status, envelope, {
            silent: true,
            unreadable: `上传失败（${xhr.status}）`,
          }),
        );
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}
