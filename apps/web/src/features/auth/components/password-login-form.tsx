import type { PasswordLoginBody } from '@skill-cert/shared/auth';
import { passwordLoginProblems as problems } from '@skill-cert/shared/login-rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LightField } from './light-field';
import { LightIcon } from './light-icons';

interface PasswordLoginFormProps {
  /** The privacy agreement checkbox, shown above the button. */
  agreement: ReactNode;
  pending: boolean;
  onSubmit: (body: PasswordLoginBody) => void;
}

type Field = keyof PasswordLoginBody;
type Problems = Record<Field, string | null>;

/**
 * 账号密码登录 without antd (the sign-in page loads no antd). The rules are the request schema's, checked
 * without zod (`login-rules.ts`): each field as it changes and all of them on submit.
 */
export function PasswordLoginForm({ agreement, pending, onSubmit }: PasswordLoginFormProps) {
  const [values, setValues] = useState<PasswordLoginBody>({ name: '', password: '' });
  const [errors, setErrors] = useState<Problems>({ name: null, password: null });

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const found = problems(next);
    setErrors((e) => ({ ...e, [field]: found[field] }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (!found.name && !found.password) onSubmit({ name: values.name.trim(), password: values.password });
  };

  return (
    <form className="light-form" name="password-login" noValidate onSubmit={submit}>
      <LightField
        prefix="user"
        placeholder="请输入用户名"
        aria-label="用户名"
        autoComplete="username"
        value={values.name}
        onChange={change('name')}
        error={errors.name}
      />
      <LightField
        prefix="lock"
        secret
        placeholder="请输入密码"
        aria-label="密码"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      {agreement}
      <button
        type="submit"
        className="light-button-primary"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending && <LightIcon name="loading" className="light-spin" />}
        登录
      </button>
    </form>
  );
}
