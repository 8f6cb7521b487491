import type { FastifyInstance } from 'fastify';
import { endDuePublicity } from './plans.ts';

/** The recurring job that ends publicity periods (every plan; reads also end a due plan's at once). */
export const PUBLICITY_QUEUE = 'level-evaluation-publicity';
/** How often it runs: a plan waits at most this long past its period before the job moves it. */
export const PUBLICITY_EVERY_SECONDS = 600;

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    [PUBLICITY_QUEUE]: Record<string, never>;
  }
}

/**
 * Plans in 公示中 whose period has ended become 已通过 (step `publicityOver`, by 系统): a recurring pg-boss job on
 * one instance at a time, so nobody has to open a plan for it to pass; `findPlan` and the lists do the same for
 * what they read, so a stopped server leaves nothing stuck meanwhile.
 */
export async function schedulePublicityJob(app: FastifyInstance): Promise<void> {
  await app.jobs.every(
    PUBLICITY_QUEUE,
    PUBLICITY_EVERY_SECONDS,
    async () => {
      const moved = await endDuePublicity(app.db);
      if (moved.length) app.log.info({ plans: moved.length }, '公示期满的评价计划已通过');
    },
    { pollingIntervalSeconds: 60, retryLimit: 1, expireInSeconds: 300 },
  );
}
