import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, test as base, expect, type Page, type Request } from '@playwright/test';
// @ts-expect-error s3rver ships no types; only run() and close() are used.
import S3rver from 's3rver';
import { type S3Settings, S3Storage } from '../apps/server/src/plugins/s3-storage.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process.ts';
import { loginWithPassword } from './fixtures.ts';
import { dialogTitled } from './ui.ts';

/** A 1×1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The bucket's CORS as a deployment sets it (docs/deployment.md): browsers of the site may POST. The app's port is
 * known only once it runs, so the rule names the host with any port (S3 takes one wildcard in an origin).
 */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>http://127.0.0.1:*</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

// Its own server on object storage (s3rver), apart from the suite's server on local disk.
const test = base.extend<object, { bucket: S3Settings; app: ServerProcess }>({
  bucket: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const folder = mkdtempSync(path.join(tmpdir(), 'sc-e2e-s3rver-'));
      const settings: S3Settings = {
        endpoint: null,
        region: 'us-east-1',
        bucket: 'sc-e2e-files',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'files/',
        downloadLinkSeconds: 0,
      };
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: folder,
        configureBuckets: [{ name: settings.bucket, configs: [CORS] }],
      });
      const { port } = (await server.run()) as { port: number };
      settings.endpoint = `http://127.0.0.1:${port}`;
      await use(settings);
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ bucket }, use) => {
      const server = await startServerProcess({
        STORAGE: 's3',
        S3_ENDPOINT: bucket.endpoint!,
        S3_REGION: bucket.region,
        S3_BUCKET: bucket.bucket,
        S3_ACCESS_KEY_ID: bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: bucket.prefix,
        VALIDATE_RESPONSES: '1',
      });
      await use(server);
      await server.stop();
    },
    // A fresh embedded database on a loaded machine takes minutes to start.
    { scope: 'worker', timeout: 300_000 },
  ],
});

async function enterprisePage(browser: Browser, app: ServerProcess): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: app.url })).newPage();
  await loginWithPassword(page, 'qiye');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** The keys in the bucket under a prefix. */
async function keysUnder(bucket: S3Settings, prefix: string): Promise<string[]> {
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: bucket.endpoint!,
    region: bucket.region,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key!);
  } finally {
    client.destroy();
  }
}

test('on object storage the enterprise logo goes from the browser straight to the bucket, is registered, and shows', async ({
  browser,
  app,
  bucket,
}) => {
  const page = await enterprisePage(browser, app);
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r);
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: '更换企业标志' }).click();
  const dialog = dialogTitled(page, '更换企业标志');

  // Text named .png reaches the bucket, but its registration is refused by content: said once, nothing kept.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: '假图片.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(page.getByText('请上传 JPG/PNG/JPEG 格式图片!')).toBeVisible();
  await expect(dialog.getByAltText('假图片.png')).toHaveCount(0);

  const registered = page.waitForResponse((r) => r.url().includes('/api/files/upload/direct/'));
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: '企业标志.png', mimeType: 'image/png', buffer: PNG });
  const answer = (await (await registered).json()) as { code: number; data: { webPath: string } };
  expect(answer.code).toBe(200);
  await expect(dialog.getByAltText('企业标志.png')).toHaveCount(1);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // Each file went to the bucket and was registered; nothing was sent through the server's upload.
  const paths = posts.map((r) => new URL(r.url()));
  expect(paths.filter((u) => u.origin === bucket.endpoint).map((u) => u.pathname)).toEqual([
    `/${bucket.bucket}`,
    `/${bucket.bucket}`,
  ]);
  expect(paths.filter((u) => u.pathname.startsWith('/api/files/upload/direct/'))).toHaveLength(2);
  expect(paths.filter((u) => u.pathname === '/api/files/upload')).toHaveLength(0);

  // The logo shows from the stored file, and downloads with the same bytes.
  const logo = page.getByRole('img', { name: '企业标志' }).first();
  await expect(logo).toHaveAttribute('src', answer.data.webPath);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const download = await page.request.get(answer.data.webPath);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);

  // Stored in the bucket under its hash; nothing left waiting under uploads/.
  const sha256 = createHash('sha256').update(PNG).digest('hex');
  const storage = new S3Storage(bucket);
  try {
    expect(await storage.exists(sha256)).toBe(true);
  } finally {
    await storage.close();
  }
  expect(await keysUnder(bucket, `${bucket.prefix}uploads/`)).toEqual([]);
});
