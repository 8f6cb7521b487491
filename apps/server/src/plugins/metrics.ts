import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileAnswer } from '@skill-cert/shared/envelope';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../lib/errors.ts';

/** An id a proxy in front may hand over (nginx's `$request_id` is 32 hex digits); anything else is replaced. */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Each request's id (Fastify's `genReqId`): the one the proxy gave in `X-Request-Id` when the proxy is trusted,
 * else 16 random hex digits. The logs carry it and the answer sends it back, so the id a user reads in an error
 * message finds the request in the logs of whichever node served it.
 */
export function requestIdOf(trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const given = req.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && GIVEN_REQUEST_ID.test(given)) return given;
    return randomBytes(8).toString('hex');
  };
}

/** The path of the Prometheus text. */
export const METRICS_PATH = '/metrics';

/** Request latency buckets in seconds: from a cached read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface QueueRow {
  name: string;
  depth: number;
  oldest: number | null;
}

/**
 * Sends every answer's request id back (`X-Request-Id`) and, when `METRICS_TOKEN` is set, serves `/metrics` in
 * Prometheus text to `Authorization: Bearer <token>`: requests and their latency per route, each job queue's depth
 * and oldest waiting job's age, sockets held, certificates rendered, the event loop's delay and memory (prom-client's
 * process metrics). Without the token nothing is measured and `/metrics` answers 404 like any unknown path.
 */
export const metricsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('X-Request-Id', request.id);
    });

    const token = app.config.metricsToken;
    const expected = token ? Buffer.from(`Bearer ${token}`) : null;
    const registry = new Registry();
    if (token) {
      collectDefaultMetrics({ register: registry });
      const labelNames = ['method', 'route', 'status'] as const;
      const requests = new Counter({
        name: 'http_requests_total',
        help: 'Requests answered, by route pattern and status',
        labelNames,
        registers: [registry],
      });
      const latency = new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to answer a request, by route pattern and status',
        labelNames,
        buckets: LATENCY_BUCKETS,
        registers: [registry],
      });
      app.addHook('onResponse', async (request, reply) => {
        // The route's pattern, not the URL: ids would make a series per row.
        const route = request.routeOptions.url ?? 'unmatched';
        if (route === METRICS_PATH) return;
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      });

      const readQueues = async () => {
        const res = await app.db.execute(
          sql`select name, count(*)::int as depth,
            extract(epoch from now() - min(created_on))::float8 as oldest
            from pgboss.job where state in ('created', 'retry') group by name`,
        );
        return (res as unknown as { rows: QueueRow[] }).rows;
      };
      new Gauge({
        name: 'job_queue_depth',
        help: 'Jobs waiting to run, by queue',
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const q of await readQueues()) this.set({ queue: q.name }, q.depth);
        },
      });
      new Gauge({
        name: 'job_queue_oldest_seconds',
        help: 'Age of the oldest job waiting to run, by queue',
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const q of await readQueues()) this.set({ queue: q.name }, q.oldest ?? 0);
        },
      });
      new Gauge({
        name: 'realtime_sockets',
        help: 'WebSocket connections this node holds',
        registers: [registry],
        collect() {
          this.set(app.realtime.stats().sockets);
        },
      });
      let counted = 0;
      new Counter({
        name: 'certificate_renders_total',
        help: 'Certificates, tickets and pages rendered by this node (rate() gives renders per second)',
        registers: [registry],
        collect() {
          const now = app.renderPool.rendered;
          if (now > counted) this.inc(now - counted);
          counted = now;
        },
      });
    }

    app.get(
      METRICS_PATH,
      {
        // Public to the session guard: the metrics token, not a user's session, is checked here.
        config: { public: true },
        logLevel: 'warn',
        schema: { response: { 200: fileAnswer('Prometheus 文本格式的指标', registry.contentType) } },
      },
      async (request, reply) => {
        if (!expected) return reply.callNotFound();
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          reply.header('WWW-Authenticate', 'Bearer');
          throw unauthorized('需要指标令牌');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
