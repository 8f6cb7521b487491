import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { login, multipartFile, samples, useTestApp } from '../../test/harness.ts';
import { CONTENT_SECURITY_POLICY, securityHeadersPlugin } from './security-headers.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'sc-web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>页面</title>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.css'), 'body{margin:0}');
writeFileSync(path.join(webDist, 'assets', 'logo-4d5e6f.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('same-origin');
}

describe('security headers on every answer', () => {
  it('pages and the public certificate page carry the CSP, nosniff, frame and referrer rules', async () => {
    for (const url of ['/login', '/information-link/0190a000-0000-7000-8000-000000000000']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it("the app's scripts and stylesheets carry nosniff and the referrer rule, not the CSP and frame rules of documents", async () => {
    for (const url of ['/assets/app-1a2b3c.js', '/assets/app-1a2b3c.css']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // An SVG can be opened as a document: it keeps them all, as does a path that only looks like a script.
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/assets/logo-4d5e6f.svg' })).headers);
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/assets/x.js/more' })).headers);
    // A missing script's path is answered with the page (a client route): a document, with every rule.
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/missing-0a1b2c.js' });
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(missing.headers);
  });

  it('API answers carry them too, errors and unknown paths included', async () => {
    for (const url of ['/healthz', '/api/user', '/api/nothing-here']) {
      expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url })).headers);
    }
  });

  it('downloads carry them too', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { payload, headers } = multipartFile('a.png', samples.png);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: up.json().data.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('a route may set its own CSP (an API docs page)', async () => {
    const small = Fastify();
    await small.register(securityHeadersPlugin);
    small.get(
      '/docs',
      { config: { contentSecurityPolicy: "default-src 'self'; script-src 'self' 'unsafe-inline'" } },
      () => 'docs',
    );
    small.get('/other', () => 'other');
    expect((await small.inject('/docs')).headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-inline'",
    );
    expect((await small.inject('/other')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await small.close();
  });
});
