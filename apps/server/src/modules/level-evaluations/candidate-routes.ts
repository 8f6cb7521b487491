import { memberRow } from '@skill-cert/shared/companies';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import {
  candidateAddBody,
  candidateInput,
  candidateListQuery,
  candidatePhotoResult,
  candidateRow,
  importResult,
} from '@skill-cert/shared/level-evaluations';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendFile } from '../../lib/send-file.ts';
import { imageFileProblem } from '../certificate-engine/service.ts';
import { listMembers } from '../companies/service.ts';
import { type FileKind, mimeOf } from '../files/file-type.ts';
import { localPathOf, readableFile, receiveUpload } from '../files/service.ts';
import { candidateTemplate, importCandidates } from './candidate-sheet.ts';
import {
  addCandidates,
  assertPhotosEditable,
  CANDIDATE_NOT_FOUND,
  candidateUserIds,
  importPhotoZip,
  listCandidates,
  removeCandidate,
  setCandidatePhoto,
  updateCandidate,
} from './candidates.ts';
import { findPlan, PLAN_NOT_FOUND } from './plans.ts';

export const planParams = z.object({ id: z.string().uuid(PLAN_NOT_FOUND) });
const candidateParams = planParams.extend({ candidateId: z.string().uuid(CANDIDATE_NOT_FOUND) });
export const XLSX_MIME = mimeOf.xlsx;

/**
 * Candidates of a plan: the list with scores and result, adding (typed in or picked from the
 * staff), editing and removing while areCandidatesEditable, the Excel template and import, photos one by one or
 * as a zip. Every route with a plan id goes through findPlan: another company's plan is 404.
 */
export const candidateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  /** The plan (its photos still open to change) and the request's one file, stored by the upload rules. */
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
    '/api/levelEvaluations/candidateTemplate',
    {
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
    '/api/levelEvaluations/:id/candidates',
    {
      schema: {
        params: planParams,
        querystring: pageQuery.extend(candidateListQuery.shape),
        response: { 200: envelope(paged(candidateRow)) },
      },
    },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const { list, total } = await listCandidates(db, plan, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/levelEvaluations/:id/candidates',
    {
      schema: {
        params: planParams,
        body: candidateAddBody,
        response: { 200: envelope(z.array(candidateRow)) },
      },
    },
    async (req) => {
      const rows = await addCandidates(db, req.company, req.params.id, req.body.candidates);
      return ok(rows, `已添加 ${rows.length} 名考生`);
    },
  );

  app.post(
    '/api/levelEvaluations/:id/candidates/import',
    { schema: { params: planParams, response: { 200: envelope(importResult) } } },
    async (req) => {
      const result = await importCandidates(app, req, req.params.id);
      return ok(
        result,
        result.error_file_url
          ? `导入失败：${result.failed} 行有错误，未导入任何考生，请下载错误报告修改后重新导入`
          : `已导入 ${result.imported} 名考生`,
      );
    },
  );

  app.post(
    '/api/levelEvaluations/:id/candidates/photos',
    { schema: { params: planParams, response: { 200: envelope(candidatePhotoResult) } } },
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

  app.patch(
    '/api/levelEvaluations/:id/candidates/:candidateId',
    { schema: { params: candidateParams, body: candidateInput, response: { 200: envelope(candidateRow) } } },
    async (req) =>
      ok(
        await updateCandidate(db, req.company, req.params.id, req.params.candidateId, req.body),
        '考生已保存',
      ),
  );

  app.delete(
    '/api/levelEvaluations/:id/candidates/:candidateId',
    { schema: { params: candidateParams, response: { 200: noData } } },
    async (req) => {
      await removeCandidate(db, req.company, req.params.id, req.params.candidateId);
      return ok(null, '考生已删除');
    },
  );

  app.post(
    '/api/levelEvaluations/:id/candidates/:candidateId/photo',
    { schema: { params: candidateParams, response: { 200: envelope(candidateRow) } } },
    async (req) => {
      const { plan, uploaded } = await photoUpload(req, ['jpg', 'png'], '照片应为 JPG/PNG 格式图片');
      // Too big to render is said now, not when the certificate is granted.
      const file = await readableFile(db, uploaded.file_id, req.auth.user);
      const tooBig = await imageFileProblem(await localPathOf(storage, file.sha256), '照片');
      if (tooBig) throw badRequest(tooBig);
      const row = await setCandidatePhoto(db, req.company, plan.id, req.params.candidateId, uploaded.file_id);
      return ok(row, '照片已上传');
    },
  );

  // The staff picker: members of the company not yet candidates of the plan, with a keyword on name or phone.
  app.get(
    '/api/levelEvaluations/:id/staffOptions',
    {
      schema: {
        params: planParams,
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
        }),
        response: { 200: envelope(paged(memberRow)) },
      },
    },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const { list, total } = await listMembers(db, req.company, req.query, candidateUserIds(plan.id));
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );
};
