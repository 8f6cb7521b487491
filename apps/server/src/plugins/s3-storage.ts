import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentDisposition, type Download } from '../lib/send-file.ts';
import type { Storage } from './storage.ts';

// The SDK is pinned to a release that runs on Node 20 (docs/decisions.md); its notice about later releases is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const sdk = () => import('@aws-sdk/client-s3');

/** Where and how to reach an S3-compatible bucket (AWS, Aliyun OSS, Tencent COS, MinIO). */
export interface S3Settings {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Prefix of every key, e.g. `skill-cert/` when the bucket is shared. */
  prefix: string;
  /** Seconds a presigned download link lives; 0: downloads stream through the server. */
  downloadLinkSeconds: number;
}

type Client = import('@aws-sdk/client-s3').S3Client;

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NotFound' || err?.name === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
};

/**
 * File contents in an S3-compatible bucket, addressed by SHA-256 as on local disk (`<prefix><2 hex>/<sha256>`). A
 * content is hashed into a temporary local file first (the key is its hash, known only at the end), then sent with
 * its length, unless the bucket already holds it. Reads stream; nothing is held whole in memory.
 */
export class S3Storage implements Storage {
  private client: Promise<Client> | null = null;
  private readonly temp = path.join(tmpdir(), 'sc-s3-put');

  constructor(readonly settings: S3Settings) {}

  private connect(): Promise<Client> {
    this.client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: this.settings.endpoint ?? undefined,
          region: this.settings.region,
          forcePathStyle: this.settings.forcePathStyle,
          credentials: {
            accessKeyId: this.settings.accessKeyId,
            secretAccessKey: this.settings.secretAccessKey,
          },
          // Checksums only where the protocol needs them: OSS, COS and older MinIO refuse the newer trailers.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return this.client;
  }

  /** The object key of a content. */
  keyOf(sha256: string): string {
    return `${this.settings.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  async put(source: Readable) {
    await mkdir(this.temp, { recursive: true });
    const file = path.join(this.temp, `${process.pid}-${randomBytes(8).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(file));
      const sha256 = hash.digest('hex');
      if (!(await this.exists(sha256))) {
        const { PutObjectCommand } = await sdk();
        const length = (await stat(file)).size;
        await (await this.connect()).send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.keyOf(sha256),
            Body: createReadStream(file),
            ContentLength: length,
          }),
        );
      }
      return { sha256, size };
    } finally {
      await rm(file, { force: true });
    }
  }

  /** The content as a stream at once; it fails with ENOENT, as a missing local file does, when the bucket lacks it. */
  open(sha256: string): Readable {
    return this.openKey(this.keyOf(sha256));
  }

  private openKey(key: string): Readable {
    const out = new PassThrough();
    (async () => {
      const { GetObjectCommand } = await sdk();
      const res = await (await this.connect()).send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      await pipeline(res.Body as Readable, out);
    })().catch((e: unknown) => {
      if (missing(e)) out.destroy(Object.assign(new Error(`ENOENT: no object ${key}`), { code: 'ENOENT' }));
      else out.destroy(e as Error);
    });
    return out;
  }

  async exists(sha256: string) {
    const { HeadObjectCommand } = await sdk();
    try {
      await (await this.connect()).send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(sha256) }),
      );
      return true;
    } catch (e) {
      if (missing(e)) return false;
      throw e;
    }
  }

  /** A short-lived link that downloads the content under the answer's name and type, or null to stream it. */
  async downloadLink(sha256: string, download: Download): Promise<string | null> {
    if (this.settings.downloadLinkSeconds <= 0) return null;
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
      sdk(),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    return getSignedUrl(
      await this.connect(),
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(sha256),
        ResponseContentType: download.type,
        ResponseContentDisposition: contentDisposition(download.inline ?? false, download.name),
        ResponseCacheControl: download.cache,
      }),
      { expiresIn: this.settings.downloadLinkSeconds },
    );
  }

  /** Direct uploads from browsers: a presigned POST form per upload, its object read once and removed. */
  readonly directUpload = {
    /** The form that lets a browser POST one file of at most `maxBytes` to `uploads/<name>` within `seconds`. */
    form: async (name: string, maxBytes: number, seconds: number) => {
      const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
      const key = this.uploadKey(name);
      const { url, fields } = await createPresignedPost(await this.connect(), {
        Bucket: this.settings.bucket,
        Key: key,
        Conditions: [
          ['eq', '$key', key],
          ['content-length-range', 1, maxBytes],
        ],
        Expires: seconds,
      });
      return { url, fields };
    },
    /** The uploaded object as a stream (ENOENT when nothing was uploaded under that name). */
    open: (name: string): Readable => this.openKey(this.uploadKey(name)),
    remove: async (name: string) => {
      const { DeleteObjectCommand } = await sdk();
      await (await this.connect()).send(
        new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.uploadKey(name) }),
      );
    },
    origins: (): string[] => {
      const { endpoint, bucket, region, forcePathStyle } = this.settings;
      // AWS answers either address of a bucket, depending on the region.
      if (!endpoint)
        return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://${bucket}.s3.amazonaws.com`];
      const url = new URL(endpoint);
      return [forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`];
    },
  };

  /** Browsers' uploads wait under `uploads/`, apart from the contents (`<2 hex>/…`), until they are registered. */
  private uploadKey(name: string): string {
    return `${this.settings.prefix}uploads/${name}`;
  }

  /** Whether the bucket answers with these keys (readiness). */
  async reachable(): Promise<boolean> {
    const { HeadBucketCommand } = await sdk();
    try {
      await (await this.connect()).send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.client) (await this.client).destroy();
  }
}
