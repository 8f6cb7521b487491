import type { PhoneLoginBody } from '@skill-cert/shared/auth';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { useSendSmsCode } from '../api/send-sms';
import { PhoneField } from './fields';

export interface PhoneLoginFormProps {
  agreement: ReactNode;
  pending: boolean;
  onSubmit: (body: PhoneLoginBody) => void;
}

export function PhoneLoginForm({ agreement, pending, onSubmit }: PhoneLoginFormProps) {
  const [form] = Form.useForm<PhoneLoginBody>();
  const sendCode = useSendSmsCode(form, 'login');
  return (
    <Form<PhoneLoginBody>
      form={form}
      name="phone-login"
      size="large"
      onFinish={(values) => onSubmit({ phone: values.phone.trim(), verify_code: values.verify_code.trim() })}
    >
      <PhoneField />
      <SmsCodeField send={sendCode} />
      {agreement}
      <Button type="primary" htmlType="submit" block loading={pending}>
        登录
      </Button>
    </Form>
  );
}
