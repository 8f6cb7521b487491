import type { LoginResult, PasswordLoginBody, PhoneLoginBody } from '@skill-cert/shared/auth';
import { useState } from 'react';
import { feedback } from '@/shared/feedback';
import { useLoginWithPassword } from '../api/login';
import { useLoginWithPhone } from '../api/phone-login';
import { AgreementCheckbox, PRIVACY_REQUIRED_MESSAGE } from './agreement-checkbox';
import { PhoneLoginPart } from './lazy-parts';
import { PasswordLoginForm } from './password-login-form';

interface LoginFormsProps {
  onLoggedIn: (result: LoginResult) => void;
  onRegister: () => void;
  onForgotPassword: () => void;
}

const TABS = [
  { key: 'password', label: '账号密码登录' },
  { key: 'phone', label: '验证码登录' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * The two login tabs (password, SMS code), the privacy agreement and the register / reset links. The password tab
 * and the tabs themselves are plain elements in antd's look; the code tab's form loads antd when first opened.
 */
export function LoginForms({ onLoggedIn, onRegister, onForgotPassword }: LoginFormsProps) {
  const [tab, setTab] = useState<TabKey>('password');
  const [agreed, setAgreed] = useState(false);
  const passwordLogin = useLoginWithPassword();
  const phoneLogin = useLoginWithPhone();

  const ensureAgreed = (): boolean => {
    if (!agreed) feedback.message.warning(PRIVACY_REQUIRED_MESSAGE);
    return agreed;
  };
  const submitPassword = (body: PasswordLoginBody) => {
    if (ensureAgreed()) passwordLogin.mutate(body, { onSuccess: onLoggedIn });
  };
  const submitPhone = (body: PhoneLoginBody) => {
    if (ensureAgreed()) phoneLogin.mutate(body, { onSuccess: onLoggedIn });
  };

  const agreement = (
    <div className="light-item">
      <AgreementCheckbox checked={agreed} onChange={setAgreed} />
    </div>
  );

  return (
    <>
      <div className="light-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`login-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`login-pane-${t.key}`}
            className={tab === t.key ? 'light-tab light-tab-active' : 'light-tab'}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-pane-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'password' ? (
          <PasswordLoginForm
            agreement={agreement}
            pending={passwordLogin.isPending}
            onSubmit={submitPassword}
          />
        ) : (
          <PhoneLoginPart agreement={agreement} pending={phoneLogin.isPending} onSubmit={submitPhone} />
        )}
      </div>
      <div className="login-links">
        <button type="button" className="light-link" onClick={onRegister}>
          注册账号
        </button>
        <button type="button" className="light-link" onClick={onForgotPassword}>
          忘记密码
        </button>
      </div>
    </>
  );
}
