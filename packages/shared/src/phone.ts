import { z } from 'zod';
import { phone, verifyCode } from './auth.ts';

// Changing the bound phone: a code to the old phone, then to the new one (spec §7 changePhone).

/** `GET /api/changePhone/sms`: no phone → a code to the current phone; `phone` and `ticket` → to the new one. */
export const changePhoneSmsQuery = z.object({ phone: phone.optional(), ticket: z.string().optional() });
export const checkOldPhoneBody = z.object({ verify_code: verifyCode });
export const changePhoneBody = z.object({
  phone,
  verify_code: verifyCode,
  ticket: z.string({ error: '请先验证原手机号' }).min(1, '请先验证原手机号'),
});
