import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { useS3Server } from '../../test/s3-server.ts';
import { readContent } from '../modules/files/service.ts';
import { S3Storage } from './s3-storage.ts';
import { LocalStorage, type Storage } from './storage.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A stream of `mb` megabytes made a piece at a time: never one buffer of the whole content. */
function generated(mb: number, seed: number): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  for (let i = 0; i < mb; i++) hash.update(Buffer.alloc(1024 * 1024, (seed + i) % 251));
  return {
    sha256: hash.digest('hex'),
    stream: Readable.from(
      (function* () {
        for (let i = 0; i < mb; i++) yield Buffer.alloc(1024 * 1024, (seed + i) % 251);
      })(),
    ),
  };
}

const failing = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024, 1));
      this.destroy(new Error('client went away'));
    },
  });

/** What every storage driver answers the same way; run against local disk and an S3-protocol server. */
function contract(name: string, make: () => Storage, leftovers: () => string[]) {
  describe(`storage contract: ${name}`, () => {
    it('put answers the SHA-256 and size; open streams the same bytes back; exists says so', async () => {
      const storage = make();
      const bytes = Buffer.from(`证书内容 ${randomBytes(8).toString('hex')}`);
      expect(await storage.exists(sha(bytes))).toBe(false);
      const put = await storage.put(Readable.from([bytes]));
      expect(put).toEqual({ sha256: sha(bytes), size: bytes.length });
      expect(await storage.exists(put.sha256)).toBe(true);
      expect((await readContent(storage, put.sha256)).equals(bytes)).toBe(true);
    });

    it('identical content is stored once, also when two puts of it run at once', async () => {
      const storage = make();
      const bytes = randomBytes(200_000);
      const [a, b] = await Promise.all([
        storage.put(Readable.from([bytes])),
        storage.put(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)])),
      ]);
      expect(a).toEqual(b);
      expect((await readContent(storage, a.sha256)).equals(bytes)).toBe(true);
    });

    it('a large content streams in and out piece by piece and arrives whole', async () => {
      const storage = make();
      const { stream, sha256 } = generated(24, 7);
      const put = await storage.put(stream);
      expect(put).toEqual({ sha256, size: 24 * 1024 * 1024 });
      const back = createHash('sha256');
      let pieces = 0;
      for await (const chunk of storage.open(sha256)) {
        back.update(chunk as Buffer);
        pieces++;
      }
      expect(back.digest('hex')).toBe(sha256);
      expect(pieces).toBeGreaterThan(1);
    });

    it('opening a content that is not there fails the stream with ENOENT', async () => {
      const storage = make();
      await expect(readContent(storage, 'ab'.repeat(32))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('a source that fails half way rejects the put and leaves nothing behind', async () => {
      const storage = make();
      await expect(storage.put(failing())).rejects.toThrow('client went away');
      expect(leftovers()).toEqual([]);
    });
  });
}

const localRoot = mkdtempSync(path.join(tmpdir(), 'sc-contract-local-'));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));
contract(
  'local folder',
  () => new LocalStorage(localRoot),
  () => readdirSync(localRoot).filter((n) => n.startsWith('.upload-')),
);

const bucket = useS3Server();
const s3Temp = path.join(tmpdir(), 'sc-s3-put');
const ownTemp = () =>
  (existsSync(s3Temp) ? readdirSync(s3Temp, { withFileTypes: true }) : [])
    .filter((d) => d.name.startsWith(`${process.pid}-`))
    .map((d) => d.name);
contract('S3-compatible bucket (s3rver)', () => new S3Storage(bucket.settings), ownTemp);

describe('S3 storage beyond the contract', () => {
  it('keeps contents under the prefix in the local layout: <prefix><2 hex>/<sha256>', () => {
    const storage = new S3Storage({ ...bucket.settings, prefix: 'skill-cert/' });
    expect(storage.keyOf('ab12'.repeat(16))).toBe(`skill-cert/ab/${'ab12'.repeat(16)}`);
  });

  it('a presigned download link serves the content under the answer’s name and type; none when links are off', async () => {
    const storage = new S3Storage({ ...bucket.settings, downloadLinkSeconds: 60 });
    const bytes = Buffer.from('%PDF-1.7 准考证');
    const { sha256 } = await storage.put(Readable.from([bytes]));
    const link = await storage.downloadLink(sha256, { name: '准考证.pdf', type: 'application/pdf' });
    const res = await fetch(link!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('准考证.pdf')}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      await new S3Storage(bucket.settings).downloadLink(sha256, { name: 'a.pdf', type: 'application/pdf' }),
    ).toBeNull();
  });

  it('names the origin browsers post direct uploads to: the bucket’s own host unless path-style, AWS’s bucket hosts', async () => {
    const base = { ...bucket.settings, bucket: 'certs' };
    const origins = (s: Partial<typeof base>) => new S3Storage({ ...base, ...s }).directUpload.origins();
    expect(origins({ endpoint: 'http://minio:9000/', forcePathStyle: true })).toEqual(['http://minio:9000']);
    expect(origins({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', forcePathStyle: false })).toEqual([
      'https://certs.oss-cn-hangzhou.aliyuncs.com',
    ]);
    expect(origins({ endpoint: null, region: 'ap-east-1', forcePathStyle: false })).toEqual([
      'https://certs.s3.ap-east-1.amazonaws.com',
      'https://certs.s3.amazonaws.com',
    ]);
  });

  it('answers whether the bucket is reachable with these keys', async () => {
    expect(await new S3Storage(bucket.settings).reachable()).toBe(true);
    expect(await new S3Storage({ ...bucket.settings, bucket: 'no-such-bucket' }).reachable()).toBe(false);
  });
});
