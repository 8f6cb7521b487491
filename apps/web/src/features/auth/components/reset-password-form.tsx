import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import type { ResetPasswordBody } from '@skill-cert/shared/auth';
import { Button, Form, Input, Typography } from 'antd';
import { sameAsRule } from '@/shared/forms';
import { useResetPassword } from '../api/reset-password';
import { newPasswordRule, phoneRule } from './rules';
import { SmsCodeField } from './sms-code-field';

type ResetValues = ResetPasswordBody & { confirm_password: string };

interface ResetPasswordFormProps {
  onDone: () => void;
  onBack: () => void;
}

export function ResetPasswordForm({ onDone, onBack }: ResetPasswordFormProps) {
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();

  const submit = (values: ResetValues) => {
    reset.mutate(
      { phone: values.phone.trim(), verify_code: values.verify_code.trim(), password: values.password },
      { onSuccess: onDone },
    );
  };

  return (
    <Form<ResetValues> form={form} name="reset-password" size="large" onFinish={submit}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        忘记密码
      </Typography.Title>
      <Form.Item name="phone" rules={[phoneRule]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          aria-label="手机号"
          autoComplete="tel"
        />
      </Form.Item>
      <SmsCodeField form={form} purpose="resetPassword" />
      <Form.Item name="password" rules={[newPasswordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入新密码"
          aria-label="新密码"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="confirm_password" dependencies={['password']} rules={[sameAsRule('password')]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请再次输入新密码"
          aria-label="确认新密码"
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        重置密码
      </Button>
      <Button type="link" block onClick={onBack}>
        返回登录
      </Button>
    </Form>
  );
}
