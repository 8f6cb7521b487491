import { z } from 'zod';
import { dateParam, keywordParam, optionalParam } from './fields.ts';
import { idTypeCode } from './level-evaluations.ts';
import { skillLevelCode } from './occupations.ts';
import { paged } from './pagination.ts';

/**
 * Certificates with a national number (DOMAIN.md Enterprise 5–8, "Certificate fields and number"): the
 * certificate library (证书库) of a company, the national number, the built-in national template, revocation and
 * reissue, and public verification. Granted (发证), offline (证书生成) and custom-batch certificates all live in the
 * library; only granted and offline ones carry a national number.
 */

// --------------------------------------------------------------------------------------------- number

/**
 * The national certificate number, 22 characters: kind letter (Y 用人单位, S 社会培训评价组织) + institution code (4)
 * + province code (2) + site code (6) + year (2) + level (1) + serial (6). Positions 1–13 are the prefix of the
 * filed institution and site; the serial counts per prefix, year and level from 000001.
 */
export const CertificateNumberKind = { EMPLOYER: 'Y', SOCIAL: 'S' } as const;
export type CertificateNumberKindValue = (typeof CertificateNumberKind)[keyof typeof CertificateNumberKind];
export const CERTIFICATE_NO = /^[YS]\d{21}$/;
export const INSTITUTION_CODE = /^\d{4}$/;
export const SITE_CODE = /^\d{6}$/;
export const SERIAL_MAX = 999_999;

export interface CertificateNumberParts {
  kind: CertificateNumberKindValue;
  institutionCode: string;
  provinceCode: string;
  siteCode: string;
  /** Full year, e.g. 2026 (written as 26). */
  year: number;
  level: number;
  serial: number;
}

/** The 13-character prefix: kind + institution + province + site. */
export function certificateNumberPrefix(
  p: Pick<CertificateNumberParts, 'kind' | 'institutionCode' | 'provinceCode' | 'siteCode'>,
): string {
  if (!INSTITUTION_CODE.test(p.institutionCode))
    throw new Error(`评价机构代码应为4位数字：${p.institutionCode}`);
  if (!/^\d{2}$/.test(p.provinceCode)) throw new Error(`省份代码应为2位数字：${p.provinceCode}`);
  if (!SITE_CODE.test(p.siteCode)) throw new Error(`考核站点代码应为6位数字：${p.siteCode}`);
  return `${p.kind}${p.institutionCode}${p.provinceCode}${p.siteCode}`;
}

export function formatCertificateNumber(p: CertificateNumberParts): string {
  if (!Number.isInteger(p.serial) || p.serial < 1 || p.serial > SERIAL_MAX)
    throw new Error(`证书流水号超出范围：${p.serial}`);
  if (!Number.isInteger(p.level) || p.level < 1 || p.level > 5)
    throw new Error(`职业技能等级不正确：${p.level}`);
  return `${certificateNumberPrefix(p)}${String(p.year % 100).padStart(2, '0')}${p.level}${String(p.serial).padStart(6, '0')}`;
}

export function parseCertificateNumber(no: string): CertificateNumberParts | null {
  if (!CERTIFICATE_NO.test(no)) return null;
  return {
    kind: no[0] as CertificateNumberKindValue,
    institutionCode: no.slice(1, 5),
    provinceCode: no.slice(5, 7),
    siteCode: no.slice(7, 13),
    year: 2000 + Number(no.slice(13, 15)),
    level: Number(no[15]),
    serial: Number(no.slice(16)),
  };
}

// ----------------------------------------------------------------------------------------- issue date

export { evaluationEnd, ISSUE_DATE_GRACE_DAYS, issueDateProblem } from './issue-date.ts';

// --------------------------------------------------------------------------------------------- states

/** Where a library certificate came from. */
export const CertificateSource = { GRANT: 1, OFFLINE: 2, CUSTOM: 3 } as const;
export type CertificateSourceValue = (typeof CertificateSource)[keyof typeof CertificateSource];
export const certificateSourceCode = z.literal([1, 2, 3], { error: '证书来源不正确' });
export const certificateSourceText: Record<CertificateSourceValue, string> = {
  1: '等级认定发证',
  2: '证书生成',
  3: '自定义证书',
};

/**
 * 0 待确认 (generated, not yet issued: neither listed in the library nor publicly verifiable), 1 有效, 2 已撤销,
 * 3 已换发 (reissued: a new certificate replaces it).
 */
export const CertificateStatus = { DRAFT: 0, VALID: 1, REVOKED: 2, REPLACED: 3 } as const;
export type CertificateStatusValue = (typeof CertificateStatus)[keyof typeof CertificateStatus];
export const certificateStatusCode = z.literal([0, 1, 2, 3], { error: '证书状态不正确' });
export const certificateStatusText: Record<CertificateStatusValue, string> = {
  0: '待确认',
  1: '有效',
  2: '已撤销',
  3: '已换发',
};
export const certificateStatusColor: Record<CertificateStatusValue, string> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'warning',
};

/** The built-in national template (职业技能等级证书) is chosen with this template id. */
export const NATIONAL_TEMPLATE_ID = 'national';
export const NATIONAL_TEMPLATE_NAME = '职业技能等级证书';
/** 工种/职业方向 printed when the occupation has none. */
export const NO_WORK_TYPE = '--';

/** 职业/工种 as a certificate says it ("--" without a 工种); "-" when there is no occupation. */
export const occupationWorkTypeText = (c: {
  occupation_name: string | null;
  work_type: string | null;
}): string => (c.occupation_name ? `${c.occupation_name}/${c.work_type || NO_WORK_TYPE}` : '-');

/**
 * 职业/工种 of an evaluation plan or its archive: the 工种 only when there is one (a certificate writes "--" for none,
 * `occupationWorkTypeText`; a plan does not), '-' before an occupation is chosen.
 */
export const planScopeText = (p: { occupation_name: string | null; work_type: string | null }): string =>
  p.occupation_name ? `${p.occupation_name}${p.work_type ? `/${p.work_type}` : ''}` : '-';

/** The 证书编号 range of a grant or a batch: first ~ last, one number when one certificate, "-" before numbering. */
export const certificateNoRange = (r: { first_no: string | null; last_no: string | null }): string =>
  r.first_no ? (r.last_no && r.last_no !== r.first_no ? `${r.first_no} ~ ${r.last_no}` : r.first_no) : '-';

// ---------------------------------------------------------------------------------------------- rows

/** A row of `/certificate-library` (`GET /api/certificates`). */
export const certificateRow = z.object({
  _id: z.string(),
  source: certificateSourceCode,
  source_text: z.string(),
  /** The grant, offline batch or custom batch the certificate belongs to. */
  source_id: z.string(),
  /** Null for a custom certificate without a national number. */
  certificate_no: z.string().nullable(),
  holder_name: z.string(),
  id_type: idTypeCode,
  id_type_text: z.string(),
  id_number: z.string(),
  occupation_code: z.string().nullable(),
  occupation_name: z.string().nullable(),
  work_type: z.string().nullable(),
  level: skillLevelCode.nullable(),
  level_name: z.string().nullable(),
  issue_date: z.string().nullable(),
  status: certificateStatusCode,
  status_text: z.string(),
  /** The PDF is ready (preview and download). */
  has_file: z.boolean(),
  /** 数据上报 (certificate-reports.ts ReportState): 0 未上报, 1 已上报, 2 变更待上报; null for a custom certificate. */
  report_state: z.literal([0, 1, 2]).nullable(),
  /** '—' for a custom certificate (never reported). */
  report_state_text: z.string(),
  create_time_str: z.string(),
});
export type CertificateRow = z.infer<typeof certificateRow>;
export const certificatePage = paged(certificateRow);

/** `GET /api/certificates/{id}`. */
export const certificateDetail = certificateRow.extend({
  institution_name: z.string().nullable(),
  /** Public page path `/information-link/{id}`. */
  verify_path: z.string(),
  revoke_reason: z.string().nullable(),
  revoke_time_str: z.string().nullable(),
  revoked_by_name: z.string().nullable(),
  /** The certificate this one replaced, and the one that replaced it. */
  replaces: z.object({ _id: z.string(), certificate_no: z.string().nullable() }).nullable(),
  replaced_by: z.object({ _id: z.string(), certificate_no: z.string().nullable() }).nullable(),
});
export type CertificateDetail = z.infer<typeof certificateDetail>;

/**
 * `GET /api/certificates` and `GET /api/certificates/export`: keyword matches name (prefix), ID number or
 * certificate number (exact); the rest filter. Drafts (待确认) are never listed.
 */
export const certificateListQuery = z.object({
  keyword: keywordParam,
  holder_name: optionalParam(z.string().trim().max(50, '姓名不能超过50个字符')),
  id_number: optionalParam(z.string().trim().max(30, '证件号码不能超过30个字符')),
  certificate_no: optionalParam(z.string().trim().max(30, '证书编号不能超过30个字符')),
  occupation_code: optionalParam(z.string().trim().max(20)),
  level: optionalParam(
    z.coerce
      .number({ error: '职业技能等级不正确' })
      .pipe(z.literal([1, 2, 3, 4, 5], { error: '职业技能等级不正确' })),
  ),
  status: optionalParam(
    z.coerce.number({ error: '状态不正确' }).pipe(z.literal([1, 2, 3], { error: '状态不正确' })),
  ),
  source: optionalParam(z.coerce.number({ error: '证书来源不正确' }).pipe(certificateSourceCode)),
  issue_date_start: dateParam('发证开始日期'),
  issue_date_end: dateParam('发证结束日期'),
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

/** `POST /api/certificates/{id}/revoke`. */
export const revokeBody = z.object({
  reason: z
    .string({ error: '请输入撤销原因' })
    .trim()
    .min(1, '请输入撤销原因')
    .max(200, '撤销原因不能超过200个字符'),
});
export type RevokeBody = z.infer<typeof revokeBody>;

/** `POST /api/certificates/{id}/reissue`: a revoked or damaged certificate gets a new one (new number). */
export const reissueBody = z.object({
  reason: z
    .string({ error: '请输入换发原因' })
    .trim()
    .min(1, '请输入换发原因')
    .max(200, '换发原因不能超过200个字符'),
  /** Defaults to today. */
  issue_date: dateParam('发证日期'),
});
export type ReissueBody = z.infer<typeof reissueBody>;
/** The answer of a reissue: the new certificate (rendered in the background). */
export const reissueResult = z.object({ _id: z.string(), certificate_no: z.string().nullable() });
export type ReissueResult = z.infer<typeof reissueResult>;

// ----------------------------------------------------------------------------------------- public page

/**
 * `GET /api/public/certificateSearch?certificate_no=&name=`: the public search on /information-link, both must
 * match; rate-limited per address. Answers the certificate's id (then the page shows it) or 404.
 */
export const publicSearchQuery = z.object({
  certificate_no: z
    .string({ error: '请输入证书编号' })
    .trim()
    .min(1, '请输入证书编号')
    .max(30, '证书编号不正确'),
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50, '姓名不正确'),
});
export type PublicSearchQuery = z.infer<typeof publicSearchQuery>;
export const publicSearchResult = z.object({ _id: z.string() });
