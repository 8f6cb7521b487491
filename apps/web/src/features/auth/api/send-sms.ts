import { smsRequestBody } from '@skill-cert/shared/auth';
import { App, type FormInstance } from 'antd';
import { request } from '@/shared/http';

/** Every SMS code endpoint takes `{ phone }`; the purpose picks the path. */
const smsPaths = {
  login: '/api/phone/login/sms',
  register: '/api/register/sms',
  resetPassword: '/api/resetPassword/sms',
} as const;
export type SmsPurpose = keyof typeof smsPaths;

export const sendSmsCode = (purpose: SmsPurpose, phone: string): Promise<null> =>
  request<null>('POST', smsPaths[purpose], { body: { phone } });

/** The `send` of a sign-in form's SmsCodeField: the code goes to the form's `phone`, once that is valid. */
export function useSendSmsCode(form: FormInstance, purpose: SmsPurpose): () => Promise<boolean> {
  const { message } = App.useApp();
  return async () => {
    let phone: string;
    try {
      await form.validateFields(['phone']);
      phone = smsRequestBody.parse({ phone: form.getFieldValue('phone') }).phone;
    } catch {
      return false;
    }
    try {
      await sendSmsCode(purpose, phone);
      message.success('验证码已发送');
      return true;
    } catch {
      // The HTTP client has shown the reason (e.g. 429 too soon).
      return false;
    }
  };
}
