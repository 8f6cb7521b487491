import { vi } from 'vitest';
import { type FakeRequest, ok } from './fake-network';

/** Downloads through a Blob: stubs what jsdom lacks and records the saved names. */
export function captureDownloads() {
  const saved: string[] = [];
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => {};
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fake');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/**
 * `fetch` answering file downloads with bytes (the fake network answers envelopes only): `files` maps a
 * path to its content type and file name; everything else goes to the fake network installed before.
 * Answers the paths fetched, with the JSON bodies of those posted in `posted`.
 */
export function serveFiles(files: Record<string, { type: string; name: string }>) {
  const network = globalThis.fetch;
  // `posted` is not enumerable: `expect(fetched).toEqual([...paths])` still compares the paths only.
  const fetched = Object.defineProperty([] as string[], 'posted', { value: [] as unknown[] }) as string[] & {
    posted: unknown[];
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const file = files[url.pathname];
    if (!file) return network(input, init);
    fetched.push(`${url.pathname}${url.search}`);
    if (typeof init?.body === 'string') fetched.posted.push(JSON.parse(init.body));
    return Promise.resolve(
      new Response('PK', {
        headers: {
          'content-type': file.type,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        },
      }),
    );
  });
  return fetched;
}

/** An upload answered as `POST /api/files/upload` does: a new file id each time. */
let uploads = 0;
export const uploadOk = (request: FakeRequest) => {
  uploads += 1;
  const file = (request.body as FormData).get('file') as File;
  return ok({
    file_id: `00000000-0000-4000-9000-${String(uploads).padStart(12, '0')}`,
    webPath: `/api/files/upload-${uploads}`,
    originName: file.name,
    size: file.size,
    mime: file.type,
  });
};
