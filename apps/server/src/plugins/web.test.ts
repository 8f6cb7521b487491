import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login, multipartFile, useTestApp } from '../../test/harness.ts';

// A built web app of two files: the page and one hashed asset.
const webDist = mkdtempSync(path.join(tmpdir(), 'sc-web-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>职业技能等级认定与证书服务</title>');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
// What the build writes beside an asset (vite.config.ts): its brotli and gzip forms.
const bigAsset = `export const text = ${JSON.stringify('证书'.repeat(4000))};`;
writeFileSync(path.join(webDist, 'assets', 'big-4d5e6f.js'), bigAsset);
writeFileSync(path.join(webDist, 'assets', 'big-4d5e6f.js.br'), brotliCompressSync(bigAsset));
writeFileSync(path.join(webDist, 'assets', 'big-4d5e6f.js.gz'), gzipSync(bigAsset));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

describe('the web app served by the API server', () => {
  it("answers the app's page for its routes, without caching it", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/custom-certificate/list' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>职业技能等级认定与证书服务</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets cached for good', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('an unknown API path is echoed as a short excerpt, never whole', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message.length).toBeLessThan(120);
  });

  it('an unknown API path answers 404 接口不存在, not the page', async () => {
    const res = await api(ctx.app, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('接口不存在：GET /api/nothing-here');
  });

  it('a plain GET of the real-time path /ws (no upgrade) answers 404 like an unknown API path, not the page', async () => {
    const res = await api(ctx.app, 'GET', '/ws');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('接口不存在：GET /ws');
  });
});

describe('compression', () => {
  it('a built asset goes out pre-compressed as the browser accepts, brotli first, with Vary and still immutable', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-4d5e6f.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);

    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-4d5e6f.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-4d5e6f.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigAsset);
  });

  it('an asset without a pre-compressed form (under 1 KB, the build leaves it) names accept-encoding once in Vary', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    const vary = String(res.headers.vary)
      .split(',')
      .map((v) => v.trim().toLowerCase());
    expect(vary.filter((v) => v === 'accept-encoding')).toHaveLength(1);
  });

  it('an API answer above 1 KB is compressed on the fly; a small one is not', async () => {
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/area/info',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(json.code).toBe(200);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(json).length / 3);

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a request body sent compressed is not inflated', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'qiye', password: 'Demo@2026' })),
    });
    expect(res.json().code).not.toBe(200);
  });

  it('a stored PDF above 1 KB goes out as it is: an already-compressed type is never compressed again', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 'x'), Buffer.from('\n%%EOF\n')]);
    const { payload, headers } = multipartFile('证书.pdf', pdf);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(up.json().code).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: up.json().data.webPath,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/pdf/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });
});
