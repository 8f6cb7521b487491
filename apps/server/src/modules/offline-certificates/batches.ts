import {
  evaluationEnd,
  issueDateProblem,
  NATIONAL_TEMPLATE_ID,
  NATIONAL_TEMPLATE_NAME,
} from '@skill-cert/shared/certificates';
import { isSkillLevelCode, type SkillLevelCode, skillLevelName } from '@skill-cert/shared/occupations';
import {
  isOfflineBatchDeletable,
  isOfflineBatchEditable,
  OFFLINE_BATCH_NOT_FOUND,
  type OfflineBatchDetail,
  type OfflineBatchOptions,
  type OfflineBatchRow,
  OfflineBatchStatus,
  type offlineBatchCreateBody,
  type offlineBatchListQuery,
  type offlineBatchPatchBody,
  offlineBatchStatusText,
  requiredOfflineMethods,
} from '@skill-cert/shared/offline-certificates';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { numberPrefixOf, numberRange, ownBlanksOf } from '../certificates/service.ts';
import { chosenTemplate, listTemplates } from '../custom-certificates/service.ts';
import { type FileRow, findFiles, readableFile } from '../files/service.ts';
import { occupationByCode, usableOccupation } from '../occupations/service.ts';
import { approvedFilings } from '../records/service.ts';
import type { UserRow } from '../users/service.ts';
import { READ_QUEUE } from './read-queue.ts';
import { offlineCertificateBatches, offlineCertificateDrafts } from './tables.ts';

export type BatchRecord = typeof offlineCertificateBatches.$inferSelect;

/** The caller of an offline route: the signed-in user and the company the enterprise door found. */
export interface OfflineCaller {
  user: UserRow;
  company: CompanyScope;
}

export const SCOPE_NOT_FILED = '所选职业、工种、等级不在已审核通过的备案范围内，请重新选择';
export const SITE_NOT_FILED = '考核站点不存在或不属于该职业备案，请重新选择';
export const NOT_EDITABLE = '该批次已开始发布或正在解析，不能修改';

// ------------------------------------------------------------------------------------------------- read

/** A batch of the caller's company (404 otherwise), optionally locked. */
export async function findBatch(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  forUpdate = false,
): Promise<BatchRecord> {
  const query = db
    .select()
    .from(offlineCertificateBatches)
    .where(and(eq(offlineCertificateBatches.id, id), ofCompany(offlineCertificateBatches, own)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(OFFLINE_BATCH_NOT_FOUND);
  return row;
}

/** Drafts of batches without and with problems, and with a photo. */
export async function draftCounts(
  db: DbOrTx,
  batchIds: string[],
): Promise<Map<string, { valid: number; problem: number; photo: number }>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({
      batchId: offlineCertificateDrafts.batchId,
      valid: sql<number>`count(*) filter (where jsonb_array_length(${offlineCertificateDrafts.problems}) = 0)::int`,
      problem: sql<number>`count(*) filter (where jsonb_array_length(${offlineCertificateDrafts.problems}) > 0)::int`,
      photo: sql<number>`count(${offlineCertificateDrafts.photoFileId})::int`,
    })
    .from(offlineCertificateDrafts)
    .where(inArray(offlineCertificateDrafts.batchId, batchIds))
    .groupBy(offlineCertificateDrafts.batchId);
  return new Map(rows.map((r) => [r.batchId, { valid: r.valid, problem: r.problem, photo: r.photo }]));
}

const levelOf = (level: number): SkillLevelCode => (isSkillLevelCode(level) ? level : 5);

function toRow(b: BatchRecord, counts: { valid: number; problem: number } | undefined): OfflineBatchRow {
  const published = b.status === OfflineBatchStatus.PUBLISHING || b.status === OfflineBatchStatus.PUBLISHED;
  const valid = counts?.valid ?? 0;
  const problem = counts?.problem ?? 0;
  return {
    _id: b.id,
    name: b.name,
    occupation_code: b.occupationCode,
    occupation_name: b.occupationName,
    work_type: b.workType,
    level: levelOf(b.level),
    level_name: skillLevelName(b.level),
    start_date: b.startDate,
    end_date: b.endDate,
    site_id: b.siteId,
    site_name: b.siteName,
    template_id: b.templateId,
    template_name: b.template.template_name,
    issue_date: b.issueDate,
    status: b.status,
    status_text: offlineBatchStatusText[b.status],
    total: published ? b.total : valid + problem,
    valid_count: valid,
    problem_count: problem,
    rendered_count: b.renderedCount,
    failed_count: b.failedCount,
    created_by_name: b.createdByName,
    create_time_str: formatDateTime(b.createdAt),
    publish_time_str: b.publishedAt ? formatDateTime(b.publishedAt) : null,
  };
}

/** What the batch list reads (its cached pages hold until one of them is written). */
export const BATCH_LIST_TABLES = ['offline_certificate_batches', 'offline_certificate_drafts'] as const;

/**
 * `/offline-certificate`: newest first; keyword: the batch's or the occupation's name (contains). One statement:
 * the page with each batch's draft counts (a lateral aggregate over its drafts) and the total.
 */
export async function listBatches(
  db: DbOrTx,
  own: CompanyScope,
  q: z.output<typeof offlineBatchListQuery>,
): Promise<{ list: OfflineBatchRow[]; total: number }> {
  const t = offlineCertificateBatches;
  const d = offlineCertificateDrafts;
  const keyword = q.keyword ? containsPattern(q.keyword) : null;
  const where = and(
    ofCompany(t, own),
    q.status === undefined ? undefined : eq(t.status, q.status),
    q.level === undefined ? undefined : eq(t.level, q.level),
    q.issue_date_start ? gte(t.issueDate, q.issue_date_start) : undefined,
    q.issue_date_end ? lte(t.issueDate, q.issue_date_end) : undefined,
    keyword ? or(ilike(t.name, keyword), ilike(t.occupationName, keyword)) : undefined,
  );
  const drafts = db
    .select({
      valid: sql<number>`count(*) filter (where jsonb_array_length(${d.problems}) = 0)::int`.as('valid'),
      problem: sql<number>`count(*) filter (where jsonb_array_length(${d.problems}) > 0)::int`.as('problem'),
    })
    .from(d)
    .where(eq(d.batchId, t.id))
    .as('drafts');
  const rows = await db
    .select({ batch: t, valid: drafts.valid, problem: drafts.problem, total: totalOf(t, where) })
    .from(t)
    .leftJoinLateral(drafts, sql`true`)
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  // An empty page past the first carries no total: it is counted alone.
  const total =
    rows[0]?.total ??
    (q.page === 1 ? 0 : ((await db.select({ n: count() }).from(t).where(where))[0]?.n ?? 0));
  return {
    list: rows.map((r) => toRow(r.batch, { valid: r.valid ?? 0, problem: r.problem ?? 0 })),
    total,
  };
}

/** Why 确认发证 is refused now (in Chinese), or null. */
export async function publishBlockedReason(
  db: DbOrTx,
  b: BatchRecord,
  counts: { valid: number; problem: number } | undefined,
): Promise<string | null> {
  if (b.status !== OfflineBatchStatus.TO_CONFIRM)
    return `该批次${offlineBatchStatusText[b.status]}，只有待确认的批次可以确认发证`;
  if (counts?.problem) return `有 ${counts.problem} 条证书信息存在问题，请修改或删除后再确认发证`;
  if (!counts?.valid) return '没有可发证的证书信息，请重新上传证书信息表';
  const found = await numberPrefixOf(db, b.companyId, b.siteId);
  return found.problem;
}

const fileOf = (files: Map<string, FileRow>, id: string | null) => {
  const f = id ? files.get(id) : undefined;
  return f ? { file_id: f.id, originName: f.originName } : null;
};

export async function batchDetail(db: DbOrTx, own: CompanyScope, id: string): Promise<OfflineBatchDetail> {
  const b = await findBatch(db, own, id);
  const counts = (await draftCounts(db, [b.id])).get(b.id);
  const files = new Map(
    (await findFiles(db, [b.fileId, ...(b.photoZipFileId ? [b.photoZipFileId] : [])])).map((f) => [f.id, f]),
  );
  const range = await numberRange(db, b.id);
  return {
    ...toRow(b, counts),
    file: fileOf(files, b.fileId) ?? { file_id: b.fileId, originName: '' },
    photo_zip: fileOf(files, b.photoZipFileId),
    photo_count: counts?.photo ?? 0,
    error_file_id: b.errorFileId,
    fail_reason: b.failReason,
    first_no: range.first,
    last_no: range.last,
    blanks: ownBlanksOf(b.template).map((bl) => ({
      name: bl.name,
      cn_name: bl.cn_name,
      required: Boolean(bl.required),
    })),
    required_methods: requiredOfflineMethods(b.level, await occupationByCode(db, b.occupationCode)),
    publish_blocked_reason: await publishBlockedReason(db, b, counts),
  };
}

// ---------------------------------------------------------------------------------------------- options

/** `GET .../options`: the approved scopes (occupation → 工种 → levels), the filed sites, the templates. */
export async function batchOptions(db: DbOrTx, own: CompanyScope): Promise<OfflineBatchOptions> {
  const filings = await approvedFilings(db, own);
  const occupations = new Map<
    string,
    { occupation_code: string; occupation_name: string; work_types: Map<string, Set<SkillLevelCode>> }
  >();
  const workTypeKey = (w: string | null) => w ?? '';
  for (const s of filings.flatMap((f) => f.scopes)) {
    const o = occupations.get(s.occupationCode) ?? {
      occupation_code: s.occupationCode,
      occupation_name: s.occupationName,
      work_types: new Map(),
    };
    const levels = o.work_types.get(workTypeKey(s.workType)) ?? new Set();
    for (const l of s.levels) levels.add(l);
    o.work_types.set(workTypeKey(s.workType), levels);
    occupations.set(s.occupationCode, o);
  }
  const sites = new Map(
    filings.flatMap((f) => f.sites).map((s) => [s.id, { _id: s.id, name: s.name, address: s.address }]),
  );
  const { list: templates } = await listTemplates(db, own, { page: 1, per_page: 500 });
  const blanksOf = (t: Pick<CertificateTemplate, 'blanks'>) =>
    ownBlanksOf(t).map((b) => ({ name: b.name, cn_name: b.cn_name, required: Boolean(b.required) }));
  return {
    occupations: [...occupations.values()].map((o) => ({
      occupation_code: o.occupation_code,
      occupation_name: o.occupation_name,
      work_types: [...o.work_types].map(([w, levels]) => ({
        work_type: w || null,
        levels: [...levels].sort((a, b) => b - a),
      })),
    })),
    sites: [...sites.values()],
    templates: [
      { _id: NATIONAL_TEMPLATE_ID, name: NATIONAL_TEMPLATE_NAME, national: true, blanks: [] },
      ...templates.map((t) => ({ _id: t._id, name: t.template_name, national: false, blanks: blanksOf(t) })),
    ],
  };
}

// ----------------------------------------------------------------------------------------------- create

/**
 * The scope (occupation, 工种 or none, level) inside an approved filing of the company whose sites include the chosen
 * site: answers the occupation's name and the site's; 400 naming the field otherwise.
 */
export async function filedScope(
  db: DbOrTx,
  own: CompanyScope,
  scope: { occupationCode: string; workType: string | null; level: number; siteId: string },
  /** The batch exists already (publishing it): its occupation stays usable although disabled since. */
  kept = false,
): Promise<{ occupationName: string; siteName: string }> {
  await usableOccupation(
    db,
    scope.occupationCode,
    {
      missing: '职业不正确，请重新选择',
      disabled: (name) => `职业「${name}」已在职业目录中停用，请选择其他职业`,
    },
    kept,
  );
  const filings = (await approvedFilings(db, own)).filter((f) =>
    f.scopes.some(
      (s) =>
        s.occupationCode === scope.occupationCode &&
        (s.workType ?? null) === (scope.workType ?? null) &&
        s.levels.some((l) => l === scope.level),
    ),
  );
  if (filings.length === 0) throw badRequest(SCOPE_NOT_FILED);
  const site = filings.flatMap((f) => f.sites).find((s) => s.id === scope.siteId);
  if (!site) throw badRequest(SITE_NOT_FILED);
  const row = filings[0].scopes.find((s) => s.occupationCode === scope.occupationCode);
  return { occupationName: row?.occupationName ?? '', siteName: site.name };
}

/** The uploaded sheet (.xlsx) and photo zip (.zip) are the caller's to read; 400 naming the field otherwise. */
async function checkFiles(
  db: DbOrTx,
  user: UserRow,
  fileId: string | undefined,
  photoZipFileId: string | null | undefined,
): Promise<void> {
  if (fileId) {
    const sheet = await readableFile(db, fileId, user).catch(() => {
      throw badRequest('证书信息表不存在或已删除，请重新上传');
    });
    if (sheet.kind === 'xls') throw badRequest('证书信息表不支持旧版 .xls 文件，请另存为 .xlsx 后上传');
    if (sheet.kind !== 'xlsx') throw badRequest('证书信息表应为 Excel（.xlsx）文件，请使用下载的模板填写');
  }
  if (photoZipFileId) {
    const zip = await readableFile(db, photoZipFileId, user).catch(() => {
      throw badRequest('照片压缩包不存在或已删除，请重新上传');
    });
    if (zip.kind !== 'zip') throw badRequest('照片压缩包应为 .zip 文件');
  }
}

/** Queues the read of a batch's sheet inside the caller's transaction (notify after it commits); companies take turns. */
async function queueRead(
  app: FastifyInstance,
  tx: DbOrTx,
  batchId: string,
  companyId: string,
): Promise<void> {
  await app.jobs.send(READ_QUEUE, { batchId }, { tx, tenant: companyId });
}

/**
 * `POST /api/offlineCertificateBatches`: checks the scope, site, template and files, then writes the batch 0 解析中
 * and its read job in one transaction; the job reads the sheet into drafts.
 */
export async function createBatch(
  app: FastifyInstance,
  caller: OfflineCaller,
  body: z.output<typeof offlineBatchCreateBody>,
): Promise<string> {
  const { db } = app;
  const names = await filedScope(db, caller.company, {
    occupationCode: body.occupation_code,
    workType: body.work_type,
    level: body.level,
    siteId: body.site_id,
  });
  const template = await chosenTemplate(db, caller.company, body.template_id);
  await checkFiles(db, caller.user, body.file_id, body.photo_zip_file_id);
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(offlineCertificateBatches).values({
      id,
      companyId: caller.company.id,
      name: body.name,
      occupationCode: body.occupation_code,
      occupationName: names.occupationName,
      workType: body.work_type,
      level: body.level,
      startDate: body.start_date,
      endDate: body.end_date,
      siteId: body.site_id,
      siteName: names.siteName,
      templateId: body.template_id,
      template,
      issueDate: body.issue_date,
      fileId: body.file_id,
      photoZipFileId: body.photo_zip_file_id,
      status: OfflineBatchStatus.PARSING,
      createdBy: caller.user.id,
      createdByName: caller.user.name,
    });
    await queueRead(app, tx, id, caller.company.id);
  });
  app.jobs.notify(READ_QUEUE);
  return id;
}

// ------------------------------------------------------------------------------------------------ change

/**
 * `PATCH .../{id}`: only while 1 待确认 or 9 失败 (nothing published). A new sheet, photo zip or template reads the
 * batch again (0 解析中); a new name or issue date alone keeps the drafts.
 */
export async function patchBatch(
  app: FastifyInstance,
  caller: OfflineCaller,
  id: string,
  body: z.output<typeof offlineBatchPatchBody>,
): Promise<void> {
  const { db } = app;
  const before = await findBatch(db, caller.company, id);
  if (!isOfflineBatchEditable(before.status)) throw badRequest(NOT_EDITABLE);
  const template =
    body.template_id !== undefined ? await chosenTemplate(db, caller.company, body.template_id) : undefined;
  await checkFiles(db, caller.user, body.file_id, body.photo_zip_file_id);
  const issueDate = body.issue_date ?? before.issueDate;
  const dateProblem = issueDateProblem(issueDate, formatDate(new Date()), evaluationEnd(before.endDate));
  if (dateProblem) throw badRequest(dateProblem);
  const reread =
    (body.file_id !== undefined && body.file_id !== before.fileId) ||
    (body.photo_zip_file_id !== undefined && body.photo_zip_file_id !== before.photoZipFileId) ||
    (body.template_id !== undefined && body.template_id !== before.templateId) ||
    before.status === OfflineBatchStatus.FAILED;
  await db.transaction(async (tx) => {
    const b = await findBatch(tx, caller.company, id, true);
    if (!isOfflineBatchEditable(b.status)) throw badRequest(NOT_EDITABLE);
    await tx
      .update(offlineCertificateBatches)
      .set({
        name: body.name ?? b.name,
        issueDate,
        ...(template ? { template, templateId: body.template_id } : {}),
        fileId: body.file_id ?? b.fileId,
        photoZipFileId: body.photo_zip_file_id === undefined ? b.photoZipFileId : body.photo_zip_file_id,
        ...(reread
          ? { status: OfflineBatchStatus.PARSING, failReason: null, errorFileId: null, readAt: null }
          : {}),
      })
      .where(eq(offlineCertificateBatches.id, id));
    if (reread) await queueRead(app, tx, id, b.companyId);
  });
  if (reread) app.jobs.notify(READ_QUEUE);
}

/** `DELETE .../{id}`: before publishing only; its drafts go with it. */
export async function deleteBatch(db: DbOrTx, own: CompanyScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const b = await findBatch(tx, own, id, true);
    if (!isOfflineBatchDeletable(b.status)) throw badRequest('该批次已发布，不能删除');
    await tx.delete(offlineCertificateBatches).where(eq(offlineCertificateBatches.id, id));
  });
}
