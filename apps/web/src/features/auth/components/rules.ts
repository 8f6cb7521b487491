import { phoneLoginBody, registerBody } from '@skill-cert/shared/auth';
import { schemaRule } from '@/shared/forms';

/** Form rules of the auth forms, taken from the request schemas of @skill-cert/shared. */
export const phoneRule = schemaRule(phoneLoginBody.shape.phone);
export const newNameRule = schemaRule(registerBody.shape.name);
export const emailRule = schemaRule(registerBody.shape.email);
export const newPasswordRule = schemaRule(registerBody.shape.password);
