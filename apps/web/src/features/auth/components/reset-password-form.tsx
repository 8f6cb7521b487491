import type { ResetPasswordBody } from '@skill-cert/shared/auth';
import { Button, Form, Typography } from 'antd';
import { SmsCodeField } from '@/shared/components/sms-code-field';
import { useResetPassword } from '../api/reset-password';
import { useSendSmsCode } from '../api/send-sms';
import { NewPasswordFields, PhoneField } from './fields';

type ResetValues = ResetPasswordBody & { confirm_password: string };

export interface ResetPasswordFormProps {
  onDone: () => void;
  onBack: () => void;
}

export function ResetPasswordForm({ onDone, onBack }: ResetPasswordFormProps) {
  const [form] = Form.useForm<ResetValues>();
  const sendCode = useSendSmsCode(form, 'resetPassword');
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
      <PhoneField />
      <SmsCodeField send={sendCode} />
      <NewPasswordFields noun="新密码" />
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        重置密码
      </Button>
      <Button type="link" block onClick={onBack}>
        返回登录
      </Button>
    </Form>
  );
}
