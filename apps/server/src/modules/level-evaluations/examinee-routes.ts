import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import {
  candidatePhotoResult,
  EXAMINEE_NOT_FOUND,
  examineeAddBody,
  examineeImportStarted,
  examineeInput,
  examineeListQuery,
  examineeReviewBody,
  examineeReviewResult,
  examineeRow,
} from '@skill-cert/shared/level-evaluations';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendFile } from '../../lib/send-file.ts';
import { imageFileProblem } from '../certificate-engine/service.ts';
import type { FileKind } from '../files/file-type.ts';
import { localPathOf, readableFile, receiveUpload } from '../files/service.ts';
import { XLSX_MIME } from './candidate-routes.ts';
import { candidateTemplate } from './candidate-sheet.ts';
import { assertPhotosEditable, importPhotoZip, setCandidatePhoto } from './candidates.ts';
import { startExamineeImport } from './examinee-import.ts';
import {
  addExaminees,
  listExaminees,
  removeExaminee,
  resubmitExaminee,
  reviewExaminees,
  examineeRow as rowOf,
  updateExaminee,
} from './examinees.ts';
import { findPlan, testPlanParams } from './plans.ts';

const examineeParams = testPlanParams.extend({ examineeId: z.string().uuid(EXAMINEE_NOT_FOUND) });

/**
 * A test plan's examinees (考生): registrations added one by one or imported by a background job, reviewed (通过 /
 * 驳回), corrected and resubmitted, their photos; and their seating. Behind the institution door and the code-61 gate.
 */
export const examineeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, `institution:${k}`);
  const list = key('test-plan:list');
  const edit = key('examinee:edit');
  const photoUpload = async (
    req: FastifyRequest<{ Params: { id: string } }>,
    kinds: FileKind[],
    refusal: string,
  ) => {
    const plan = await findPlan(db, req.company, req.params.id);
    assertPhotosEditable(plan);
    return { plan, uploaded: await receiveUpload(req, db, storage, req.auth.user, kinds, refusal) };
  };

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/testPlans/examineeTemplate',
    {
      preHandler: list,
      config: { cookieAuth: true },
      schema: { response: { 200: fileAnswer('考生名单模板（.xlsx）', XLSX_MIME) } },
    },
    async (_req, reply) =>
      sendFile(
        reply,
        { name: '考生名单模板.xlsx', type: XLSX_MIME },
        await app.sheets.writeTable(candidateTemplate()),
      ),
  );

  app.get(
    '/api/testPlans/:id/examinees',
    {
      preHandler: list,
      schema: {
        params: testPlanParams,
        querystring: pageQuery.extend(examineeListQuery.shape),
        response: { 200: envelope(paged(examineeRow)) },
      },
    },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const { list: rows, total } = await listExaminees(db, plan, req.query);
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/testPlans/:id/examinees',
    {
      preHandler: edit,
      schema: {
        params: testPlanParams,
        body: examineeAddBody,
        response: { 200: envelope(z.array(examineeRow)) },
      },
    },
    async (req) => {
      const rows = await addExaminees(db, req.company, req.params.id, req.body.examinees);
      return ok(rows, `已添加 ${rows.length} 名考生，待审核`);
    },
  );

  app.post(
    '/api/testPlans/:id/examinees/import',
    {
      preHandler: edit,
      schema: { params: testPlanParams, response: { 200: envelope(examineeImportStarted) } },
    },
    async (req) => {
      const id = await startExamineeImport(app, req, req.params.id);
      return ok({ job_id: id }, '已开始导入，完成后将通过消息通知您');
    },
  );

  app.post(
    '/api/testPlans/:id/examinees/photos',
    {
      preHandler: edit,
      schema: { params: testPlanParams, response: { 200: envelope(candidatePhotoResult) } },
    },
    async (req) => {
      const { plan, uploaded } = await photoUpload(req, ['zip'], '照片压缩包应为 .zip 文件');
      const file = await readableFile(db, uploaded.file_id, req.auth.user);
      const result = await importPhotoZip(
        db,
        app,
        { id: req.auth.user.id, companyId: req.company.id },
        plan,
        await localPathOf(storage, file.sha256),
      );
      return ok(result, `已匹配 ${result.matched} 名考生的照片`);
    },
  );

  app.post(
    '/api/testPlans/:id/examinees/review',
    {
      preHandler: key('examinee:review'),
      schema: {
        params: testPlanParams,
        body: examineeReviewBody,
        response: { 200: envelope(examineeReviewResult) },
      },
    },
    async (req) => {
      const result = await reviewExaminees(db, req.company, req.params.id, req.body, req.auth.user);
      return ok(
        result,
        req.body.action === 'approve'
          ? `已通过 ${result.approved} 名考生`
          : `已驳回 ${result.rejected} 名考生`,
      );
    },
  );

  app.patch(
    '/api/testPlans/:id/examinees/:examineeId',
    {
      preHandler: edit,
      schema: { params: examineeParams, body: examineeInput, response: { 200: envelope(examineeRow) } },
    },
    async (req) =>
      ok(await updateExaminee(db, req.company, req.params.id, req.params.examineeId, req.body), '考生已保存'),
  );

  app.delete(
    '/api/testPlans/:id/examinees/:examineeId',
    { preHandler: edit, schema: { params: examineeParams, response: { 200: noData } } },
    async (req) => {
      await removeExaminee(db, req.company, req.params.id, req.params.examineeId);
      return ok(null, '考生已删除');
    },
  );

  app.post(
    '/api/testPlans/:id/examinees/:examineeId/resubmit',
    { preHandler: edit, schema: { params: examineeParams, response: { 200: envelope(examineeRow) } } },
    async (req) =>
      ok(await resubmitExaminee(db, req.company, req.params.id, req.params.examineeId), '已重新提交审核'),
  );

  app.post(
    '/api/testPlans/:id/examinees/:examineeId/photo',
    { preHandler: edit, schema: { params: examineeParams, response: { 200: envelope(examineeRow) } } },
    async (req) => {
      const { plan, uploaded } = await photoUpload(req, ['jpg', 'png'], '照片应为 JPG/PNG 格式图片');
      const file = await readableFile(db, uploaded.file_id, req.auth.user);
      const tooBig = await imageFileProblem(await localPathOf(storage, file.sha256), '照片');
      if (tooBig) throw badRequest(tooBig);
      await setCandidatePhoto(db, req.company, plan.id, req.params.examineeId, uploaded.file_id);
      return ok(await rowOf(db, plan, req.params.examineeId), '照片已上传');
    },
  );
};
