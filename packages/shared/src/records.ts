import { z } from 'zod';
import { phone } from './auth.ts';
import { companyInfo } from './companies.ts';
import { keywordParam, optionalParam, timelineItem } from './fields.ts';
import { isValidIdCard } from './id-card.ts';
import { OCCUPATION_CODE, skillLevelCode, sortLevels } from './occupations.ts';
import { isBlank } from './query.ts';
import { RecordStatus } from './record-status.ts';

/**
 * Record applications (备案申请, DOMAIN.md Enterprise 2): what a company may evaluate — scope rows
 * (occupation, 工种, levels), evaluation basis, sites, examiners and quality supervisors, attachments —
 * filed by the enterprise and reviewed by the platform.
 */

export {
  isRecordEditable,
  RecordStatus,
  type RecordStatusValue,
  recordStatusText,
} from './record-status.ts';

/**
 * Who files (备案的类型): 1 用人单位 (an enterprise evaluating its own staff; certificate numbers start with Y),
 * 2 社会培训评价组织 (an institution; numbers start with S). Taken from the filing company's type.
 */
export const RecordKind = { EMPLOYER: 1, INSTITUTION: 2 } as const;
export type RecordKindValue = (typeof RecordKind)[keyof typeof RecordKind];
export const recordKindText: Record<number, string> = { 1: '用人单位', 2: '社会培训评价组织' };

/** 1 国家职业标准, 2 企业评价规范 (the latter with its file). */
export const EvaluationBasis = { NATIONAL: 1, ENTERPRISE: 2 } as const;
export const evaluationBasisText: Record<number, string> = { 1: '国家职业标准', 2: '企业评价规范' };

/** Steps of the timeline. */
export const RecordAction = {
  CREATE: 'create',
  UPDATE: 'update',
  SUBMIT: 'submit',
  RESUBMIT: 'resubmit',
  /** 初审通过 of a two-step review (审核中心): the filing still waits for 复审. */
  FIRST_APPROVE: 'first-approve',
  APPROVE: 'approve',
  REJECT: 'reject',
} as const;
export type RecordActionValue = (typeof RecordAction)[keyof typeof RecordAction];
export const recordActionText: Record<RecordActionValue, string> = {
  create: '创建申请',
  update: '修改申请',
  submit: '提交审核',
  resubmit: '重新提交审核',
  'first-approve': '初审通过',
  approve: '审核通过',
  reject: '审核驳回',
};

/** A required text field whose messages name it: 请输入X, X不能超过N个字符. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);

/** An optional text field: blank reads as null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => v || null);

/** Field rules, also used one by one by the web form. */
export const recordFields = {
  occupationCode: z
    .string({ error: '请选择评价职业' })
    .trim()
    .min(1, '请选择评价职业')
    .regex(OCCUPATION_CODE, '评价职业不正确'),
  workType: optionalText('工种', 50),
  levels: z
    .array(
      z
        .number({ error: '评价等级不正确' })
        .int('评价等级不正确')
        .min(1, '评价等级不正确')
        .max(5, '评价等级不正确'),
      { error: '请选择评价等级' },
    )
    .min(1, '请选择评价等级')
    .transform((levels) => sortLevels(levels)),
  siteName: requiredText('场地名称', 100),
  regionCode: z.string({ error: '请选择场地所在地区' }).regex(/^\d{6}$/, '请选择场地所在地区'),
  address: requiredText('场地详细地址', 200),
  personName: requiredText('姓名', 32),
  idNumber: z
    .string({ error: '请输入身份证号' })
    .trim()
    .min(1, '请输入身份证号')
    .transform((v) => v.toUpperCase())
    .refine((v) => isValidIdCard(v), '身份证号不正确，请核对'),
  phone,
  qualification: requiredText('资格（职业/等级）', 200),
};

export const recordScopeInput = z.object({
  occupation_code: recordFields.occupationCode,
  work_type: recordFields.workType,
  levels: recordFields.levels,
});
export const recordSiteInput = z.object({
  name: recordFields.siteName,
  region_code: recordFields.regionCode,
  address: recordFields.address,
});
export const recordPersonInput = z.object({
  name: recordFields.personName,
  id_number: recordFields.idNumber,
  phone: recordFields.phone,
  qualification: recordFields.qualification,
});

/**
 * A field of a draft: left blank it is `blank`; filled in, it must have the field's format. Drafts save
 * whatever is filled in; submitting then says what is missing (保存草稿 demanded a complete form).
 */
export function draftField<T extends z.ZodType>(field: T, blank: z.output<T>) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): z.output<T> => {
      if (isBlank(value)) return blank;
      const parsed = field.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '格式不正确' });
      return z.NEVER;
    });
}

/** Rows as a draft may hold them: every field may be blank, what is filled in has its format. */
const recordScopeDraft = z.object({
  occupation_code: draftField(recordFields.occupationCode, ''),
  work_type: recordFields.workType,
  levels: draftField(recordFields.levels, []),
});
const recordSiteDraft = z.object({
  name: draftField(recordFields.siteName, ''),
  region_code: draftField(recordFields.regionCode, ''),
  address: draftField(recordFields.address, ''),
});
const recordPersonDraft = z.object({
  name: draftField(recordFields.personName, ''),
  id_number: draftField(recordFields.idNumber, ''),
  phone: draftField(recordFields.phone, ''),
  qualification: draftField(recordFields.qualification, ''),
});

/**
 * A list whose bad row is named by its number: '第2名考评员：身份证号不正确，请核对'. Rows are parsed one
 * by one so the message says which.
 */
export function numberedRows<T extends z.ZodType>(
  row: T,
  label: (i: number) => string,
  what: string,
  max: number,
) {
  return z
    .array(z.unknown(), { error: `${what}格式不正确` })
    .max(max, `${what}最多${max}个`)
    .transform((rows, ctx) => {
      const out: z.output<T>[] = [];
      let failed = false;
      for (const [i, value] of rows.entries()) {
        // A row with nothing typed in carries nothing: a draft drops it.
        if (value !== null && typeof value === 'object' && Object.values(value).every(isBlank)) continue;
        const parsed = row.safeParse(value ?? {});
        if (parsed.success) out.push(parsed.data);
        else {
          const issue = parsed.error.issues[0];
          failed = true;
          ctx.addIssue({
            code: 'custom',
            message: `${label(i)}：${issue?.message}`,
            path: [i, ...(issue?.path ?? [])],
          });
        }
      }
      return failed ? z.NEVER : out;
    });
}

const scopeLabel = (i: number) => `第${i + 1}个评价职业`;
const siteLabel = (i: number) => `第${i + 1}个考核场地`;
const examinerLabel = (i: number) => `第${i + 1}名考评员`;
const supervisorLabel = (i: number) => `第${i + 1}名质量督导员`;

const fileId = (message: string) => z.string({ error: message }).uuid(message);

export const recordApplicationBody = z
  .object({
    scopes: numberedRows(recordScopeDraft, scopeLabel, '评价职业', 50).default([]),
    evaluation_basis: z
      .union([z.literal(1), z.literal(2)], { error: '评价依据只能是国家职业标准或企业评价规范' })
      .nullish()
      .transform((v) => v ?? null),
    basis_file_id: fileId('请重新上传企业评价规范文件')
      .nullish()
      .transform((v) => v ?? null),
    sites: numberedRows(recordSiteDraft, siteLabel, '考核场地', 50).default([]),
    examiners: numberedRows(recordPersonDraft, examinerLabel, '考评员', 200).default([]),
    supervisors: numberedRows(recordPersonDraft, supervisorLabel, '质量督导员', 100).default([]),
    attachment_ids: z
      .array(fileId('附件不存在，请重新上传'), { error: '附件格式不正确' })
      .max(20, '附件最多20个')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    remark: optionalText('备注', 500),
    /** Submit for review at once (otherwise saved as a draft). */
    submit: z.boolean({ error: 'submit 只能是 true 或 false' }).default(false),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const s of body.scopes) {
      const key = `${s.occupation_code}|${s.work_type ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scopes'],
          message: `评价职业重复：${s.occupation_code}${s.work_type ? `（${s.work_type}）` : ''}`,
        });
        return;
      }
      seen.add(key);
    }
    for (const [list, label] of [
      [body.examiners, '考评员'],
      [body.supervisors, '质量督导员'],
    ] as const) {
      const ids = new Set<string>();
      for (const [i, p] of list.entries()) {
        if (!p.id_number) continue;
        if (ids.has(p.id_number)) {
          ctx.addIssue({
            code: 'custom',
            path: [label === '考评员' ? 'examiners' : 'supervisors', i, 'id_number'],
            message: `第${i + 1}名${label}的身份证号与前面重复`,
          });
          return;
        }
        ids.add(p.id_number);
      }
    }
  });
export type RecordApplicationBody = z.infer<typeof recordApplicationBody>;

/** The first row of `rows` that a submitted application could not have, named: '第2名考评员：请输入姓名'. */
function incompleteRow(
  rows: readonly unknown[],
  row: z.ZodType,
  label: (i: number) => string,
): string | null {
  for (const [i, value] of rows.entries()) {
    const parsed = row.safeParse(value);
    if (!parsed.success) return `${label(i)}：${parsed.error.issues[0]?.message ?? '请填写完整'}`;
  }
  return null;
}

/** What a draft may lack but a submitted application must have; null when complete. */
export function recordSubmitProblem(body: {
  scopes: readonly unknown[];
  evaluation_basis: number | null;
  basis_file_id: string | null;
  sites: readonly unknown[];
  examiners: readonly unknown[];
  supervisors: readonly unknown[];
}): string | null {
  if (body.scopes.length === 0) return '请至少添加一个评价职业';
  if (!body.evaluation_basis) return '请选择评价依据';
  if (body.evaluation_basis === EvaluationBasis.ENTERPRISE && !body.basis_file_id)
    return '请上传企业评价规范文件';
  if (body.sites.length === 0) return '请至少添加一个考核场地';
  if (body.examiners.length === 0) return '请至少添加一名考评员';
  if (body.supervisors.length === 0) return '请至少添加一名质量督导员';
  return (
    incompleteRow(body.scopes, recordScopeInput, scopeLabel) ??
    incompleteRow(body.sites, recordSiteInput, siteLabel) ??
    incompleteRow(body.examiners, recordPersonInput, examinerLabel) ??
    incompleteRow(body.supervisors, recordPersonInput, supervisorLabel)
  );
}

const statusFilter = optionalParam(
  z.coerce
    .number({ error: '状态只能是 0、1、2 或 3' })
    .int('状态只能是 0、1、2 或 3')
    .min(0, '状态只能是 0、1、2 或 3')
    .max(3, '状态只能是 0、1、2 或 3'),
);

/** `GET /api/recordApplications`: keyword matches the record number or an occupation name. */
export const recordListQuery = z.object({
  status: statusFilter,
  keyword: keywordParam,
});
/** `GET /api/platform/recordApplications`: also the company name, and one company. */
export const platformRecordListQuery = recordListQuery.extend({
  company_id: optionalParam(z.string().uuid('企业不存在')),
  /** 1 用人单位, 2 社会培训评价组织. */
  kind: optionalParam(
    z.coerce
      .number({ error: '备案类型只能是 1 或 2' })
      .pipe(z.literal([1, 2], { error: '备案类型只能是 1 或 2' })),
  ),
});

/** A missing body reads as a missing reason. */
export const recordRejectBody = z.preprocess(
  (v) => v ?? {},
  z.object({ reason: requiredText('驳回原因', 500) }),
);
/**
 * `POST /api/platform/recordApplications/{id}/approve`: the codes the detail proposed may be changed before approving:
 * the company's 4-digit 评价机构代码 (only while it has none) and each site's 6-digit 考核站点代码.
 */
export const recordApproveBody = z
  .object({
    note: optionalText('审核意见', 500),
    institution_code: optionalParam(
      z
        .string({ error: '评价机构代码应为4位数字' })
        .trim()
        .regex(/^\d{4}$/, '评价机构代码应为4位数字'),
    ),
    site_codes: z
      .array(
        z.object({
          site_id: z.string({ error: '考核场地不存在' }).uuid('考核场地不存在'),
          site_code: z
            .string({ error: '考核站点代码应为6位数字' })
            .trim()
            .regex(/^\d{6}$/, '考核站点代码应为6位数字'),
        }),
        { error: '考核站点代码格式不正确' },
      )
      .max(50, '考核站点代码最多50个')
      .optional(),
  })
  .nullish();
export type RecordApproveBody = z.infer<typeof recordApproveBody>;

export const recordFile = z.object({ file_id: z.string(), webPath: z.string(), originName: z.string() });
export type RecordFile = z.infer<typeof recordFile>;

export const recordScope = z.object({
  _id: z.string(),
  occupation_code: z.string(),
  occupation_name: z.string(),
  work_type: z.string().nullable(),
  levels: z.array(skillLevelCode),
  level_names: z.array(z.string()),
});
export type RecordScope = z.infer<typeof recordScope>;

export const recordSite = z.object({
  _id: z.string(),
  name: z.string(),
  region_code: z.string(),
  region_names: z.array(z.string()),
  address: z.string(),
  /** 考核站点代码 (6 digits): assigned on approval; while the platform reviews, the proposal (`codes_proposed`). */
  site_code: z.string().nullable(),
});
export type RecordSite = z.infer<typeof recordSite>;

export const recordPerson = z.object({
  _id: z.string(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  qualification: z.string(),
});
export type RecordPerson = z.infer<typeof recordPerson>;

export const recordTimelineItem = timelineItem(
  Object.values(RecordAction) as [RecordActionValue, ...RecordActionValue[]],
);
export type RecordTimelineItem = z.infer<typeof recordTimelineItem>;

/** A row of the lists. */
export const recordApplicationRow = z.object({
  _id: z.string(),
  record_no: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  /** 1 用人单位, 2 社会培训评价组织 (RecordKind). */
  kind: z.literal([1, 2]),
  kind_text: z.string(),
  status: z.literal(Object.values(RecordStatus)),
  status_text: z.string(),
  /** '电工（四级/中级工、三级/高级工）；焊工·电焊工（五级/初级工）'. */
  scope_summary: z.string(),
  site_count: z.number(),
  examiner_count: z.number(),
  supervisor_count: z.number(),
  reject_reason: z.string().nullable(),
  submit_time_str: z.string().nullable(),
  decide_time_str: z.string().nullable(),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type RecordApplicationRow = z.infer<typeof recordApplicationRow>;

export const recordApplicationDetail = recordApplicationRow.extend({
  scopes: z.array(recordScope),
  evaluation_basis: z.literal([1, 2]).nullable(),
  evaluation_basis_text: z.string().nullable(),
  basis_file: recordFile.nullable(),
  sites: z.array(recordSite),
  examiners: z.array(recordPerson),
  supervisors: z.array(recordPerson),
  attachments: z.array(recordFile),
  remark: z.string().nullable(),
  /** 草稿 or 已驳回: may be edited and submitted. */
  editable: z.boolean(),
  /** Only a draft may be deleted. */
  deletable: z.boolean(),
  /** Oldest first. */
  timeline: z.array(recordTimelineItem),
  /**
   * The company's 评价机构代码 (4 digits) and 省份代码 (the first two digits of its region): assigned when a filing is
   * approved; on a filing waiting for review the platform sees the proposal (`codes_proposed`), the company nothing.
   */
  institution_code: z.string().nullable(),
  province_code: z.string().nullable(),
  /** The codes shown are the server's proposal for the reviewer, not yet assigned. */
  codes_proposed: z.boolean(),
});
export type RecordApplicationDetail = z.infer<typeof recordApplicationDetail>;

/**
 * `GET /api/platform/companies/:id`: the company, every administrator, and counts; its applications are paged
 * by `GET /api/platform/recordApplications?company_id=`.
 */
export const platformCompanyDetail = z.object({
  company: companyInfo,
  member_count: z.number(),
  admins: z.array(z.object({ user_id: z.string(), name: z.string(), phone: z.string() })),
  /** Submitted applications (drafts are the company's own business). */
  application_count: z.number(),
  approved_count: z.number(),
});
export type PlatformCompanyDetail = z.infer<typeof platformCompanyDetail>;
