import { envelope, noData } from '@skill-cert/shared/envelope';
import {
  evaluationApprovalPage,
  evaluationApprovalQuery,
  evaluationExaminer,
  evaluationOptions,
  evaluationReviewBody,
  levelEvaluationBody,
  levelEvaluationDetail,
  levelEvaluationListQuery,
  levelEvaluationRow,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { companyAdminIds } from '../companies/service.ts';
import { APPROVAL_TABLES, listApprovals } from './approvals.ts';
import { planExaminers } from './examiners.ts';
import { createPlan, deletePlan, type Submitted, submitPlan, updatePlan } from './plan-content.ts';
import { type Decided, reviewPlan, submitResults } from './plan-flow.ts';
import { evaluationOptionsOf, listPlans, PLAN_LIST_TABLES, planDetail } from './plan-views.ts';
import { findPlan, planParams } from './plans.ts';

const EVALUATION_CATEGORY = '评价通知';
const detail = { 200: envelope(levelEvaluationDetail) };
const title = (p: { planNo: string | null; name: string }) =>
  `评价计划「${p.name}」${p.planNo ? `（${p.planNo}）` : ''}`;

/** The company's administrators (but the one who sent it) are told that something waits for their approval. */
async function tellApprovers(app: FastifyInstance, s: Submitted, what: '评价计划' | '评价成绩') {
  const admins = (await companyAdminIds(app.db, s.companyId)).filter((id) => id !== s.submittedBy);
  await app.messenger.toUsers(admins, {
    category: EVALUATION_CATEGORY,
    content: `${title(s)}${what === '评价计划' ? '已提交，等待您审批' : '的成绩已提交，等待您审核'}`,
    relatedId: s.id,
    templateKey: TemplateKey.EVALUATION_WAITING,
  });
}

/** The one who submitted what was decided is told the decision. */
async function tellSubmitter(app: FastifyInstance, d: Decided) {
  if (!d.tell) return;
  await app.messenger.toUsers([d.tell], {
    category: EVALUATION_CATEGORY,
    content: `${title(d)}${d.text}`,
    relatedId: d.id,
    templateKey: TemplateKey.EVALUATION_DECIDED,
  });
}

/**
 * Evaluation plans (等级评价) and their approval (评价审批): behind the enterprise door and the code-61 gate
 * (routes.ts), so `req.company` is the caller's company; every plan id goes through `findPlan` (404 for another
 * company's plan).
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const pages = new CompanyListCache(app.database.writes);

  app.get(
    '/api/levelEvaluations/options',
    { schema: { response: { 200: envelope(evaluationOptions) } } },
    async (req) => ok(await evaluationOptionsOf(db, req.company)),
  );

  app.get(
    '/api/levelEvaluations',
    {
      schema: {
        querystring: pageQuery.merge(levelEvaluationListQuery),
        response: { 200: envelope(paged(levelEvaluationRow)) },
      },
    },
    async (req) => {
      const { list, total } = await pages.get(
        req.company.id,
        `plans:${JSON.stringify(req.query)}`,
        PLAN_LIST_TABLES,
        async () => {
          const found = await listPlans(db, req.company, req.query);
          return { value: found, until: found.nextPublicityEnd?.getTime() };
        },
      );
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/levelEvaluations',
    { schema: { body: levelEvaluationBody, response: detail } },
    async (req) => {
      const { id, submitted } = await createPlan(db, req.company, req.auth.user, req.body);
      if (submitted) await tellApprovers(app, submitted, '评价计划');
      return ok(
        await planDetail(db, req.company, id, req.auth.user),
        submitted ? '已提交审批' : '草稿已保存',
      );
    },
  );

  app.get('/api/levelEvaluations/:id', { schema: { params: planParams, response: detail } }, async (req) =>
    ok(await planDetail(db, req.company, req.params.id, req.auth.user)),
  );

  app.patch(
    '/api/levelEvaluations/:id',
    { schema: { params: planParams, body: levelEvaluationBody, response: detail } },
    async (req) => {
      const submitted = await updatePlan(db, req.company, req.params.id, req.auth.user, req.body);
      if (submitted) await tellApprovers(app, submitted, '评价计划');
      return ok(
        await planDetail(db, req.company, req.params.id, req.auth.user),
        submitted ? '已提交审批' : '保存成功',
      );
    },
  );

  app.delete(
    '/api/levelEvaluations/:id',
    { schema: { params: planParams, response: { 200: noData } } },
    async (req) => {
      await deletePlan(db, req.company, req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/levelEvaluations/:id/submit',
    { schema: { params: planParams, response: detail } },
    async (req) => {
      const submitted = await submitPlan(db, req.company, req.params.id, req.auth.user);
      await tellApprovers(app, submitted, '评价计划');
      return ok(await planDetail(db, req.company, req.params.id, req.auth.user), '已提交审批');
    },
  );

  app.post(
    '/api/levelEvaluations/:id/review',
    {
      preHandler: companyAdminOnly,
      schema: { params: planParams, body: evaluationReviewBody, response: detail },
    },
    async (req) => {
      const decided = await reviewPlan(db, req.company, req.params.id, req.auth.user, req.body);
      await tellSubmitter(app, decided);
      const message = { approve: '审批通过', reject: '已驳回', return: '已退回' }[req.body.action];
      return ok(await planDetail(db, req.company, req.params.id, req.auth.user), message);
    },
  );

  app.post(
    '/api/levelEvaluations/:id/submitResults',
    { schema: { params: planParams, response: detail } },
    async (req) => {
      const submitted = await submitResults(db, req.company, req.params.id, req.auth.user);
      await tellApprovers(app, submitted, '评价成绩');
      return ok(await planDetail(db, req.company, req.params.id, req.auth.user), '成绩已提交审核');
    },
  );

  app.get(
    '/api/levelEvaluations/:id/examiners',
    { schema: { params: planParams, response: { 200: envelope(z.array(evaluationExaminer)) } } },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      return ok(await planExaminers(db, plan.id));
    },
  );

  app.get(
    '/api/evaluationApprovals',
    {
      schema: {
        querystring: pageQuery.merge(evaluationApprovalQuery),
        response: { 200: envelope(evaluationApprovalPage) },
      },
    },
    async (req) => {
      // What waits differs by caller: an administrator does not decide what they submitted.
      const key = `approvals:${req.auth.userId}:${req.company.role}:${JSON.stringify(req.query)}`;
      const { list, total, counts } = await pages.get(req.company.id, key, APPROVAL_TABLES, async () => {
        const found = await listApprovals(db, req.company, req.auth.userId, req.query);
        return { value: found, until: found.nextPublicityEnd?.getTime() };
      });
      return ok({ list, meta: pageMeta(total, req.query), counts });
    },
  );
};
