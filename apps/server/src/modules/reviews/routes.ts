import { envelope } from '@skill-cert/shared/envelope';
import {
  reviewCounts as countsSchema,
  reviewDetail as detailSchema,
  reviewDecisionBody,
  reviewDecisionResult,
  reviewListQuery,
  reviewOutcomeMessages,
  reviewPage,
  reviewParams,
  reviewSettingsBody,
  reviewSettings as settingsSchema,
} from '@skill-cert/shared/reviews';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import {
  decideReview,
  listReviews,
  readReviewSettings,
  reviewCounts,
  reviewDetail,
  saveReviewSettings,
} from './service.ts';

type Params = z.infer<typeof reviewParams>;

/**
 * 审核中心: every request that waits for the platform, by permission key: the list and counts (`platform:review:list`),
 * the decision (`platform:review:decide`), the two-step settings (`platform:review:settings`).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);
  const list = platform('platform:review:list');

  app.get(
    '/api/reviews',
    { preHandler: list, schema: { querystring: reviewListQuery, response: { 200: envelope(reviewPage) } } },
    async (req) => ok(await listReviews(db, req.query)),
  );

  app.get(
    '/api/reviews/counts',
    { preHandler: list, schema: { response: { 200: envelope(countsSchema) } } },
    async () => ok(await reviewCounts(db)),
  );

  app.get(
    '/api/reviews/settings',
    {
      preHandler: platform('platform:review:settings'),
      schema: { response: { 200: envelope(settingsSchema) } },
    },
    async () => ok(await readReviewSettings(db)),
  );

  app.put(
    '/api/reviews/settings',
    {
      preHandler: platform('platform:review:settings'),
      schema: { body: reviewSettingsBody, response: { 200: envelope(settingsSchema) } },
      config: { audit: { before: () => readReviewSettings(db) } },
    },
    async (req) => ok(await saveReviewSettings(db, req.auth.userId, req.body), '保存成功'),
  );

  app.get(
    '/api/reviews/:kind/:id',
    { preHandler: list, schema: { params: reviewParams, response: { 200: envelope(detailSchema) } } },
    async (req) => ok(await reviewDetail(db, req.params.kind, req.params.id, req.auth.user)),
  );

  app.post(
    '/api/reviews/:kind/:id/decision',
    {
      preHandler: platform('platform:review:decide'),
      schema: {
        params: reviewParams,
        body: reviewDecisionBody,
        response: { 200: envelope(reviewDecisionResult) },
      },
      config: {
        audit: {
          before: (req: FastifyRequest) => {
            const { kind, id } = req.params as Params;
            return reviewDetail(db, kind, id, req.auth.user);
          },
        },
      },
    },
    async (req) => {
      const { kind, id } = req.params;
      const outcome = await decideReview(app, kind, id, req.auth.user, req.body);
      return ok({ kind, _id: id, outcome }, reviewOutcomeMessages[outcome]);
    },
  );
};
