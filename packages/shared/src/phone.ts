import { z } from 'zod';

/** Changing the bound phone: a code to the old phone, then to the new one (spec §7 changePhone). */
const verifyCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码应为6位数字');
const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(/^1[3-9]\d{9}$/, '手机号格式不正确');

/** `GET /api/changePhone/sms`: no phone → a code to the current phone; `phone` and `ticket` → to the new one. */
export const changePhoneSmsQuery = z.object({ phone: phone.optional(), ticket: z.string().optional() });
export const checkOldPhoneBody = z.object({ verify_code: verifyCode });
export const changePhoneBody = z.object({
  phone,
  verify_code: verifyCode,
  ticket: z.string({ error: '请先验证原手机号' }).min(1, '请先验证原手机号'),
});
