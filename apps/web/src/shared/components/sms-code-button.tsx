import { SMS_RESEND_INTERVAL_MS } from '@skill-cert/shared/constants';
import { Button } from 'antd';
import { useState } from 'react';
import { useCountdown } from '@/shared/hooks/use-countdown';

interface SmsCodeButtonProps {
  /** Sends the code; resolves true when it was sent (the countdown starts), false otherwise. */
  send: () => Promise<boolean>;
  disabled?: boolean;
}

/** 获取验证码 with the 60-second resend countdown of the login page. Key it by the phone it sends to. */
export function SmsCodeButton({ send, disabled }: SmsCodeButtonProps) {
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
    <Button onClick={click} loading={sending} disabled={disabled || remaining > 0} style={{ minWidth: 128 }}>
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}

/** 138****0000: the phone a code went to, as the server's own message shows it. */
export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
