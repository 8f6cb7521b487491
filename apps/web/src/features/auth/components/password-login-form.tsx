import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { PasswordLoginBody } from '@skill-cert/shared/auth';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { loginNameRule, loginPasswordRule } from './rules';

interface PasswordLoginFormProps {
  /** The privacy agreement checkbox, shown above the button. */
  agreement: ReactNode;
  pending: boolean;
  onSubmit: (body: PasswordLoginBody) => void;
}

export function PasswordLoginForm({ agreement, pending, onSubmit }: PasswordLoginFormProps) {
  return (
    <Form<PasswordLoginBody>
      name="password-login"
      size="large"
      onFinish={(values) => onSubmit({ name: values.name.trim(), password: values.password })}
    >
      <Form.Item name="name" rules={[loginNameRule]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          aria-label="用户名"
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[loginPasswordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          autoComplete="current-password"
        />
      </Form.Item>
      {agreement}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
