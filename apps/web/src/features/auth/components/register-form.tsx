import { MailOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginResult, RegisterBody } from '@skill-cert/shared/auth';
import { Button, Form, Input, Typography } from 'antd';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { useRegister } from '../api/register';
import { useSendSmsCode } from '../api/send-sms';
import { AgreementCheckbox, agreementRule } from './agreement-checkbox';
import { NewPasswordFields, PhoneField } from './fields';
import { emailRule, newNameRule } from './rules';

type RegisterValues = RegisterBody & { confirm_password: string; agreed: boolean };

export interface RegisterFormProps {
  onRegistered: (result: LoginResult) => void;
  onBack: () => void;
}

export function RegisterForm({ onRegistered, onBack }: RegisterFormProps) {
  const [form] = Form.useForm<RegisterValues>();
  const sendCode = useSendSmsCode(form, 'register');
  const registration = useRegister();

  const submit = ({ confirm_password: _confirm, agreed: _agreed, ...values }: RegisterValues) => {
    registration.mutate(
      {
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        password: values.password,
        verify_code: values.verify_code.trim(),
      },
      { onSuccess: onRegistered },
    );
  };

  return (
    <Form<RegisterValues> form={form} name="register" size="large" onFinish={submit}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        注册账号
      </Typography.Title>
      <Form.Item name="name" rules={[newNameRule]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          aria-label="用户名"
          autoComplete="username"
        />
      </Form.Item>
      <PhoneField />
      <Form.Item name="email" rules={[emailRule]}>
        <Input prefix={<MailOutlined />} placeholder="请输入邮箱" aria-label="邮箱" autoComplete="email" />
      </Form.Item>
      <NewPasswordFields noun="密码" />
      <SmsCodeField send={sendCode} />
      <Form.Item name="agreed" valuePropName="checked" rules={[agreementRule]}>
        <AgreementCheckbox />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={registration.isPending}>
        注册
      </Button>
      <Button type="link" block onClick={onBack}>
        已有账号？返回登录
      </Button>
    </Form>
  );
}
