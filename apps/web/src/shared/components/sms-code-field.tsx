import { verifyCode } from '@skill-cert/shared/auth';
import { SMS_RESEND_INTERVAL_MS } from '@skill-cert/shared/constants';
import { Button, Flex, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { schemaRule } from '@/shared/forms';
import { useCountdown } from '@/shared/hooks/use-countdown';

const codeRule = schemaRule(verifyCode);

/** 获取验证码 with the 60-second resend countdown. */
function SendCodeButton({ send }: { send: () => Promise<boolean> }) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const click = async () => {
    setSending(true);
    try {
      if (await send()) start(SMS_RESEND_INTERVAL_MS / 1_000);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={click} loading={sending} disabled={remaining > 0} style={{ minWidth: 128 }}>
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}

interface SmsCodeFieldProps {
  /** Sends the code; resolves true when it was sent (the countdown starts), false otherwise (nothing to undo). */
  send: () => Promise<boolean>;
  /** Whom the code goes to (a phone, a member): another one gets a countdown of its own. */
  to?: string;
  /** The form item's label; the sign-in page's forms have none, their inputs say what they are. */
  label?: ReactNode;
  extra?: ReactNode;
  /** The input's accessible name. */
  ariaLabel?: string;
}

/**
 * The SMS code of a form: its `verify_code` input (checked as the server checks it) beside 获取验证码, which sends the
 * code and counts down to the next one. Every form that asks for a code uses this one.
 */
export function SmsCodeField({ send, to, label, extra, ariaLabel = '验证码' }: SmsCodeFieldProps) {
  return (
    <Form.Item label={label} required extra={extra}>
      <Flex gap={8}>
        <Form.Item name="verify_code" noStyle rules={[codeRule]}>
          <Input
            placeholder="请输入验证码"
            aria-label={ariaLabel}
            maxLength={6}
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SendCodeButton key={to ?? ''} send={send} />
      </Flex>
    </Form.Item>
  );
}

/** 138****0000: the phone a code went to, as the server's own message shows it. */
export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
