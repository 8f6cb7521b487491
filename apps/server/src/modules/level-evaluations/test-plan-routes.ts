import { envelope, noData } from '@skill-cert/shared/envelope';
import {
  evaluationOptions,
  resultsReviewBody,
  testPlanBody,
  testPlanCancelBody,
  testPlanDetail,
  testPlanListQuery,
  testPlanRow,
} from '@skill-cert/shared/level-evaluations';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { createPlan, deletePlan, updatePlan } from './plan-content.ts';
import { evaluationOptionsOf } from './plan-views.ts';
import { testPlanParams } from './plans.ts';
import {
  archiveTestPlan,
  cancelTestPlan,
  testPlanDetail as detailOf,
  endExam,
  listTestPlans,
  publishTestPlan,
  reviewTestResults,
  startExam,
  submitTestResults,
  TEST_PLAN_LIST_TABLES,
} from './test-plans.ts';

const detail = { 200: envelope(testPlanDetail) };

/**
 * An institution's test plans (考试计划): the plan and its states (its sessions, rooms, seating and tickets:
 * exam-logistics-routes.ts). Behind the institution door and
 * the code-61 gate (routes.ts), so `req.company` is the caller's institution; every plan id goes through `findPlan`
 * (another institution's, or an enterprise's, is 404); each route needs its key of the institution menu.
 */
export const testPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, `institution:${k}`);
  const list = key('test-plan:list');
  const edit = key('test-plan:edit');
  const answer = (req: FastifyRequest, id: string) => detailOf(db, req.company, id, req.auth.user);
  const pages = new CompanyListCache(app.database.writes);

  app.get(
    '/api/testPlans/options',
    { preHandler: list, schema: { response: { 200: envelope(evaluationOptions) } } },
    async (req) => ok(await evaluationOptionsOf(db, req.company)),
  );

  app.get(
    '/api/testPlans',
    {
      preHandler: list,
      schema: {
        querystring: pageQuery.merge(testPlanListQuery),
        response: { 200: envelope(paged(testPlanRow)) },
      },
    },
    async (req) => {
      const { list: rows, total } = await pages.get(
        req.company.id,
        JSON.stringify(req.query),
        TEST_PLAN_LIST_TABLES,
        async () => {
          const found = await listTestPlans(db, req.company, req.query);
          return { value: found, until: found.nextPublicityEnd?.getTime() };
        },
      );
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/testPlans',
    { preHandler: key('test-plan:add'), schema: { body: testPlanBody, response: detail } },
    async (req) => {
      const { id } = await createPlan(db, req.company, req.auth.user, { ...req.body, submit: false });
      return ok(await answer(req, id), '草稿已保存');
    },
  );

  app.get(
    '/api/testPlans/:id',
    { preHandler: list, schema: { params: testPlanParams, response: detail } },
    async (req) => ok(await answer(req, req.params.id)),
  );

  app.patch(
    '/api/testPlans/:id',
    { preHandler: edit, schema: { params: testPlanParams, body: testPlanBody, response: detail } },
    async (req) => {
      await updatePlan(db, req.company, req.params.id, req.auth.user, { ...req.body, submit: false });
      return ok(await answer(req, req.params.id), '保存成功');
    },
  );

  app.delete(
    '/api/testPlans/:id',
    { preHandler: edit, schema: { params: testPlanParams, response: { 200: noData } } },
    async (req) => {
      await deletePlan(db, req.company, req.params.id);
      return ok(null, '删除成功');
    },
  );

  // The moves of a test plan's state, each under its key.
  for (const [path, k, act, message] of [
    ['publish', 'test-plan:publish', publishTestPlan, '已发布，开始报名'],
    ['startExam', 'test-plan:exam', startExam, '考试已开始'],
    ['endExam', 'test-plan:exam', endExam, '考试已结束，开始阅卷'],
    ['submitResults', 'test-plan:score', submitTestResults, '成绩已提交审核'],
  ] as const) {
    app.post(
      `/api/testPlans/:id/${path}`,
      { preHandler: key(k), schema: { params: testPlanParams, response: detail } },
      async (req) => {
        await act(db, req.company, req.params.id, req.auth.user);
        return ok(await answer(req, req.params.id), message);
      },
    );
  }

  app.post(
    '/api/testPlans/:id/cancel',
    {
      preHandler: key('test-plan:cancel'),
      schema: { params: testPlanParams, body: testPlanCancelBody, response: detail },
    },
    async (req) => {
      await cancelTestPlan(db, req.company, req.params.id, req.auth.user, req.body.reason);
      return ok(await answer(req, req.params.id), '考试计划已取消');
    },
  );

  app.post(
    '/api/testPlans/:id/reviewResults',
    {
      preHandler: key('test-plan:review'),
      schema: { params: testPlanParams, body: resultsReviewBody, response: detail },
    },
    async (req) => {
      await reviewTestResults(db, req.company, req.params.id, req.auth.user, req.body);
      return ok(
        await answer(req, req.params.id),
        req.body.action === 'approve' ? '成绩审核通过' : '成绩已退回',
      );
    },
  );

  app.post(
    '/api/testPlans/:id/archive',
    { preHandler: key('test-plan:archive'), schema: { params: testPlanParams, response: detail } },
    async (req) => {
      await archiveTestPlan(app, req.company, req.params.id, req.auth.user);
      return ok(await answer(req, req.params.id), '已归档');
    },
  );
};
