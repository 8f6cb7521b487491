import { changePhoneBody } from '@skill-cert/shared/phone';
import { App, Button, Card, Form, Input, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { maskPhone, SmsCodeField } from '@/shared/components/sms-code-field';
import { schemaRule } from '@/shared/forms';
import { ApiError, errorMessage } from '@/shared/http';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { useCurrentUser } from '@/shared/session/session-store';
import { useChangePhone } from './api/change-phone';
import { useCheckOldPhoneCode } from './api/check-old-phone-code';
import { useSendChangePhoneCode } from './api/send-change-phone-code';

const phoneRule = schemaRule(changePhoneBody.shape.phone);
/** The server's answer when the old phone's ticket is missing or has run out (10 minutes). */
const TICKET_EXPIRED = '请先验证原手机号';

/** Step 1: a code to the current phone; checking it gives the ticket for step 2. */
function VerifyOldPhone({ phone, onVerified }: { phone: string; onVerified: (ticket: string) => void }) {
  const { message } = App.useApp();
  const send = useSendChangePhoneCode();
  const check = useCheckOldPhoneCode();

  const sendCode = () =>
    send.mutateAsync(undefined).then(
      () => {
        message.success('验证码已发送至原手机号');
        return true;
      },
      () => false,
    );

  return (
    <Form<{ verify_code: string }>
      name="verify-old-phone"
      aria-label="验证原手机号"
      labelCol={{ flex: '110px' }}
      style={{ maxWidth: 520 }}
      onFinish={({ verify_code }) =>
        check.mutate(verify_code.trim(), { onSuccess: ({ ticket }) => onVerified(ticket) })
      }
    >
      <Form.Item label="原手机号">
        <Typography.Text>{maskPhone(phone)}</Typography.Text>
      </Form.Item>
      <SmsCodeField label="验证码" send={sendCode} />
      <Form.Item label={null}>
        <Button type="primary" htmlType="submit" loading={check.isPending}>
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}

interface NewPhoneValues {
  phone: string;
  verify_code: string;
}

/** Step 2: the new phone and its code. A phone another account uses is refused by the server. */
function BindNewPhone({
  oldPhone,
  ticket,
  onChanged,
  onTicketExpired,
}: {
  oldPhone: string;
  ticket: string;
  onChanged: (phone: string) => void;
  onTicketExpired: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NewPhoneValues>();
  const send = useSendChangePhoneCode();
  const change = useChangePhone();
  const phone = Form.useWatch('phone', form);

  const refused = (error: unknown, field: keyof NewPhoneValues) => {
    const text = errorMessage(error);
    if (error instanceof ApiError && text === TICKET_EXPIRED) onTicketExpired();
    else if (error instanceof ApiError && error.code === 400)
      form.setFields([{ name: field, errors: [text] }]);
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return false;
    }
    const to = changePhoneBody.shape.phone.parse(form.getFieldValue('phone'));
    return send.mutateAsync({ phone: to, ticket }).then(
      () => {
        message.success('验证码已发送至新手机号');
        return true;
      },
      (error: unknown) => {
        refused(error, 'phone');
        return false;
      },
    );
  };

  const submit = (values: NewPhoneValues) => {
    const body = changePhoneBody.parse({ ...values, ticket });
    change.mutate(body, {
      onSuccess: (result) => {
        message.success('手机号修改成功');
        onChanged(result.phone);
        // The session's user shows the new phone everywhere (navbar, profile).
        getUser().then(saveUser, () => undefined);
      },
      onError: (error) => refused(error, error.message.includes('手机号') ? 'phone' : 'verify_code'),
    });
  };

  const notTheOldPhone = {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value === 'string' && value.trim() === oldPhone)
        throw new Error('新手机号不能与原手机号相同');
    },
  };

  return (
    <Form<NewPhoneValues>
      form={form}
      name="bind-new-phone"
      aria-label="绑定新手机号"
      labelCol={{ flex: '110px' }}
      style={{ maxWidth: 520 }}
      onFinish={submit}
    >
      <Form.Item label="新手机号" name="phone" rules={[phoneRule, notTheOldPhone]}>
        <Input placeholder="请输入新手机号" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <SmsCodeField label="验证码" ariaLabel="新手机号验证码" send={sendCode} to={phone} />
      <Form.Item label={null}>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确定
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 修改手机号 (/update-phone): verify the current phone by SMS, then bind a new one by SMS. */
export function UpdatePhonePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [ticket, setTicket] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const step = changedTo ? 2 : ticket ? 1 : 0;

  const restart = () => {
    setTicket(null);
    setChangedTo(null);
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          修改手机号
        </Typography.Title>
      }
    >
      <Steps
        current={step}
        style={{ maxWidth: 720, marginBottom: 32 }}
        items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }, { title: '完成' }]}
      />
      {step === 0 && user && <VerifyOldPhone phone={user.phone} onVerified={setTicket} />}
      {step === 1 && user && ticket && (
        <BindNewPhone
          oldPhone={user.phone}
          ticket={ticket}
          onChanged={setChangedTo}
          onTicketExpired={() => {
            message.warning('原手机号验证已过期，请重新验证');
            setTicket(null);
          }}
        />
      )}
      {step === 2 && changedTo && (
        <Result
          status="success"
          title="手机号修改成功"
          subTitle={`当前绑定的手机号：${changedTo}，下次可使用新手机号登录。`}
          extra={
            <Space>
              <Button
                type="primary"
                onClick={() => {
                  restart();
                  void navigate('/profile');
                }}
              >
                返回企业信息
              </Button>
            </Space>
          }
        />
      )}
    </Card>
  );
}
