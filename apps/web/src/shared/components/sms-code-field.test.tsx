import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { maskPhone, SmsCodeField } from './sms-code-field';

function CodeForm({
  send,
  to,
  onFinish = () => {},
}: {
  send: () => Promise<boolean>;
  to?: string;
  onFinish?: (values: { verify_code: string }) => void;
}) {
  return (
    <Form onFinish={onFinish}>
      <SmsCodeField label="验证码" send={send} to={to} />
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('SmsCodeField', () => {
  it('a code sent starts the resend countdown; the button waits for it', async () => {
    const send = vi.fn(async () => true);
    renderWithProviders(<CodeForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(send).toHaveBeenCalledTimes(1);
    // The countdown's first second may pass on a busy machine before the button is read.
    expect(await screen.findByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();
  });

  it('a send that failed starts no countdown', async () => {
    const send = vi.fn(async () => false);
    renderWithProviders(<CodeForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /获取验证码/ })).toBeEnabled());
  });

  it('another recipient gets a countdown of its own', async () => {
    const send = vi.fn(async () => true);
    const view = renderWithProviders(<CodeForm send={send} to="13800000001" />);
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /\d+秒后重新获取/ });
    view.rerender(<CodeForm send={send} to="13800000002" />);
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('checks the code as the server does before the form is sent', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<CodeForm send={async () => true} onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ verify_code: '123456' }));
  });

  it('maskPhone shows the first three and the last four digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});
