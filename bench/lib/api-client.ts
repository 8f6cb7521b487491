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
