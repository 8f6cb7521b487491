import { request } from '@/shared/http';

/** `data` of `POST /api/files/upload` (spec §3 "Uploaded file response"). */
export interface UploadedFile {
  file_id: string;
  /** Where the file reads back; takes the Authorization header or the Admin-Token cookie. */
  webPath: string;
  originName: string;
  size: number;
  mime: string;
}

/**
 * `POST /api/files/upload` (multipart field `file`); `image` accepts JPG/PNG only. Silent: callers show
 * '{message}，上传失败！' themselves (spec §8).
 */
export function uploadFile(
  file: Blob,
  kind: 'image' | 'any' = 'any',
  filename?: string,
): Promise<UploadedFile> {
  const form = new FormData();
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  return request<UploadedFile>('POST', '/api/files/upload', {
    params: { type: kind },
    body: form,
    silent: true,
  });
}
