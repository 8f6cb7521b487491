import { AntdProviders } from '@/shared/antd/antd-providers';
import { PhoneLoginForm, type PhoneLoginFormProps } from './phone-login-form';
import { RegisterForm, type RegisterFormProps } from './register-form';
import { ResetPasswordForm, type ResetPasswordFormProps } from './reset-password-form';
import { RolePickerDialog, type RolePickerDialogProps } from './role-picker-dialog';

/*
 * The sign-in page's antd parts, each inside antd's providers: this module loads only when one of them is first
 * shown (the code login tab, 注册账号, 忘记密码, 选择登录端), so the page itself loads no antd.
 */

export const PhoneLoginPart = (props: PhoneLoginFormProps) => (
  <AntdProviders island>
    <PhoneLoginForm {...props} />
  </AntdProviders>
);
export const RegisterPart = (props: RegisterFormProps) => (
  <AntdProviders island>
    <RegisterForm {...props} />
  </AntdProviders>
);
export const ResetPasswordPart = (props: ResetPasswordFormProps) => (
  <AntdProviders island>
    <ResetPasswordForm {...props} />
  </AntdProviders>
);
export const RolePickerPart = (props: RolePickerDialogProps) => (
  <AntdProviders island>
    <RolePickerDialog {...props} />
  </AntdProviders>
);
