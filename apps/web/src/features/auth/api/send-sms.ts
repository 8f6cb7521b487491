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
