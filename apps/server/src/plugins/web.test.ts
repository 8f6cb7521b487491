import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../test/harness.ts';

// A built web app of two files: the page and one hashed asset.
const webDist = mkdtempSync(path.join(tmpdir(), 'sc-web-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>职业技能等级认定与证书服务</title>');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
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
