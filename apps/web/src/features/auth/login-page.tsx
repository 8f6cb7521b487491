import type { LoginResult, RoleTypeInfo } from '@skill-cert/shared/auth';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '@/shared/feedback';
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
import { RegisterPart, ResetPasswordPart, RolePickerPart } from './components/lazy-parts';
import { LoginBanners } from './components/login-banners';
import { LoginForms } from './components/login-forms';
import { nextStepAfterLogin } from './lib/next-step';

type CardMode = 'login' | 'register' | 'reset';

/** Signed in with roles but none active (sent here by the guard): the role picker opens at once. */
const rolesAwaitingPick = (): RoleTypeInfo[] =>
  getToken() && getStoredActiveRole() === null ? getStoredRoles() : [];

/**
 * The sign-in page. It loads no antd (the first load of /login at most 150 KB): the card, the tabs and the
 * password form are plain elements in antd's look (`components/auth.css`); the code login, register, reset and the
 * role picker load antd when first shown (`components/lazy-parts.tsx`).
 */
export function LoginPage() {
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
      feedback.message.error(NO_ROLE_MESSAGE);
    } else if (next.kind === 'pick-role') {
      setPickerRoles(next.roles);
    } else {
      navigate(next.to, { replace: true });
    }
  };

  return (
    <main className="login-page">
      <div className="login-column">
        <LoginBanners />
        <section className="login-card" aria-labelledby="login-title">
          <h1 id="login-title" className="login-title">
            职业技能等级认定与证书服务
          </h1>
          {mode === 'login' && (
            <LoginForms
              onLoggedIn={completeLogin}
              onRegister={() => setMode('register')}
              onForgotPassword={() => setMode('reset')}
            />
          )}
          {mode === 'register' && (
            <RegisterPart onRegistered={completeLogin} onBack={() => setMode('login')} />
          )}
          {mode === 'reset' && (
            <ResetPasswordPart
              onDone={() => {
                feedback.message.success('密码重置成功，请使用新密码登录');
                setMode('login');
              }}
              onBack={() => setMode('login')}
            />
          )}
        </section>
      </div>
      {pickerRoles.length > 0 && <RolePickerPart roles={pickerRoles} redirectTo={redirectTo} />}
    </main>
  );
}
