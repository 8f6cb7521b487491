import { z } from 'zod';
import { phone as mobilePhone, verifyCode } from './auth.ts';
import { isValidCreditCode } from './creditCode.ts';

/** Company (tenant) contract: create, join by invite code, settings (spec §7 Companies, DOMAIN.md 1, 3, 11). */
const phone = z
  .string({ error: '请输入联系电话' })
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '联系电话格式不正确');
/** A required, trimmed text field: '请输入{label}' when empty, '{label}不能超过{max}个字符' when too long. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const contactName = requiredText('联系人', 50);
const fileId = (what: string) => z.string({ error: `请上传${what}` }).uuid(`请上传${what}`);

export const createCompanyBody = z.object({
  name: z
    .string({ error: '请输入企业名称' })
    .trim()
    .min(2, '请输入企业名称')
    .max(100, '企业名称不能超过100个字符'),
  credit_code: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .min(1, '请输入统一社会信用代码')
    .transform((v) => v.toUpperCase())
    .refine(isValidCreditCode, '统一社会信用代码不正确，请核对'),
  region_code: z.string({ error: '请选择所在地区' }).regex(/^\d{6}$/, '请选择所在地区'),
  address: requiredText('详细地址', 200),
  contact_name: contactName,
  contact_phone: phone,
  licence_file_id: fileId('营业执照'),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

export const joinCompanyBody = z.object({
  code: z.string({ error: '请输入邀请码' }).trim().min(1, '请输入邀请码').max(32, '邀请码不正确'),
});

export const contactInfoBody = z.object({
  contact_name: contactName,
  contact_phone: phone,
  contact_email: z
    .string()
    .trim()
    .email('邮箱格式不正确')
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
});
export const subNameBody = z.object({
  sub_name: requiredText('企业简称', 30),
});
export const enNameBody = z.object({
  en_name: requiredText('英文名称', 200).regex(
    /^[A-Za-z0-9 .,&()'-]+$/,
    '英文名称只能包含英文字母、数字和常用符号',
  ),
});
export const logoBody = z.object({ logo_file_id: fileId('企业标志') });

export const rejectBody = z.object({
  reason: requiredText('驳回原因', 500),
});

/** 1 管理员 (administrator), 2 成员 (member). */
export const CompanyRole = { ADMIN: 1, MEMBER: 2 } as const;
export type CompanyRoleValue = (typeof CompanyRole)[keyof typeof CompanyRole];
/** 0 待审核, 1 已通过, 2 已驳回, 3 已撤回. */
export const JoinRequestStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2, WITHDRAWN: 3 } as const;
export const joinRequestStatusText: Record<number, string> = {
  0: '待审核',
  1: '已通过',
  2: '已驳回',
  3: '已撤回',
};

/** What a company is (DOMAIN.md): 1 企业 (an enterprise evaluating its staff), 2 培训评价机构 (an institution). */
export const CompanyType = { ENTERPRISE: 1, INSTITUTION: 2 } as const;
export type CompanyTypeValue = (typeof CompanyType)[keyof typeof CompanyType];
export const companyTypeText: Record<number, string> = { 1: '企业', 2: '培训评价机构' };

export interface CompanyInfo {
  _id: string;
  name: string;
  /** 1 企业, 2 培训评价机构. */
  type: CompanyTypeValue;
  type_text: string;
  credit_code: string | null;
  sub_name: string | null;
  en_name: string | null;
  region_code: string | null;
  region_names: string[];
  address: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  licence_file: { file_id: string; webPath: string } | null;
  logo_file: { file_id: string; webPath: string } | null;
  /** 1 正常, 0 已冻结. */
  status: 0 | 1;
  create_time_str: string;
}

export interface JoinRequestRow {
  _id: string;
  company_id: string;
  company_name: string;
  user_id: string;
  user_name: string;
  user_phone: string;
  status: number;
  status_text: string;
  reason: string | null;
  create_time_str: string;
  decide_time_str: string | null;
}

/** An invitation to join a company (an administrator added the person's phone): 0 pending, 1 accepted, 2 declined, 3 void. */
export const InvitationStatus = { PENDING: 0, ACCEPTED: 1, DECLINED: 2, VOID: 3 } as const;

/** A pending invitation as the invited person sees it on /join. */
export interface CompanyInvitation {
  _id: string;
  company_id: string;
  company_name: string;
  create_time_str: string;
}

/** `POST /api/companies/members`: the person was invited (an existing account) or created in the company. */
export interface AddMemberResult {
  user_id: string;
  invited: boolean;
}

export const addMemberBody = z.object({
  name: z
    .string({ error: '请输入姓名' })
    .trim()
    .min(2, '姓名应为2-32个字符')
    .max(32, '姓名应为2-32个字符')
    .regex(/^[\p{L}\p{N}_.-]+$/u, '姓名只能包含中文、字母、数字或 _ . -'),
  phone: mobilePhone,
});

export const makeAdminBody = z.object({ verify_code: verifyCode });

export const newAdminSmsBody = z.object({
  user_id: z.string({ error: '请选择新管理员' }).uuid('请选择新管理员'),
});

export interface MemberRow {
  user_id: string;
  name: string;
  phone: string;
  /** 1 管理员, 2 成员. */
  role: number;
  role_text: string;
  joined_time_str: string;
}
export const companyRoleText: Record<number, string> = { 1: '管理员', 2: '成员' };
