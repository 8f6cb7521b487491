import { z } from 'zod';
import { phone as mobilePhone, verifyCode } from './auth.ts';
import { isValidCreditCode } from './credit-code.ts';

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

export { CompanyRole, type CompanyRoleValue } from './roles.ts';
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

const companyFile = z.object({ file_id: z.string(), webPath: z.string() }).nullable();
export const companyInfo = z.object({
  _id: z.string(),
  name: z.string(),
  /** 1 企业, 2 培训评价机构. */
  type: z.literal([CompanyType.ENTERPRISE, CompanyType.INSTITUTION]),
  type_text: z.string(),
  credit_code: z.string().nullable(),
  sub_name: z.string().nullable(),
  en_name: z.string().nullable(),
  region_code: z.string().nullable(),
  region_names: z.array(z.string()),
  address: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  licence_file: companyFile,
  logo_file: companyFile,
  /** 1 正常, 0 已冻结. */
  status: z.literal([0, 1]),
  create_time_str: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const joinRequestRow = z.object({
  _id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_phone: z.string(),
  status: z.number(),
  status_text: z.string(),
  reason: z.string().nullable(),
  create_time_str: z.string(),
  decide_time_str: z.string().nullable(),
});
export type JoinRequestRow = z.infer<typeof joinRequestRow>;

/** An invitation to join a company (an administrator added the person's phone): 0 pending, 1 accepted, 2 declined, 3 void. */
export const InvitationStatus = { PENDING: 0, ACCEPTED: 1, DECLINED: 2, VOID: 3 } as const;

/** A pending invitation as the invited person sees it on /join. */
export const companyInvitation = z.object({
  _id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  create_time_str: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitation>;

/** `POST /api/companies/members`: the person was invited (an existing account) or created in the company. */
export const memberAdded = z.object({ user_id: z.string(), invited: z.boolean() });
export type AddMemberResult = z.infer<typeof memberAdded>;

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

export const memberRow = z.object({
  user_id: z.string(),
  name: z.string(),
  phone: z.string(),
  /** 1 管理员, 2 成员. */
  role: z.number(),
  role_text: z.string(),
  joined_time_str: z.string(),
});
export type MemberRow = z.infer<typeof memberRow>;
export const companyRoleText: Record<number, string> = { 1: '管理员', 2: '成员' };

/** The invite code of the caller's company and whether joining by it is open (1). */
export const inviteCodeInfo = z.object({ initiate_code: z.string(), initiate_status: z.number() });
export type InviteCode = z.infer<typeof inviteCodeInfo>;
/**
 * `GET /api/companies/stsToken`: a signed, single-use upload URL. With object storage it is the bucket's presigned
 * POST: send `fields` and then the `file`, then POST `{ name }` to `register_url` to make it a file of the product.
 */
export const uploadPermission = z.object({
  /** POST a multipart `file` here, without the Authorization header, once. */
  upload_url: z.string(),
  method: z.literal('POST'),
  field: z.literal('file'),
  expire_seconds: z.number(),
  expires_at: z.string(),
  /** Object storage: the form fields to send before the file (the presigned policy). */
  fields: z.record(z.string(), z.string()).optional(),
  /** Object storage: where to register the uploaded object (its kind checked by content), without Authorization. */
  register_url: z.string().optional(),
  /** Object storage: the largest file the policy admits, in bytes. */
  max_bytes: z.number().optional(),
});
/** `POST {register_url}`: the uploaded file's name as the user chose it. */
export const registerUploadBody = z.object({
  name: z.string({ error: '请填写文件名' }).trim().min(1, '请填写文件名').max(255, '文件名不能超过255个字符'),
});
export type UploadPermission = z.infer<typeof uploadPermission>;

// ------------------------------------------------------------------------------------------- institutions

/**
 * `POST /api/platform/institutions`: the platform creates an institution (company type 2, 社会培训评价组织) and its
 * administrator. The administrator's phone: an account without a company becomes the administrator (it gets 机构端
 * and the 机构管理员 role); with no account one is created without a password (the person signs in by SMS code).
 */
export const createInstitutionBody = createCompanyBody.omit({ licence_file_id: true }).extend({
  name: z
    .string({ error: '请输入机构名称' })
    .trim()
    .min(2, '请输入机构名称')
    .max(100, '机构名称不能超过100个字符'),
  contact_email: contactInfoBody.shape.contact_email,
  admin_name: addMemberBody.shape.name,
  admin_phone: mobilePhone,
});
export type CreateInstitutionBody = z.infer<typeof createInstitutionBody>;

export const institutionCreated = z.object({
  company: companyInfo,
  admin: z.object({
    user_id: z.string(),
    name: z.string(),
    phone: z.string(),
    /** true: a new account (no password yet: SMS-code login); false: an existing account without a company. */
    created: z.boolean(),
  }),
});
export type InstitutionCreated = z.infer<typeof institutionCreated>;

/** A staff member of the caller's institution (机构人员) with the institution's roles they hold. */
export const institutionStaffRow = memberRow.extend({
  roles: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type InstitutionStaffRow = z.infer<typeof institutionStaffRow>;

const roleIds = z
  .array(z.string({ error: '角色不存在' }).uuid('角色不存在'), { error: '请选择角色' })
  .max(50, '角色最多50个')
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /api/institution/staff`: a person by name and phone joins the caller's institution with its roles. An account
 * without a company is added (it gets 机构端); with no account one is created without a password; an account of
 * another company is refused.
 */
export const institutionStaffBody = addMemberBody.extend({ role_ids: roleIds.default([]) });
/** `PUT /api/institution/staff/{userId}/roles`: the institution's roles the member holds (replaced). */
export const institutionStaffRolesBody = z.object({ role_ids: roleIds });
