import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

/**
 * The guard decides by the matched route, not the raw request target. A request line in
 * absolute form (`GET http://host:port/api/x HTTP/1.1`, RFC 9112 §3.2.2) reaches the same route as `/api/x`.
 */
describe('the session guard on absolute-form request targets (real socket)', () => {
  const ctx = useTestApp();
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /** Sends one raw request on a fresh socket; answers the status code and the parsed envelope. */
  function raw(requestLine: string): Promise<{ status: number; body: { code: number; message: string } }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = Number(text.slice(9, 12));
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        resolve({ status, body: JSON.parse(body) });
      });
      socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
  }

  const protectedRoutes = [
    '/api/occupations',
    '/api/user',
    '/api/message',
    '/api/companies/members',
    '/api/recordApplications',
    '/api/platform/companies',
    '/api/customCertificateTemplates',
  ];

  it.each(protectedRoutes)('GET http://127.0.0.1:PORT%s without a token answers 401', async (path) => {
    const res = await raw(`GET http://127.0.0.1:${port}${path} HTTP/1.1`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: '您已退出，请重新登录!' });
  });

  it('answers the origin form the same way', async () => {
    const res = await raw('GET /api/occupations HTTP/1.1');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('keeps public routes public in absolute form', async () => {
    const res = await raw(`GET http://127.0.0.1:${port}/api/app/privacyAgreement HTTP/1.1`);
    expect(res.status).toBe(200);
  });
});
