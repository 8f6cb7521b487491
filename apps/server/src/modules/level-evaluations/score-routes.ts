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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/send-file.ts';
import { planParams, XLSX_MIME } from './candidate-routes.ts';
import { findPlan } from './plans.ts';
import {
  listScoreChanges,
  requestScoreChange,
  reviewScoreChange,
  SCORE_CHANGE_NOT_FOUND,
} from './score-changes.ts';
import { importScores, scoreExport } from './score-sheet.ts';
import { saveScores } from './scores.ts';
import { evaluationStatistics as statisticsOf } from './statistics.ts';

const changeParams = planParams.extend({ changeId: z.string().uuid(SCORE_CHANGE_NOT_FOUND) });

/**
 * Scores of a plan: entered many at once in 进行中, imported and exported as Excel, changed in
 * 公示中 only through a request an administrator approves, locked from 已通过; and the statistics the detail draws.
 */
export const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const user = (req: { auth: { user: { id: string; name: string } } }) => ({
    id: req.auth.user.id,
    name: req.auth.user.name,
  });

  app.patch(
    '/api/levelEvaluations/:id/scores',
    { schema: { params: planParams, body: scoresBody, response: { 200: envelope(z.array(candidateRow)) } } },
    async (req) => {
      const rows = await saveScores(db, req.company, req.params.id, req.body.scores, req.auth.user.id);
      return ok(rows, '成绩已保存');
    },
  );

  app.post(
    '/api/levelEvaluations/:id/scores/import',
    { schema: { params: planParams, response: { 200: envelope(importResult) } } },
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

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/levelEvaluations/:id/scores/export',
    {
      config: { cookieAuth: true },
      schema: {
        params: planParams,
        response: { 200: fileAnswer('成绩表（.xlsx），可修改后导入', XLSX_MIME) },
      },
    },
    async (req, reply) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const bytes = await app.sheets.writeTable(await scoreExport(db, plan));
      const name = `${plan.name || '评价计划'}-成绩表.xlsx`;
      return sendFile(reply, { name, type: XLSX_MIME, cache: 'no-store' }, bytes);
    },
  );

  app.get(
    '/api/levelEvaluations/:id/scoreChanges',
    { schema: { params: planParams, response: { 200: envelope(z.array(scoreChangeRow)) } } },
    async (req) => ok(await listScoreChanges(db, await findPlan(db, req.company, req.params.id))),
  );

  app.post(
    '/api/levelEvaluations/:id/scoreChanges',
    { schema: { params: planParams, body: scoreChangeBody, response: { 200: envelope(scoreChangeRow) } } },
    async (req) =>
      ok(
        await requestScoreChange(db, req.company, req.params.id, req.body, user(req)),
        '成绩修改申请已提交，待管理员审批',
      ),
  );

  app.post(
    '/api/levelEvaluations/:id/scoreChanges/:changeId/review',
    {
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

  app.get(
    '/api/levelEvaluations/:id/statistics',
    { schema: { params: planParams, response: { 200: envelope(evaluationStatistics) } } },
    async (req) => ok(await statisticsOf(db, await findPlan(db, req.company, req.params.id))),
  );
};
