import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Envelope } from '@skill-cert/shared/envelope';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const counting = new AsyncLocalStorage<string[] | undefined>();
const probes = new Map<string, string[]>();
const PROBE_HEADER = 'x-test-statements';

/** Told every statement of a test database (`openTestDatabase`); keeps those of a probed request. */
export const statementLogger: Logger = {
  logQuery(query) {
    counting.getStore()?.push(query);
  },
};

/**
 * Installed on every test app (`useTestApp`): a request carrying the probe header keeps the statements it sends
 * from here on, i.e. after the session guard (whose lookup the embedded database's session cache answers), through
 * the enterprise door, the gates and the route. `app.inject` does not run a request in its caller's async context,
 * so the request itself enters the probe's.
 */
export function probeStatements(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const probe = req.headers[PROBE_HEADER];
    counting.enterWith(typeof probe === 'string' ? probes.get(probe) : undefined);
  });
}

/** A GET as `token`, with the statements it sent to the database, in order. */
export async function statementsOf<T>(
  app: FastifyInstance,
  url: string,
  token: string,
): Promise<{ status: number; body: Envelope<T>; statements: string[] }> {
  const probe = randomUUID();
  const statements: string[] = [];
  probes.set(probe, statements);
  try {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, [PROBE_HEADER]: probe },
    });
    return { status: res.statusCode, body: res.json() as Envelope<T>, statements };
  } finally {
    probes.delete(probe);
  }
}

/**
 * How many statements a list sends for a page of each size in `perPages` (each a page read for the first time),
 * and for the last one read again (none while its cached page holds, on the embedded database). A first read of
 * another page goes before, so what runs once per company and process (the filing gate) is not counted.
 */
export async function listStatements(
  app: FastifyInstance,
  token: string,
  path: string,
  perPages: readonly number[] = [10, 20, 50],
): Promise<{ bySize: number[]; repeated: number }> {
  const at = (perPage: number, page = 1) =>
    `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=${perPage}`;
  const warm = await statementsOf(app, at(30, 2), token);
  if (warm.status !== 200 || warm.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(warm.body)}`);
  const bySize: number[] = [];
  for (const perPage of perPages) {
    const read = await statementsOf(app, at(perPage), token);
    if (read.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(read.body)}`);
    bySize.push(read.statements.length);
  }
  const again = await statementsOf(app, at(perPages.at(-1) ?? 10), token);
  return { bySize, repeated: again.statements.length };
}
