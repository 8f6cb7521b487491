/*
 * The password login's rules without zod: the sign-in form checks them as the user types, and signing in up to the
 * first list must stay within its transfer budget, of which zod alone would take a tenth.
 * `auth.ts` builds `passwordLoginBody` with the same messages; `login-rules.test.ts` holds the two to the same answers.
 */

export const LOGIN_NAME_REQUIRED = '请输入用户名';
export const PASSWORD_REQUIRED = '请输入密码';

export interface PasswordLoginValues {
  name: string;
  password: string;
}

/** Each field's message, or null when the field is valid: what `passwordLoginBody` answers, without zod. */
export function passwordLoginProblems(
  values: PasswordLoginValues,
): Record<keyof PasswordLoginValues, string | null> {
  return {
    name: values.name.trim() ? null : LOGIN_NAME_REQUIRED,
    password: values.password ? null : PASSWORD_REQUIRED,
  };
}
