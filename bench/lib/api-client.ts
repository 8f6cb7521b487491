import { readFileSync } from 'node:fs';

/**
 * JSON calls to a benchmark's server: the envelope's data and the round trip in ms; anything but code 200 throws
 * with the route and the message.
 */
export function apiClient(baseUrl: string) {
  return async <T>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ data: T; took: number }> => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    const took = performance.now() - started;
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.message}`);
    return { data: json.data, took };
  };
}

/** Uploads a file from disk (`POST /api/files/upload`, multipart) as `name`: its file id; anything but 200 throws. */
export async function uploadFile(
  baseUrl: string,
  token: string,
  file: string,
  name: string,
  type = 'any',
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), name);
  const res = await fetch(`${baseUrl}/api/files/upload?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { code: number; message: string; data: { file_id: string } };
  if (json.code !== 200) throw new Error(`upload ${name}: ${json.message}`);
  return json.data.file_id;
}
