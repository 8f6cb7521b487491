import { MobileOutlined } from '@ant-design/icons';
import type { PhoneLoginBody } from '@skill-cert/shared/auth';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { phoneRule } from './rules';
import { SmsCodeField } from './sms-code-field';

interface PhoneLoginFormProps {
  agreement: ReactNode;
  pending: boolean;
  onSubmit: (body: PhoneLoginBody) => void;
}

export function PhoneLoginForm({ agreement, pending, onSubmit }: PhoneLoginFormProps) {
  const [form] = Form.useForm<PhoneLoginBody>();
  return (
    <Form<PhoneLoginBody>
      form={form}
      name="phone-login"
      size="large"
      onFinish={(values) => onSubmit({ phone: values.phone.trim(), verify_code: values.verify_code.trim() })}
    >
      <Form.Item name="phone" rules={[phoneRule]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          aria-label="手机号"
          autoComplete="tel"
        />
      </Form.Item>
      <SmsCodeField form={form} purpose="login" />
      {agreement}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
