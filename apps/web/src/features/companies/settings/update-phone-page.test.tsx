import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeRequest, fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { errorOf } from '@/test/ui';
import { ME, signIn } from './test-fixtures';
import { UpdatePhonePage } from './update-phone-page';

const TICKET = 'ticket-abc';
const form = (name: string) => screen.getByRole('form', { name });

/** `GET /api/changePhone/sms`: the old phone without a query, the new one with phone and ticket. */
const smsRoute = (refuse?: string) => (request: FakeRequest) => {
  if (!request.query.get('phone')) return ok(null);
  if (request.query.get('ticket') !== TICKET) return fail(400, '请先验证原手机号');
  return refuse ? fail(400, refuse) : ok(null);
};

/** Step 1 done: the old phone's code sent and checked. */
async function verifyOldPhone(user = userEvent.setup()) {
  const step1 = await waitFor(() => form('验证原手机号'));
  await user.click(within(step1).getByRole('button', { name: '获取验证码' }));
  await user.type(within(step1).getByLabelText('验证码'), '111111');
  await user.click(within(step1).getByRole('button', { name: '下一步' }));
  return waitFor(() => form('绑定新手机号'));
}

describe('UpdatePhonePage (/update-phone)', () => {
  it('step 1 sends a code to the old phone with a countdown, and checks it before going on', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/changePhone/sms': smsRoute(),
      'POST /api/changePhone/checkSms': (request) =>
        (request.body as { verify_code: string }).verify_code === '111111'
          ? ok({ ticket: TICKET })
          : fail(400, '验证码错误'),
    });
    renderPage('/update-phone', <UpdatePhonePage />);
    const user = userEvent.setup();
    const step1 = await waitFor(() => form('验证原手机号'));
    expect(within(step1).getByText('138****0001')).toBeInTheDocument();

    await user.click(within(step1).getByRole('button', { name: '下一步' }));
    expect(await within(step1).findByText('请输入验证码')).toBeInTheDocument();
    expect(network.callsTo('POST /api/changePhone/checkSms')).toHaveLength(0);

    await user.click(within(step1).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(network.callsTo('GET /api/changePhone/sms')).toHaveLength(1));
    expect([...network.callsTo('GET /api/changePhone/sms')[0]!.query]).toEqual([]);
    expect(await screen.findByText('验证码已发送至原手机号')).toBeInTheDocument();
    expect(await within(step1).findByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();

    await user.type(within(step1).getByLabelText('验证码'), '222222');
    await user.click(within(step1).getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(form('验证原手机号')).toBeInTheDocument();

    await user.clear(within(step1).getByLabelText('验证码'));
    await user.type(within(step1).getByLabelText('验证码'), '111111');
    await user.click(within(step1).getByRole('button', { name: '下一步' }));
    expect(await waitFor(() => form('绑定新手机号'))).toBeInTheDocument();
    expect(network.callsTo('POST /api/changePhone/checkSms').at(-1)?.body).toEqual({ verify_code: '111111' });
  });

  it('step 2 sends the new phone a code with the ticket, binds it, reloads the user and shows the new phone', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/changePhone/sms': smsRoute(),
      'POST /api/changePhone/checkSms': ok({ ticket: TICKET }),
      'POST /api/changePhone': (request) => ok({ phone: (request.body as { phone: string }).phone }),
      'GET /api/user': ok({ ...ME, phone: '13700000008' }),
    });
    renderPage('/update-phone', <UpdatePhonePage />);
    const user = userEvent.setup();
    const step2 = await verifyOldPhone(user);

    await user.type(within(step2).getByPlaceholderText('请输入新手机号'), ME.phone);
    await user.click(within(step2).getByRole('button', { name: '获取验证码' }));
    expect(await within(step2).findByText('新手机号不能与原手机号相同')).toBeInTheDocument();
    expect(network.callsTo('GET /api/changePhone/sms')).toHaveLength(1);

    await user.clear(within(step2).getByPlaceholderText('请输入新手机号'));
    await user.type(within(step2).getByPlaceholderText('请输入新手机号'), '13700000008');
    await user.click(within(step2).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(network.callsTo('GET /api/changePhone/sms')).toHaveLength(2));
    expect(Object.fromEntries(network.callsTo('GET /api/changePhone/sms')[1]!.query)).toEqual({
      phone: '13700000008',
      ticket: TICKET,
    });
    expect(await screen.findByText('验证码已发送至新手机号')).toBeInTheDocument();

    await user.type(within(step2).getByLabelText('新手机号验证码'), '333333');
    await user.click(within(step2).getByRole('button', { name: '确定' }));

    expect(
      await screen.findByText('当前绑定的手机号：13700000008，下次可使用新手机号登录。'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /api/changePhone')[0]?.body).toEqual({
      phone: '13700000008',
      verify_code: '333333',
      ticket: TICKET,
    });
    await waitFor(() => expect(useSessionStore.getState().user?.phone).toBe('13700000008'));
  });

  it("a phone another account uses shows the server's message at the phone", async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/changePhone/sms': smsRoute('该手机号已被其他账号使用'),
      'POST /api/changePhone/checkSms': ok({ ticket: TICKET }),
    });
    renderPage('/update-phone', <UpdatePhonePage />);
    const user = userEvent.setup();
    const step2 = await verifyOldPhone(user);

    await user.type(within(step2).getByPlaceholderText('请输入新手机号'), '13700000009');
    await user.click(within(step2).getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(errorOf(within(step2).getByPlaceholderText('请输入新手机号'))).toBe('该手机号已被其他账号使用'),
    );
    // No countdown for a code that was not sent (the name may still carry the leaving loading icon in jsdom).
    expect(within(step2).getByRole('button', { name: /获取验证码/ })).toBeEnabled();
    expect(network.callsTo('POST /api/changePhone')).toHaveLength(0);
  });

  it('an expired ticket sends the user back to step 1', async () => {
    signIn();
    installFakeNetwork({
      'GET /api/changePhone/sms': smsRoute(),
      'POST /api/changePhone/checkSms': ok({ ticket: TICKET }),
      'POST /api/changePhone': fail(400, '请先验证原手机号'),
    });
    renderPage('/update-phone', <UpdatePhonePage />);
    const user = userEvent.setup();
    const step2 = await verifyOldPhone(user);
    await user.type(within(step2).getByPlaceholderText('请输入新手机号'), '13700000008');
    await user.type(within(step2).getByLabelText('新手机号验证码'), '333333');
    await user.click(within(step2).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('原手机号验证已过期，请重新验证')).toBeInTheDocument();
    expect(await waitFor(() => form('验证原手机号'))).toBeInTheDocument();
  });
});
