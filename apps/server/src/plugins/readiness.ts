import { access, constants } from 'node:fs/promises';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ jobs: z.boolean(), storage: z.boolean(), startup: z.boolean() }),
});

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work that runs once the port is open and before the node counts as ready (the demo's content): a name is added
     * when it starts and deleted when it ends, however it ends.
     */
    startupWork: Set<string>;
  }
}

/** Local storage: its folder can be written; a store elsewhere answers for itself. */
async function storageWritable(root: string | undefined): Promise<boolean> {
  if (!root) return true;
  try {
    await access(root, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `/readyz` for a load balancer (`/healthz` stays liveness): 503 until the job workers run, stored files can be
 * written and the work started with the port (`startupWork`) has ended. The database answered its migrations before the app was built (the port opens after that), and from the
 * moment the node starts closing Fastify answers 503 to every request (`return503OnClosing`) while it finishes its
 * work.
 */
const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('startupWork', new Set<string>());
  app.get(
    '/readyz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { response: { 200: readiness, 503: readiness } },
    },
    async (_request, reply) => {
      const checks = {
        jobs: app.jobs.ready,
        storage: app.storage.localRoot
          ? await storageWritable(app.storage.localRoot)
          : ((await app.storage.reachable?.()) ?? true),
        startup: app.startupWork.size === 0,
      };
      const ready = checks.jobs && checks.storage && checks.startup;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  );
};

export const readinessPlugin = fp(readinessRoutes, { name: 'readiness', dependencies: ['storage'] });
