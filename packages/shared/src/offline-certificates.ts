import { z } from 'zod';
import { grantCertificateRow } from './certificate-grants.ts';
import { evaluationEnd, issueDateProblem } from './certificates.ts';
import { dateParam, dateText, keywordParam, optionalParam } from './fields.ts';
import {
  EvaluationMethod,
  type EvaluationMethodValue,
  evaluationMethodCode,
  idTypeCode,
} from './level-evaluations.ts';
import { OCCUPATION_CODE, occupationRequiresComprehensive, skillLevelCode } from './occupations.ts';
import { paged, pageQuery } from './pagination.ts';
import { optionalText, requiredText } from './records.ts';
import { formatDate } from './time.ts';

/**
 * Offline certificates (证书生成, DOMAIN.md Enterprise 6): for an evaluation the company held
 * outside this system, inside an approved filing scope, it uploads who passed (a sheet and a photo zip) and gets the
 * same numbered, verifiable certificates as a grant. A batch is read in the background into drafts (one per sheet
 * row, each with its problems), fixed on confirm-add, then published: numbers allocated, certificates written to the
 * library (source 2 证书生成, source_id = the batch), rendered in the background, then valid.
 *
 * Routes (all under the enterprise door; every one answers code 61 while the company has no approved filing; another
 * company's batch is the 404 of an unknown one; members view and upload, company administrators publish and delete):
 *
 * - `GET    /api/offlineCertificateBatches?keyword=&status=&level=&issue_date_start=&issue_date_end=&page=&per_page=`
 *           → `paged(offlineBatchRow)`; keyword: batch name or occupation name (contains).
 * - `POST   /api/offlineCertificateBatches` body `offlineBatchCreateBody` → `{ _id }` (state 0 解析中; a job reads
 *           the sheet; the starter then receives create_offline_level_evaluate_certificate_done "成功 n 条，失败 m 条").
 * - `GET    /api/offlineCertificateBatches/options` → `offlineBatchOptions` (approved scopes, sites, templates).
 * - `GET    /api/offlineCertificateBatches/sheetTemplate?template_id=` → the .xlsx to fill
 *           (`offlineSheetColumns`: 姓名, 证件类型, 证件号码, a result column per method, the template's own blanks).
 * - `GET    /api/offlineCertificateBatches/{id}` → `offlineBatchDetail`.
 * - `PATCH  /api/offlineCertificateBatches/{id}` body `offlineBatchPatchBody` → noData; only while 1 待确认 (or 9 失败)
 *           and nothing published; a new sheet or photo zip sends the batch back to 0 解析中 and its drafts are
 *           read again.
 * - `DELETE /api/offlineCertificateBatches/{id}` → noData; administrators, only before publishing (state 0, 1, 9).
 * - `GET    /api/offlineCertificateBatches/{id}/drafts?keyword=&problem=&page=&per_page=` → `paged(offlineDraftRow)`.
 * - `PATCH  /api/offlineCertificateBatches/{id}/drafts/{draftId}` body `offlineDraftPatchBody` → `offlineDraftRow`
 *           (revalidated, problems recomputed); only while 1 待确认.
 * - `DELETE /api/offlineCertificateBatches/{id}/drafts/{draftId}` → noData; only while 1 待确认.
 * - `POST   /api/offlineCertificateBatches/{id}/publish` → `offlinePublishResult`; administrators; refused while any
 *           draft has a problem or none is left; state 2 发布中, then 3 已发布 once every certificate rendered (the
 *           starter receives publish_offline_level_evaluate_certificate_done).
 * - `GET    /api/offlineCertificateBatches/{id}/certificates?keyword=&produce_status=&page=&per_page=`
 *           → `paged(offlineCertificateRow)` (the library rows of a published batch).
 * - `POST   /api/offlineCertificateBatches/{id}/certificates/{certificateId}/regenerate` → noData (a failed render).
 * - `GET    /api/offlineCertificateBatches/{id}/downloadCertificateZip` → a streamed zip of the rendered PDFs.
 * - `GET    /api/offlineCertificateBatches/{id}/export` → a streamed .xlsx of the numbers (`OFFLINE_EXPORT_COLUMNS`)
 *           for filing with the authorities.
 * - The error file of a read (`error_file_id`) downloads like any file: `GET /api/files/{id}/download`.
 */

// ---------------------------------------------------------------------------------------------- states

/** 0 解析中 (the sheet is being read), 1 待确认 (drafts), 2 发布中 (numbered, rendering), 3 已发布, 9 失败 (unreadable). */
export const OfflineBatchStatus = {
  PARSING: 0,
  TO_CONFIRM: 1,
  PUBLISHING: 2,
  PUBLISHED: 3,
  FAILED: 9,
} as const;
export type OfflineBatchStatusValue = (typeof OfflineBatchStatus)[keyof typeof OfflineBatchStatus];
export const offlineBatchStatusCode = z.literal([0, 1, 2, 3, 9], { error: '状态不正确' });
export const offlineBatchStatusText: Record<OfflineBatchStatusValue, string> = {
  0: '解析中',
  1: '待确认',
  2: '发布中',
  3: '已发布',
  9: '失败',
};
export const offlineBatchStatusColor: Record<OfflineBatchStatusValue, string> = {
  0: 'processing',
  1: 'orange',
  2: 'blue',
  3: 'success',
  9: 'error',
};
/** Sheet and template may change only in these states (and only while nothing is published). */
export const isOfflineBatchEditable = (status: number): boolean =>
  status === OfflineBatchStatus.TO_CONFIRM || status === OfflineBatchStatus.FAILED;
/** A batch can be deleted before it is published. */
export const isOfflineBatchDeletable = (status: number): boolean =>
  status === OfflineBatchStatus.PARSING ||
  status === OfflineBatchStatus.TO_CONFIRM ||
  status === OfflineBatchStatus.FAILED;

// --------------------------------------------------------------------------------------------- methods

/**
 * The result columns of the sheet, one per method. A result is 合格 / 不合格, or a score 0–100 (合格 from
 * OFFLINE_PASS_SCORE). 理论知识考试 and 技能操作考核 are required at every level, 综合评审 also at levels 2 and 1;
 * 工作业绩评审 may be left blank (when filled it must be 合格).
 */
export const OFFLINE_METHODS: readonly EvaluationMethodValue[] = [
  EvaluationMethod.THEORY,
  EvaluationMethod.PRACTICAL,
  EvaluationMethod.PERFORMANCE,
  EvaluationMethod.COMPREHENSIVE,
];
export const OFFLINE_PASS_SCORE = 60;
export const PASS_TEXT = '合格';
export const FAIL_TEXT = '不合格';
/** The methods a holder of `level` must have passed (综合评审 at levels 2/1 unless 职业目录 says the occupation needs none). */
export function requiredOfflineMethods(
  level: number,
  occupation?: { comprehensive_review: boolean },
): EvaluationMethodValue[] {
  return occupationRequiresComprehensive(occupation, level)
    ? [EvaluationMethod.THEORY, EvaluationMethod.PRACTICAL, EvaluationMethod.COMPREHENSIVE]
    : [EvaluationMethod.THEORY, EvaluationMethod.PRACTICAL];
}

// ----------------------------------------------------------------------------------------------- sheet

/** The fixed columns of the holders' sheet, before the method columns and the template's own blanks. */
export const OFFLINE_SHEET_KEY_COLUMNS = ['姓名', '证件类型', '证件号码'] as const;
/** The method columns are named `evaluationMethodText[method]`; the template's own blanks by their `cn_name`. */
export const OFFLINE_SHEET_MAX_ROWS = 10_000;
/** Columns of the export for filing with the authorities (`GET .../{id}/export`). */
export const OFFLINE_EXPORT_COLUMNS = [
  '证书编号',
  '姓名',
  '证件类型',
  '证件号码',
  '职业名称',
  '工种/职业方向',
  '职业技能等级',
  '评价机构',
  '考核站点',
  '评价开始日期',
  '评价结束日期',
  '发证日期',
  '证书状态',
] as const;

// ------------------------------------------------------------------------------------------------ bodies

const uuidOf = (message: string) => z.string({ error: message }).uuid(message);
const templateId = z.string({ error: '请选择证书模板' }).trim().min(1, '请选择证书模板');

/**
 * `POST /api/offlineCertificateBatches`: the scope (occupation, 工种 or none, level) must be inside an approved filing
 * of the company, the site one of its filed sites; template `national` or a custom template's id.
 */
export const offlineBatchCreateBody = z
  .object({
    name: requiredText('批次名称', 50),
    occupation_code: z
      .string({ error: '请选择职业' })
      .trim()
      .min(1, '请选择职业')
      .regex(OCCUPATION_CODE, '职业不正确'),
    work_type: optionalText('工种', 50),
    level: z.number({ error: '请选择职业技能等级' }).pipe(skillLevelCode),
    start_date: dateText('评价开始日期'),
    end_date: dateText('评价结束日期'),
    site_id: uuidOf('请选择考核站点'),
    template_id: templateId,
    issue_date: dateText('发证日期'),
    /** The filled .xlsx (POST /api/files/upload). */
    file_id: uuidOf('请上传证书信息表'),
    /** Optional .zip of 1-inch photos named by 证件号码 or 姓名-证件号码. */
    photo_zip_file_id: uuidOf('照片压缩包无效')
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((b, ctx) => {
    if (b.end_date < b.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: '评价结束日期不能早于评价开始日期' });
    const issue = issueDateProblem(b.issue_date, formatDate(new Date()), evaluationEnd(b.end_date));
    if (issue) ctx.addIssue({ code: 'custom', path: ['issue_date'], message: issue });
  });
export type OfflineBatchCreateBody = z.input<typeof offlineBatchCreateBody>;

/**
 * `PATCH /api/offlineCertificateBatches/{id}`: any of these; a new sheet or photo zip (or a new template, whose blanks
 * are other columns) reads the batch again.
 */
export const offlineBatchPatchBody = z
  .object({
    name: requiredText('批次名称', 50).optional(),
    template_id: templateId.optional(),
    issue_date: dateText('发证日期').optional(),
    file_id: uuidOf('请上传证书信息表').optional(),
    /** null removes the photo zip. */
    photo_zip_file_id: uuidOf('照片压缩包无效').nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '没有要修改的内容' });
export type OfflineBatchPatchBody = z.input<typeof offlineBatchPatchBody>;

/** A method's result as the sheet says it: 合格, 不合格, or a score. */
export const offlineResultInput = z.object({
  method: evaluationMethodCode,
  value: z
    .string({ error: '成绩格式不正确' })
    .trim()
    .max(10, '成绩格式不正确')
    .nullable()
    .transform((v) => v || null),
});

/** `PATCH .../{id}/drafts/{draftId}`: the fields to change; the draft is validated again. */
export const offlineDraftPatchBody = z
  .object({
    name: requiredText('姓名', 32).optional(),
    id_type: idTypeCode.optional(),
    id_number: z
      .string({ error: '请输入证件号码' })
      .trim()
      .transform((v) => v.toUpperCase())
      .optional(),
    results: z.array(offlineResultInput).max(4, '评价方式最多4种').optional(),
    /** The template's own blanks: name → value. */
    values: z.record(z.string(), z.string().trim().max(200, '字段内容不能超过200个字符')).optional(),
    /** An uploaded JPG/PNG (POST /api/files/upload); null removes the photo. */
    photo_file_id: uuidOf('照片无效').nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '没有要修改的内容' });
export type OfflineDraftPatchBody = z.input<typeof offlineDraftPatchBody>;

// ------------------------------------------------------------------------------------------------ queries

/** `GET /api/offlineCertificateBatches`. */
export const offlineBatchListQuery = pageQuery.extend({
  keyword: keywordParam,
  status: optionalParam(z.coerce.number({ error: '状态不正确' }).pipe(offlineBatchStatusCode)),
  level: optionalParam(
    z.coerce
      .number({ error: '职业技能等级不正确' })
      .pipe(z.literal([1, 2, 3, 4, 5], { error: '职业技能等级不正确' })),
  ),
  issue_date_start: dateParam('发证开始日期'),
  issue_date_end: dateParam('发证结束日期'),
});
export type OfflineBatchListQuery = z.infer<typeof offlineBatchListQuery>;

/** `GET .../{id}/drafts`: keyword matches name (prefix) or ID number; problem 1 with problems, 0 without. */
export const offlineDraftListQuery = pageQuery.extend({
  keyword: keywordParam,
  problem: optionalParam(
    z.coerce.number({ error: '筛选条件不正确' }).pipe(z.literal([0, 1], { error: '筛选条件不正确' })),
  ),
});
export type OfflineDraftListQuery = z.infer<typeof offlineDraftListQuery>;

/** `GET .../{id}/certificates`. */
export const offlineCertificateQuery = pageQuery.extend({
  keyword: keywordParam,
  produce_status: optionalParam(z.coerce.number().pipe(z.literal([0, 1, 2], { error: '生成状态不正确' }))),
});

/** `GET /api/offlineCertificateBatches/sheetTemplate`. */
export const offlineSheetTemplateQuery = z.object({ template_id: templateId });

// ------------------------------------------------------------------------------------------------ answers

/** A row of `/offline-certificate`. */
export const offlineBatchRow = z.object({
  _id: z.string(),
  name: z.string(),
  occupation_code: z.string(),
  occupation_name: z.string(),
  work_type: z.string().nullable(),
  level: skillLevelCode,
  level_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  site_id: z.string(),
  site_name: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  issue_date: z.string(),
  status: offlineBatchStatusCode,
  status_text: z.string(),
  /** Drafts (before publishing) or certificates (after). */
  total: z.number().int(),
  /** Drafts without a problem. */
  valid_count: z.number().int(),
  /** Drafts with at least one problem. */
  problem_count: z.number().int(),
  /** Certificates rendered, and failed to render (after publishing). */
  rendered_count: z.number().int(),
  failed_count: z.number().int(),
  created_by_name: z.string(),
  create_time_str: z.string(),
  publish_time_str: z.string().nullable(),
});
export type OfflineBatchRow = z.infer<typeof offlineBatchRow>;
export const offlineBatchPage = paged(offlineBatchRow);

/** `GET /api/offlineCertificateBatches/{id}`. */
export const offlineBatchDetail = offlineBatchRow.extend({
  file: z.object({ file_id: z.string(), originName: z.string() }),
  photo_zip: z.object({ file_id: z.string(), originName: z.string() }).nullable(),
  /** Drafts with a photo. */
  photo_count: z.number().int(),
  /** The sheet with a 错误原因 column when rows failed (a file: GET /api/files/{id}/download). */
  error_file_id: z.string().nullable(),
  /** Why the sheet could not be read (state 9). */
  fail_reason: z.string().nullable(),
  /** Once published: the first and last certificate numbers. */
  first_no: z.string().nullable(),
  last_no: z.string().nullable(),
  /** The template's own blanks (the draft columns after the results). */
  blanks: z.array(z.object({ name: z.string(), cn_name: z.string(), required: z.boolean() })),
  /** The methods a holder of this level must have passed. */
  required_methods: z.array(evaluationMethodCode),
  /** Why 确认发证 is refused now, or null. */
  publish_blocked_reason: z.string().nullable(),
});
export type OfflineBatchDetail = z.infer<typeof offlineBatchDetail>;

/** A draft of confirm-add: one sheet row with its problems. */
export const offlineDraftRow = z.object({
  _id: z.string(),
  /** The row of the sheet it came from (2 = the first data row). */
  row_number: z.number().int(),
  name: z.string(),
  id_type: idTypeCode,
  id_type_text: z.string(),
  id_number: z.string(),
  results: z.array(
    z.object({ method: evaluationMethodCode, method_text: z.string(), value: z.string().nullable() }),
  ),
  /** The template's own blanks. */
  values: z.array(z.object({ name: z.string(), cn_name: z.string(), value: z.string() })),
  has_photo: z.boolean(),
  photo_file_id: z.string().nullable(),
  /** In Chinese, each naming its field; empty when the draft can be published. */
  problems: z.array(z.string()),
  /** The holder already holds a valid certificate of this occupation, 工种 and level from this company. */
  duplicate_holder: z.boolean(),
  update_time_str: z.string(),
});
export type OfflineDraftRow = z.infer<typeof offlineDraftRow>;
export const offlineDraftPage = paged(offlineDraftRow);

/** A certificate of a published batch: the same row as a grant's certificate. */
export const offlineCertificateRow = grantCertificateRow;
export type OfflineCertificateRow = z.infer<typeof offlineCertificateRow>;
export const offlineCertificatePage = paged(offlineCertificateRow);

/** The answer of `POST .../{id}/publish`. */
export const offlinePublishResult = z.object({
  count: z.number().int(),
  first_no: z.string(),
  last_no: z.string(),
});
export type OfflinePublishResult = z.infer<typeof offlinePublishResult>;

/** `GET /api/offlineCertificateBatches/options`: what the add page offers. */
export const offlineBatchOptions = z.object({
  /** The approved filings' scopes: occupation → 工种 (null: none) → levels. */
  occupations: z.array(
    z.object({
      occupation_code: z.string(),
      occupation_name: z.string(),
      work_types: z.array(z.object({ work_type: z.string().nullable(), levels: z.array(skillLevelCode) })),
    }),
  ),
  /** The filed sites. */
  sites: z.array(z.object({ _id: z.string(), name: z.string(), address: z.string() })),
  /** The national template first, then the company's custom templates, each with its own blanks. */
  templates: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      national: z.boolean(),
      blanks: z.array(z.object({ name: z.string(), cn_name: z.string(), required: z.boolean() })),
    }),
  ),
});
export type OfflineBatchOptions = z.infer<typeof offlineBatchOptions>;

export const OFFLINE_BATCH_NOT_FOUND = '证书生成批次不存在或已删除';
export const OFFLINE_DRAFT_NOT_FOUND = '证书信息不存在或已删除';
