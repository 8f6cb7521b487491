import { smsRequestBody } from '@skill-cert/shared/auth';
import { SMS_RESEND_INTERVAL_MS } from '@skill-cert/shared/constants';
import { App, Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { type SmsPurpose, sendSmsCode } from '../api/send-sms';
import { verifyCodeRule } from './rules';

interface SmsCodeFieldProps {
  /** The form holding a `phone` field; the code is sent to it. */
  form: FormInstance;
  purpose: SmsPurpose;
}

/** The `verify_code` input with its 获取验证码 button and the 60-second resend countdown. */
export function SmsCodeField({ form, purpose }: SmsCodeFieldProps) {
  const { message } = App.useApp();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let phone: string;
    try {
      await form.validateFields(['phone']);
      phone = smsRequestBody.parse({ phone: form.getFieldValue('phone') }).phone;
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendSmsCode(purpose, phone);
      message.success('验证码已发送');
      start(SMS_RESEND_INTERVAL_MS / 1_000);
    } catch {
      // The HTTP client has shown the reason (e.g. 429 too soon).
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="verify_code" noStyle rules={[verifyCodeRule]}>
          <Input placeholder="请输入验证码" aria-label="验证码" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={send} loading={sending} disabled={remaining > 0} style={{ minWidth: 128 }}>
          {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
