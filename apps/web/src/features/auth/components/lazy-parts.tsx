import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '@/shared/components/page-loading';
import type { PhoneLoginFormProps } from './phone-login-form';
import type { RegisterFormProps } from './register-form';
import type { ResetPasswordFormProps } from './reset-password-form';
import type { RolePickerDialogProps } from './role-picker-dialog';

/** The antd parts of the sign-in page (`antd-parts.tsx`), loaded on first use; a spinner meanwhile. */
const load = () => import('./antd-parts');
const Phone = lazy(() => load().then((m) => ({ default: m.PhoneLoginPart })));
const Register = lazy(() => load().then((m) => ({ default: m.RegisterPart })));
const Reset = lazy(() => load().then((m) => ({ default: m.ResetPasswordPart })));
const RolePicker = lazy(() => load().then((m) => ({ default: m.RolePickerPart })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

export const PhoneLoginPart = (props: PhoneLoginFormProps) => (
  <Loading>
    <Phone {...props} />
  </Loading>
);
export const RegisterPart = (props: RegisterFormProps) => (
  <Loading>
    <Register {...props} />
  </Loading>
);
export const ResetPasswordPart = (props: ResetPasswordFormProps) => (
  <Loading>
    <Reset {...props} />
  </Loading>
);
export const RolePickerPart = (props: RolePickerDialogProps) => (
  <Loading>
    <RolePicker {...props} />
  </Loading>
);
