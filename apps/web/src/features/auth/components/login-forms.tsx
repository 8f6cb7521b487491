import type { LoginResult, PasswordLoginBody, PhoneLoginBody } from '@skill-cert/shared/auth';
import { App, Button, Form, Tabs } from 'antd';
import { useState } from 'react';
import { useLoginWithPassword } from '../api/login';
import { useLoginWithPhone } from '../api/phone-login';
import { AgreementCheckbox, PRIVACY_REQUIRED_MESSAGE } from './agreement-checkbox';
import { PasswordLoginForm } from './password-login-form';
import { PhoneLoginForm } from './phone-login-form';

interface LoginFormsProps {
  onLoggedIn: (result: LoginResult) => void;
  onRegister: () => void;
  onForgotPassword: () => void;
}

/** The two login tabs (password, SMS code), the privacy agreement and the register / reset links. */
export function LoginForms({ onLoggedIn, onRegister, onForgotPassword }: LoginFormsProps) {
  const { message } = App.useApp();
  const [agreed, setAgreed] = useState(false);
  const passwordLogin = useLoginWithPassword();
  const phoneLogin = useLoginWithPhone();

  const ensureAgreed = (): boolean => {
    if (!agreed) message.warning(PRIVACY_REQUIRED_MESSAGE);
    return agreed;
  };
  const submitPassword = (body: PasswordLoginBody) => {
    if (ensureAgreed()) passwordLogin.mutate(body, { onSuccess: onLoggedIn });
  };
  const submitPhone = (body: PhoneLoginBody) => {
    if (ensureAgreed()) phoneLogin.mutate(body, { onSuccess: onLoggedIn });
  };

  const agreement = (
    <Form.Item>
      <AgreementCheckbox checked={agreed} onChange={setAgreed} />
    </Form.Item>
  );

  return (
    <>
      <Tabs
        centered
        items={[
          {
            key: 'password',
            label: '账号密码登录',
            children: (
              <PasswordLoginForm
                agreement={agreement}
                pending={passwordLogin.isPending}
                onSubmit={submitPassword}
              />
            ),
          },
          {
            key: 'phone',
            label: '验证码登录',
            children: (
              <PhoneLoginForm agreement={agreement} pending={phoneLogin.isPending} onSubmit={submitPhone} />
            ),
          },
        ]}
      />
      <div className="login-links">
        <Button type="link" size="small" onClick={onRegister}>
          注册账号
        </Button>
        <Button type="link" size="small" onClick={onForgotPassword}>
          忘记密码
        </Button>
      </div>
    </>
  );
}
