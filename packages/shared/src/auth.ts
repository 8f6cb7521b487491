import { z } from 'zod';
import { LOGIN_NAME_REQUIRED, PASSWORD_REQUIRED } from './login-rules.ts';
import { isRoleTypeId } from './roles.ts';

/** Request bodies of the auth and user endpoints (spec §3, §5, §7). Messages name the field. */
/** A mainland mobile number; the messages name the field. */
export const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(/^1[3-9]\d{9}$/, '手机号格式不正确');
/** A 6-digit SMS verification code. */
export const verifyCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码应为6位数字');
const loginName = z.string({ error: LOGIN_NAME_REQUIRED }).trim().min(1, LOGIN_NAME_REQUIRED);
const newName = loginName
  .max(32, '用户名不能超过32个字符')
  .regex(/^[\p{L}\p{N}_.-]{2,32}$/u, '用户名应为2-32位中文、字母、数字或 _ . -');
export const passwordRule = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(8, '密码长度不能少于8位')
  .max(32, '密码长度不能超过32位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d)\S+$/, '密码须同时包含字母和数字，且不能含空格');

export const passwordLoginBody = z.object({
  name: loginName,
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
});
export const smsRequestBody = z.object({ phone });
export const phoneLoginBody = z.object({ phone, verify_code: verifyCode });
export const registerBody = z.object({
  name: newName,
  phone,
  email: z.string({ error: '请输入邮箱' }).trim().min(1, '请输入邮箱').email('邮箱格式不正确'),
  password: passwordRule,
  verify_code: verifyCode,
});
export const resetPasswordBody = z.object({ phone, verify_code: verifyCode, password: passwordRule });
export const changePasswordBody = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
  password: passwordRule,
});
export const loginCodeBody = z.object({
  code: z.string({ error: '请提供登录码' }).trim().min(1, '请提供登录码'),
});
export const switchRoleTypeBody = z.object({
  role: z.coerce
    .number({ error: '请选择角色' })
    .int('请选择角色')
    .refine(isRoleTypeId, '角色只能是企业端、平台端、机构端或考评员端'),
});

export type PasswordLoginBody = z.infer<typeof passwordLoginBody>;
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

const roleTypeId = z.literal([1, 2, 3, 4]);
export const roleTypeInfo = z.object({ _id: roleTypeId, name: z.string() });
export type RoleTypeInfo = z.infer<typeof roleTypeInfo>;

/** `GET /api/user` and the user part of the login answer (spec §3 Session/user). */
export const userInfo = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  introduction: z.string().nullable(),
  company_id: z.string().nullable(),
  /** The user's role in that company: 1 管理员, 2 成员; null without a company. */
  company_role: z.literal([1, 2]).nullable(),
  active_role_type_id: roleTypeId.nullable(),
  active_role_type_info: roleTypeInfo.nullable(),
  /** Every role type the user holds. */
  role_type_info: z.array(roleTypeInfo),
  /** The ids of `role_type_info`. */
  role_types_info: z.array(roleTypeId),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Answer of every login (password, SMS code, login code, register) and of `GET /api/refresh`. */
export const loginResult = userInfo.extend({
  token: z.string(),
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  /** Lifetime of the token, in minutes. */
  expires_in: z.number(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const privacyAgreement = z.object({
  title: z.string(),
  content: z.string(),
  update_time_str: z.string(),
});
export type PrivacyAgreement = z.infer<typeof privacyAgreement>;

/** `POST /api/loginCode/issue`: a single-use code for /auth-redirect, valid `expires_in` seconds. */
export const loginCodeIssued = z.object({ code: z.string(), expires_in: z.number() });
