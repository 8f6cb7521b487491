import { envelope, noData } from '@skill-cert/shared/envelope';
import {
  candidateMarking,
  EXAM_CARD_NOT_FOUND,
  EXAM_TASK_NOT_FOUND,
  examCardIdentity,
  examCardPage,
  examCardQuery,
  examinerQualificationBody,
  examinerQualificationRow,
  examTaskAssignBody,
  examTaskDetail,
  examTaskListQuery,
  examTaskPage,
  examTaskReturnBody,
  itemScoreBody,
  itemScoreSaved,
  markingsQuery,
  methodMarkingBody,
  methodMarkingRow,
  planExamTaskRow,
} from '@skill-cert/shared/exam-tasks';
import { evaluationMethodCode } from '@skill-cert/shared/level-evaluations';
import { RoleType } from '@skill-cert/shared/roles';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { assignTask, planMarkings, planTasks, returnTask, settleMarks, unassignTask } from './exam-tasks.ts';
import {
  listOwnTasks,
  ownTaskCards,
  ownTaskDetail,
  revealIdentity,
  saveItemScore,
  submitOwnTask,
} from './examiner-tasks.ts';
import { planMarkingRows, saveMarking } from './marking.ts';
import { findPlan, planParams, testPlanParams } from './plans.ts';
import {
  addQualification,
  deleteQualification,
  listQualifications,
  QUALIFICATION_NOT_FOUND,
  updateQualification,
} from './qualifications.ts';

type User = { auth: { user: { id: string; name: string } } };
const userOf = (req: User) => ({ id: req.auth.user.id, name: req.auth.user.name });

/**
 * The owner's side of examiner tasks, for an enterprise's plans (`/api/levelEvaluations`, behind the enterprise door)
 * and an institution's test plans (`/api/testPlans`, behind the institution door, reads with `list`, changes with
 * `score`): items and double marking per method, assigning, unassigning and returning tasks, every marking round.
 */
function ownerRoutes(
  prefix: string,
  params: typeof planParams,
  guard: (what: 'read' | 'write') => { preHandler?: preHandlerAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app;
    const taskParams = params.extend({ taskId: z.string().uuid(EXAM_TASK_NOT_FOUND) });
    const methodParams = params.extend({ method: z.coerce.number().pipe(evaluationMethodCode) });

    app.get(
      `${prefix}/:id/marking`,
      { ...guard('read'), schema: { params, response: { 200: envelope(z.array(methodMarkingRow)) } } },
      async (req) => ok(await planMarkingRows(db, await findPlan(db, req.company, req.params.id))),
    );

    app.put(
      `${prefix}/:id/marking/:method`,
      {
        ...guard('write'),
        schema: {
          params: methodParams,
          body: methodMarkingBody,
          response: { 200: envelope(methodMarkingRow) },
        },
      },
      async (req) => {
        const { method } = req.params;
        // A leader named late takes the examinees already waiting for one.
        const row = await saveMarking(db, req.company, req.params.id, method, req.body, (tx, plan) =>
          settleMarks(tx, plan, method, null),
        );
        return ok(row, '评分设置已保存');
      },
    );

    app.get(
      `${prefix}/:id/examTasks`,
      { ...guard('read'), schema: { params, response: { 200: envelope(z.array(planExamTaskRow)) } } },
      async (req) => ok(await planTasks(db, await findPlan(db, req.company, req.params.id))),
    );

    app.post(
      `${prefix}/:id/examTasks`,
      {
        ...guard('write'),
        schema: { params, body: examTaskAssignBody, response: { 200: envelope(planExamTaskRow) } },
      },
      async (req) => {
        const row = await assignTask(db, req.company, req.params.id, req.body, userOf(req));
        const message = row.warnings.length
          ? `已分配给${row.examiner_name}。请注意：${row.warnings.join('；')}`
          : `已分配给${row.examiner_name}`;
        return ok(row, message);
      },
    );

    app.delete(
      `${prefix}/:id/examTasks/:taskId`,
      { ...guard('write'), schema: { params: taskParams, response: { 200: noData } } },
      async (req) => {
        await unassignTask(db, req.company, req.params.id, req.params.taskId);
        return ok(null, '已取消分配');
      },
    );

    app.post(
      `${prefix}/:id/examTasks/:taskId/return`,
      {
        ...guard('write'),
        schema: {
          params: taskParams,
          body: examTaskReturnBody,
          response: { 200: envelope(planExamTaskRow) },
        },
      },
      async (req) =>
        ok(
          await returnTask(
            db,
            app.messenger,
            req.company,
            req.params.id,
            req.params.taskId,
            req.body,
            userOf(req),
          ),
          '已退回，考评员将收到消息',
        ),
    );

    app.get(
      `${prefix}/:id/markings`,
      {
        ...guard('read'),
        schema: {
          params,
          querystring: markingsQuery,
          response: { 200: envelope(z.array(candidateMarking)) },
        },
      },
      async (req) =>
        ok(await planMarkings(db, await findPlan(db, req.company, req.params.id), req.query.method)),
    );
  };
}

/** On the enterprise's plans: any member of the company (the enterprise door), as its score routes. */
export const evaluationExamTaskRoutes = ownerRoutes('/api/levelEvaluations', planParams, () => ({}));

/** On the institution's test plans: reads with `list`, changes with `score` (the institution door adds the rest). */
export const testPlanExamTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, `institution:test-plan:${k}`);
  await app.register(
    ownerRoutes('/api/testPlans', testPlanParams, (what) => ({
      preHandler: key(what === 'read' ? 'list' : 'score'),
    })),
  );
};

/**
 * The examiner portal (考评员端): the signed-in examiner's own tasks (another examiner's answer 404), scored anonymously
 * by masked code; the reveal key shows who a code is, logged; the examiner's qualifications.
 */
export const examinerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const key = (k: string) => app.requirePermission(RoleType.EXAMINER, `examiner:task:${k}`);
  const taskParams = z.object({ id: z.string().uuid(EXAM_TASK_NOT_FOUND) });
  const cardParams = taskParams.extend({ cardId: z.string().uuid(EXAM_CARD_NOT_FOUND) });
  const itemParams = cardParams.extend({
    itemNo: z.coerce
      .number({ error: '题号不正确' })
      .int('题号不正确')
      .min(1, '题号不正确')
      .max(50, '题号不正确'),
  });
  const qualificationParams = z.object({ id: z.string().uuid(QUALIFICATION_NOT_FOUND) });

  app.get(
    '/api/examTasks',
    {
      preHandler: key('list'),
      schema: { querystring: examTaskListQuery, response: { 200: envelope(examTaskPage) } },
    },
    async (req) => ok(await listOwnTasks(db, req.auth.user.id, req.query)),
  );

  app.get(
    '/api/examTasks/:id',
    { preHandler: key('list'), schema: { params: taskParams, response: { 200: envelope(examTaskDetail) } } },
    async (req) => ok(await ownTaskDetail(db, req.auth.user.id, req.params.id)),
  );

  app.get(
    '/api/examTasks/:id/cards',
    {
      preHandler: key('score'),
      schema: { params: taskParams, querystring: examCardQuery, response: { 200: envelope(examCardPage) } },
    },
    async (req) => ok(await ownTaskCards(db, req.auth.user.id, req.params.id, req.query)),
  );

  app.put(
    '/api/examTasks/:id/cards/:cardId/items/:itemNo',
    {
      preHandler: key('score'),
      schema: { params: itemParams, body: itemScoreBody, response: { 200: envelope(itemScoreSaved) } },
    },
    async (req) =>
      ok(
        await saveItemScore(
          db,
          req.auth.user.id,
          req.params.id,
          req.params.cardId,
          req.params.itemNo,
          req.body,
        ),
        '已保存',
      ),
  );

  app.post(
    '/api/examTasks/:id/submit',
    { preHandler: key('score'), schema: { params: taskParams, response: { 200: envelope(examTaskDetail) } } },
    async (req) => ok(await submitOwnTask(db, userOf(req), req.params.id), '评分已提交'),
  );

  app.get(
    '/api/examTasks/:id/cards/:cardId/identity',
    {
      preHandler: key('reveal'),
      schema: { params: cardParams, response: { 200: envelope(examCardIdentity) } },
    },
    async (req) => ok(await revealIdentity(db, userOf(req), req.params.id, req.params.cardId)),
  );

  const examiner = app.requireRoleType(RoleType.EXAMINER);

  app.get(
    '/api/examinerQualifications',
    { preHandler: examiner, schema: { response: { 200: envelope(z.array(examinerQualificationRow)) } } },
    async (req) => ok(await listQualifications(db, req.auth.user.id)),
  );

  app.post(
    '/api/examinerQualifications',
    {
      preHandler: examiner,
      schema: { body: examinerQualificationBody, response: { 200: envelope(examinerQualificationRow) } },
    },
    async (req) => ok(await addQualification(db, req.auth.user.id, req.body), '考评员资格已添加'),
  );

  app.patch(
    '/api/examinerQualifications/:id',
    {
      preHandler: examiner,
      schema: {
        params: qualificationParams,
        body: examinerQualificationBody,
        response: { 200: envelope(examinerQualificationRow) },
      },
    },
    async (req) =>
      ok(await updateQualification(db, req.auth.user.id, req.params.id, req.body), '考评员资格已保存'),
  );

  app.delete(
    '/api/examinerQualifications/:id',
    { preHandler: examiner, schema: { params: qualificationParams, response: { 200: noData } } },
    async (req) => {
      await deleteQualification(db, req.auth.user.id, req.params.id);
      return ok(null, '考评员资格已删除');
    },
  );
};
