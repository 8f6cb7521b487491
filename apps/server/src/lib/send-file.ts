import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Storage } from '../plugins/storage.ts';

/** What a file answer says of its bytes. */
export interface Download {
  /** The name the browser saves it under or shows; any characters (sent in UTF-8). */
  name: string;
  /** Its Content-Type. */
  type: string;
  /** Shown in the browser (a PDF preview, an <img>) rather than saved. */
  inline?: boolean;
  /** Content-Length, when known before the bytes are (a stored file). */
  size?: number;
  /** Cache-Control; none unless given. */
  cache?: string;
}

export type DownloadBody = Buffer | Uint8Array | Readable | string;

/**
 * A body made for this answer (an export, a zip): the signal aborts when the client goes away before the answer is
 * sent, so a long production stops instead of running for no one.
 */
export type MadeBody = (signal: AbortSignal) => Promise<DownloadBody>;

/** Content-Disposition with the name in UTF-8 (RFC 6266 `filename*`), which every browser decodes. */
export const contentDisposition = (inline: boolean, name: string): string =>
  `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`;

function whenGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * Answers with a file: its bytes, a stream, or a body made now (`MadeBody`), under its type and name. Headers are set
 * once the body exists, so a refusal while making it answers as any error does.
 */
export async function sendFile(
  reply: FastifyReply,
  download: Download,
  body: DownloadBody | MadeBody,
): Promise<FastifyReply> {
  const made = typeof body === 'function' ? await body(whenGone(reply)) : body;
  reply
    .header('content-type', download.type)
    .header('content-disposition', contentDisposition(download.inline ?? false, download.name));
  if (download.size !== undefined) reply.header('content-length', String(download.size));
  if (download.cache) reply.header('cache-control', download.cache);
  // Fastify sends a Buffer as bytes; another Uint8Array is wrapped without a copy.
  return reply.send(
    made instanceof Uint8Array && !Buffer.isBuffer(made)
      ? Buffer.from(made.buffer, made.byteOffset, made.byteLength)
      : made,
  );
}

/** A zip made for this answer (a batch's or an archive's files), saved under `name` and never cached. */
export const sendZip = (reply: FastifyReply, name: string, zip: MadeBody): Promise<FastifyReply> =>
  sendFile(reply, { name, type: 'application/zip', cache: 'no-store' }, zip);

/**
 * Answers with a stored content: a redirect to the store's short-lived link where it gives one (object storage set to
 * do so), else its bytes streamed through the server.
 */
export async function sendStored(
  reply: FastifyReply,
  storage: Storage,
  download: Download,
  sha256: string,
): Promise<FastifyReply> {
  const link = await storage.downloadLink?.(sha256, download);
  if (link) return reply.header('cache-control', 'no-store').redirect(link, 302);
  return sendFile(reply, download, storage.open(sha256));
}
