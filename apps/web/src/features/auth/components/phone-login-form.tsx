import type { PhoneLoginBody } from '@skill-cert/shared/auth';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { PhoneField } from './fields';
import { SmsCodeField } from './sms-code-field';

export interface PhoneLoginFormProps {
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
      <PhoneField />
      <SmsCodeField form={form} purpose="login" />
      {agreement}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
