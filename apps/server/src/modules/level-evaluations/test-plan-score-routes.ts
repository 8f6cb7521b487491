import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import {
  candidateRow,
  evaluationStatistics,
  importResult,
  scoreChangeBody,
  scoreChangeReviewBody,
  scoreChangeRow,
  scoresBody,
} from '@skill-cert/shared/level-evaluations';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeFileName } from '../../lib/download-names.ts';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/send-file.ts';
import { XLSX_MIME } from './candidate-routes.ts';
import { findPlan, testPlanParams } from './plans.ts';
import {
  listScoreChanges,
  requestScoreChange,
  reviewScoreChange,
  SCORE_CHANGE_NOT_FOUND,
} from './score-changes.ts';
import { importScores, scoreExport } from './score-sheet.ts';
import { saveScores } from './scores.ts';
import { evaluationStatistics as statisticsOf } from './statistics.ts';

const changeParams = testPlanParams.extend({ changeId: z.string().uuid(SCORE_CHANGE_NOT_FOUND) });

/**
 * A test plan's results: the evaluation's scores (entered or imported in 阅卷中; 缺考 / 违纪 / 违规 are marks), their
 * export, statistics, and changes in 公示中 only by an approved request. Behind the institution door and the gate.
 */
export const testPlanScoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, `institution:test-plan:${k}`);
  const user = (req: { auth: { user: { id: string; name: string } } }) => ({
    id: req.auth.user.id,
    name: req.auth.user.name,
  });

  app.patch(
    '/api/testPlans/:id/scores',
    {
      preHandler: key('score'),
      schema: {
        params: testPlanParams,
        body: scoresBody,
        response: { 200: envelope(z.array(candidateRow)) },
      },
    },
    async (req) =>
      ok(await saveScores(db, req.company, req.params.id, req.body.scores, req.auth.user.id), '成绩已保存'),
  );

  app.post(
    '/api/testPlans/:id/scores/import',
    {
      preHandler: key('score'),
      schema: { params: testPlanParams, response: { 200: envelope(importResult) } },
    },
    async (req) => {
      const result = await importScores(app, req, req.params.id);
      return ok(
        result,
        result.error_file_url
          ? `导入失败：${result.failed} 行有错误，未导入任何成绩，请下载错误报告修改后重新导入`
          : `已导入 ${result.imported} 名考生的成绩`,
      );
    },
  );

  app.get(
    '/api/testPlans/:id/scores/export',
    {
      preHandler: key('list'),
      config: { cookieAuth: true },
      schema: { params: testPlanParams, response: { 200: fileAnswer('考试成绩（.xlsx）', XLSX_MIME) } },
    },
    async (req, reply) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const bytes = await app.sheets.writeTable(await scoreExport(db, plan));
      const name = safeFileName(`${plan.name || '考试计划'}-成绩.xlsx`);
      return sendFile(reply, { name, type: XLSX_MIME, cache: 'no-store' }, bytes);
    },
  );

  app.get(
    '/api/testPlans/:id/statistics',
    {
      preHandler: key('list'),
      schema: { params: testPlanParams, response: { 200: envelope(evaluationStatistics) } },
    },
    async (req) => ok(await statisticsOf(db, await findPlan(db, req.company, req.params.id))),
  );

  app.get(
    '/api/testPlans/:id/scoreChanges',
    {
      preHandler: key('list'),
      schema: { params: testPlanParams, response: { 200: envelope(z.array(scoreChangeRow)) } },
    },
    async (req) => ok(await listScoreChanges(db, await findPlan(db, req.company, req.params.id))),
  );

  app.post(
    '/api/testPlans/:id/scoreChanges',
    {
      preHandler: key('score'),
      schema: { params: testPlanParams, body: scoreChangeBody, response: { 200: envelope(scoreChangeRow) } },
    },
    async (req) =>
      ok(
        await requestScoreChange(db, req.company, req.params.id, req.body, user(req)),
        '成绩修改申请已提交，待审核',
      ),
  );

  app.post(
    '/api/testPlans/:id/scoreChanges/:changeId/review',
    {
      preHandler: key('review'),
      schema: {
        params: changeParams,
        body: scoreChangeReviewBody,
        response: { 200: envelope(scoreChangeRow) },
      },
    },
    async (req) => {
      const row = await reviewScoreChange(
        db,
        req.company,
        req.params.id,
        req.params.changeId,
        req.body,
        user(req),
      );
      return ok(row, row.status === 1 ? '已同意修改，成绩已更新' : '已驳回成绩修改申请');
    },
  );
};
