import { z } from 'zod';
import { certificateStatusCode } from './certificates.ts';
import { dateText, keywordParam, optionalParam } from './fields.ts';
import { idTypeCode } from './level-evaluations.ts';
import { skillLevelCode } from './occupations.ts';
import { paged } from './pagination.ts';

/**
 * Granting certificates (发证, DOMAIN.md Enterprise 5) from an approved level evaluation: a grant numbers
 * and renders one certificate per 合格 candidate (all of them, or a selection), in the background; the user reviews
 * them on confirm-add and confirms (确认发证): then they are valid, publicly verifiable, and the evaluation is 已发证.
 * After printing, scans of the paper certificates are matched to the grant (paper-certificate analysis).
 */

/** 0 生成中 (numbers allocated, rendering), 1 待确认 (rendered; failed ones can be regenerated), 2 已发证. */
export const GrantStatus = { GENERATING: 0, TO_CONFIRM: 1, GRANTED: 2 } as const;
export type GrantStatusValue = (typeof GrantStatus)[keyof typeof GrantStatus];
export const grantStatusCode = z.literal([0, 1, 2], { error: '发证状态不正确' });
export const grantStatusText: Record<GrantStatusValue, string> = { 0: '生成中', 1: '待确认', 2: '已发证' };
export const grantStatusColor: Record<GrantStatusValue, string> = {
  0: 'processing',
  1: 'orange',
  2: 'success',
};

/** The `:type` of `/grant-certificate/add/:id/:type?`: all 合格 candidates, or a selection. */
export const GrantScope = { ALL: 'all', SELECTED: 'selected' } as const;
export type GrantScopeValue = (typeof GrantScope)[keyof typeof GrantScope];

/**
 * `POST /api/certificateGrants`: template `national` (the built-in 职业技能等级证书) or a custom template's id;
 * `candidate_ids` only with scope `selected` (each a 合格 candidate of the evaluation).
 */
export const grantCreateBody = z
  .object({
    evaluation_id: z.string({ error: '请选择等级评价计划' }).uuid('请选择等级评价计划'),
    template_id: z.string({ error: '请选择证书模板' }).trim().min(1, '请选择证书模板'),
    issue_date: dateText('发证日期'),
    scope: z.enum(['all', 'selected'], { error: '请选择发证范围' }).default('all'),
    candidate_ids: z.array(z.string().uuid('考生不正确')).max(100_000).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.scope === 'selected' && b.candidate_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['candidate_ids'], message: '请至少选择一名考生' });
  });
export type GrantCreateBody = z.input<typeof grantCreateBody>;

/** `POST /api/testPlans/{id}/certificateGrant`: the grant of one test plan (the plan from the path). */
export const planGrantBody = z
  .object({
    template_id: z.string({ error: '请选择证书模板' }).trim().min(1, '请选择证书模板'),
    issue_date: dateText('发证日期'),
    scope: z.enum(['all', 'selected'], { error: '请选择发证范围' }).default('all'),
    candidate_ids: z.array(z.string().uuid('考生不正确')).max(100_000).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.scope === 'selected' && b.candidate_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['candidate_ids'], message: '请至少选择一名考生' });
  });

/** `GET /api/certificateGrants/options?evaluation_id=`: what the add page shows before starting. */
export const grantOptions = z.object({
  evaluation: z.object({
    _id: z.string(),
    plan_no: z.string().nullable(),
    name: z.string(),
    occupation_name: z.string().nullable(),
    work_type: z.string().nullable(),
    level: skillLevelCode.nullable(),
    level_name: z.string().nullable(),
    status: z.number(),
    status_text: z.string(),
    /** The last day of the evaluation: the earliest issue date (issueDateProblem). */
    end_date: z.string().nullable(),
  }),
  /** The national template first, then the company's custom templates. */
  templates: z.array(z.object({ _id: z.string(), name: z.string(), national: z.boolean() })),
  /** The 合格 candidates who would receive a certificate. */
  candidates: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      id_type: idTypeCode,
      id_number: z.string(),
      has_photo: z.boolean(),
    }),
  ),
  /** Why a grant cannot start now (evaluation not 已通过, already granted, no filing codes), or null. */
  blocked_reason: z.string().nullable(),
});
export type GrantOptions = z.infer<typeof grantOptions>;

/** A row of `/grant-certificate`. */
export const grantRow = z.object({
  _id: z.string(),
  evaluation_id: z.string(),
  plan_no: z.string().nullable(),
  evaluation_name: z.string(),
  occupation_name: z.string().nullable(),
  work_type: z.string().nullable(),
  level: skillLevelCode.nullable(),
  level_name: z.string().nullable(),
  template_name: z.string(),
  issue_date: z.string(),
  total: z.number().int(),
  success_count: z.number().int(),
  failed_count: z.number().int(),
  status: grantStatusCode,
  status_text: z.string(),
  created_by_name: z.string(),
  create_time_str: z.string(),
  confirm_time_str: z.string().nullable(),
});
export type GrantRow = z.infer<typeof grantRow>;
export const grantPage = paged(grantRow);

/** `GET /api/certificateGrants`. */
export const grantListQuery = z.object({
  keyword: keywordParam,
  status: optionalParam(z.coerce.number({ error: '状态不正确' }).pipe(grantStatusCode)),
  level: optionalParam(z.coerce.number({ error: '等级不正确' }).pipe(skillLevelCode)),
});

/** `GET /api/certificateGrants/{id}`. */
export const grantDetail = grantRow.extend({
  /** The first and last certificate numbers. */
  first_no: z.string().nullable(),
  last_no: z.string().nullable(),
});
export type GrantDetail = z.infer<typeof grantDetail>;

/** A certificate of a grant (`GET /api/certificateGrants/{id}/certificates`). */
export const grantCertificateRow = z.object({
  _id: z.string(),
  certificate_no: z.string(),
  holder_name: z.string(),
  id_number: z.string(),
  has_photo: z.boolean(),
  /** 0 待生成, 1 生成成功, 2 生成失败 (ProduceStatus). */
  produce_status: z.literal([0, 1, 2]),
  produce_status_text: z.string(),
  fail_reason: z.string().nullable(),
  status: certificateStatusCode,
  status_text: z.string(),
});
export type GrantCertificateRow = z.infer<typeof grantCertificateRow>;
export const grantCertificatePage = paged(grantCertificateRow);
export const grantCertificateQuery = z.object({
  keyword: keywordParam,
  produce_status: optionalParam(z.coerce.number().pipe(z.literal([0, 1, 2], { error: '生成状态不正确' }))),
});

// ---------------------------------------------------------------------------------- paper analysis

/** One scanned page: 1 匹配, 2 非本批证书, 3 无法识别, 4 重复. */
export const PaperOutcome = { MATCHED: 1, FOREIGN: 2, UNREADABLE: 3, DUPLICATE: 4 } as const;
export type PaperOutcomeValue = (typeof PaperOutcome)[keyof typeof PaperOutcome];
export const paperOutcomeText: Record<PaperOutcomeValue, string> = {
  1: '匹配',
  2: '非本批证书',
  3: '无法识别',
  4: '重复',
};

/** `GET /api/certificateGrants/{id}/paperAnalysis`. */
export const paperAnalysis = z.object({
  /** Uploads still being read. */
  parsing: z.number().int(),
  uploads: z.number().int(),
  pages: z.number().int(),
  matched: z.number().int(),
  foreign: z.number().int(),
  unreadable: z.number().int(),
  duplicate: z.number().int(),
  /** Certificates of the grant no scan matched yet. */
  missing: z.number().int(),
  items: z.array(
    z.object({
      _id: z.string(),
      /** The file (and page) the scan came from, e.g. 扫描件.pdf 第3页. */
      source_name: z.string(),
      outcome: z.literal([1, 2, 3, 4]),
      outcome_text: z.string(),
      certificate_id: z.string().nullable(),
      certificate_no: z.string().nullable(),
      holder_name: z.string().nullable(),
      /** Why a page is 无法识别 or 非本批证书 (e.g. 未找到可识别的二维码, PDF 已加密); null for the others. */
      reason: z.string().nullable(),
      create_time_str: z.string(),
    }),
  ),
});
export type PaperAnalysis = z.infer<typeof paperAnalysis>;

/** A certificate of the grant no scan matched yet: `GET /api/certificateGrants/{id}/paperAnalysis/missing`. */
export const paperMissingRow = z.object({
  _id: z.string(),
  certificate_no: z.string().nullable(),
  holder_name: z.string(),
  id_number: z.string(),
});
export type PaperMissingRow = z.infer<typeof paperMissingRow>;
export const paperMissingPage = paged(paperMissingRow);
/** Its search (with page and per_page): the holder's name (its start), the full ID number or certificate number. */
export const paperMissingQuery = z.object({ keyword: keywordParam });
export const paperScanResult = z.object({ _id: z.string(), file_count: z.number().int() });

/** At most this many files in one upload of scans (each an image, a PDF or a zip of them). */
export const PAPER_SCAN_FILES_MAX = 1000;

/**
 * `POST /api/certificateGrants/{id}/paperScans` with a JSON body: files already uploaded (`POST /api/files/upload`,
 * the upload control), read as one upload. The route also takes one file itself as multipart/form-data.
 */
export const paperScanBody = z.object({
  file_ids: z
    .array(z.string().uuid('扫描件文件不存在或已删除'), { error: '请上传纸质证书扫描件' })
    .min(1, '请上传纸质证书扫描件')
    .max(PAPER_SCAN_FILES_MAX, `一次最多上传${PAPER_SCAN_FILES_MAX}个扫描件文件`),
});
export type PaperScanBody = z.infer<typeof paperScanBody>;
export type PaperScanResult = z.infer<typeof paperScanResult>;
