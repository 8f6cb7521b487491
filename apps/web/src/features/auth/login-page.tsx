import type { LoginResult, RoleTypeInfo } from '@skill-cert/shared/auth';
import { App, Card, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/shared/redirect';
import {
  clearSession,
  getStoredActiveRole,
  getStoredRoles,
  getToken,
  NO_ROLE_MESSAGE,
  saveLogin,
} from '@/shared/session/session';
import './components/auth.css';
import { LoginForms } from './components/login-forms';
import { RegisterForm } from './components/register-form';
import { ResetPasswordForm } from './components/reset-password-form';
import { RolePickerDialog } from './components/role-picker-dialog';
import { nextStepAfterLogin } from './lib/next-step';

type CardMode = 'login' | 'register' | 'reset';

/** Signed in with roles but none active (sent here by the guard): the role picker opens at once. */
const rolesAwaitingPick = (): RoleTypeInfo[] =>
  getToken() && getStoredActiveRole() === null ? getStoredRoles() : [];

export function LoginPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get('redirect'));
  const [mode, setMode] = useState<CardMode>('login');
  const [pickerRoles, setPickerRoles] = useState<RoleTypeInfo[]>(rolesAwaitingPick);

  const completeLogin = (result: LoginResult) => {
    saveLogin(result);
    const next = nextStepAfterLogin(result, redirectTo);
    if (next.kind === 'no-role') {
      clearSession();
      message.error(NO_ROLE_MESSAGE);
    } else if (next.kind === 'pick-role') {
      setPickerRoles(next.roles);
    } else {
      navigate(next.to, { replace: true });
    }
  };

  return (
    <main className="login-page">
      <Card className="login-card">
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
          职业技能等级认定与证书服务
        </Typography.Title>
        {mode === 'login' && (
          <LoginForms
            onLoggedIn={completeLogin}
            onRegister={() => setMode('register')}
            onForgotPassword={() => setMode('reset')}
          />
        )}
        {mode === 'register' && <RegisterForm onRegistered={completeLogin} onBack={() => setMode('login')} />}
        {mode === 'reset' && (
          <ResetPasswordForm
            onDone={() => {
              message.success('密码重置成功，请使用新密码登录');
              setMode('login');
            }}
            onBack={() => setMode('login')}
          />
        )}
      </Card>
      <RolePickerDialog roles={pickerRoles} redirectTo={redirectTo} />
    </main>
  );
}
