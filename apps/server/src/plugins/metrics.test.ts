import { describe, expect, it } from 'vitest';
import { openTestDatabase, useTestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { EXAMINEE_IMPORT_QUEUE } from '../modules/level-evaluations/examinee-import.ts';

const TOKEN = 'metrics-token-0123456789';
const ctx = useTestApp({ metricsToken: TOKEN });

const scrape = (authorization?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('/metrics (Prometheus text, on with METRICS_TOKEN)', () => {
  it('answers 401 without the token and with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.replace('0', '1')}`)).statusCode).toBe(401);
  });

  it('counts requests and their latency by route pattern and status, not by URL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/certificates/0190a000-0000-7000-8000-000000000000/public',
    });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz"/,
    );
    expect(res.body).not.toContain('0190a000-0000-7000-8000-000000000000');
  });

  it('gives each job queue its depth and oldest job age, the sockets held, renders, event-loop delay and memory', async () => {
    // Due in an hour: it waits in its queue (made again: each test starts from emptied tables).
    await ctx.app.jobs.boss.createQueue(EXAMINEE_IMPORT_QUEUE);
    await ctx.app.jobs.send(
      EXAMINEE_IMPORT_QUEUE,
      { importId: '0190a000-0000-7000-8000-000000000001' },
      { startAfter: 3600 },
    );
    const { body } = await scrape(`Bearer ${TOKEN}`);
    expect(body).toContain(`job_queue_depth{queue="${EXAMINEE_IMPORT_QUEUE}"} 1`);
    expect(body).toMatch(
      new RegExp(`job_queue_oldest_seconds\\{queue="${EXAMINEE_IMPORT_QUEUE}"\\} [\\d.e-]+`),
    );
    expect(body).toMatch(/^realtime_sockets 0$/m);
    expect(body).toMatch(/^certificate_renders_total \d+$/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});

describe('request ids', () => {
  it('every answer carries X-Request-Id, a new one each request', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("a proxy's X-Request-Id is not taken from an untrusted caller", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'chosen-by-the-caller' },
    });
    expect(res.headers['x-request-id']).not.toBe('chosen-by-the-caller');
  });
});

describe('/readyz and /metrics without METRICS_TOKEN', () => {
  it('/metrics is 404 when metrics are off; /readyz is 200 once the job workers run, files can be stored and the start-up work has ended', async () => {
    const { database, dispose } = await openTestDatabase();
    const app = await buildApp(testConfig({ trustProxy: true }), { database });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([
        200,
        { status: 'ready', checks: { jobs: true, storage: true, startup: true } },
      ]);
      // Work started with the port (the demo's content) holds readiness until it ends; liveness does not wait.
      app.startupWork.add('demo');
      const starting = await app.inject({ method: 'GET', url: '/readyz' });
      expect([starting.statusCode, starting.json().checks.startup]).toEqual([503, false]);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      app.startupWork.delete('demo');
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // Behind a trusted proxy its request id is kept.
      const given = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': '3f9a1c0e5b7d4a2f8e6c0b1d2a3f4e5c' },
      });
      expect(given.headers['x-request-id']).toBe('3f9a1c0e5b7d4a2f8e6c0b1d2a3f4e5c');
      await app.close();
    } finally {
      await dispose();
    }
  });
});
