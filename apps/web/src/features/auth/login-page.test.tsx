import { RoleType, type RoleTypeId } from '@skill-cert/shared/roles';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/browser';
import { getToken } from '@/shared/session/session';
import { installFakeNetwork, makeLoginResult, makeUser, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';

async function fillPasswordLogin(name: string, password: string, agree = true) {
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('请输入用户名'), name);
  await user.type(screen.getByPlaceholderText('请输入密码'), password);
  if (agree) await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: '登录' }));
  return user;
}

describe('login page', () => {
  it.each<[string, RoleTypeId, string | null, string, string]>([
    ['enterprise with a company', RoleType.ENTERPRISE, 'company-1', '/record-application', '备案申请'],
    ['enterprise without a company', RoleType.ENTERPRISE, null, '/join', '加入或创建企业'],
    ['platform', RoleType.PLATFORM, null, '/company', '企业管理'],
    ['institution', RoleType.INSTITUTION, null, '/record-center', '备案中心'],
    ['examiner', RoleType.EXAMINER, null, '/exam-task', '考评任务'],
  ])('password login of %s lands on its home', async (_label, role, companyId, home, title) => {
    const result = makeLoginResult({ roles: [role], company_id: companyId });
    installFakeNetwork({ 'POST /api/login': ok(result), 'GET /api/user': ok(makeUser(result)) });
    const { location } = renderRoute('/login');

    await fillPasswordLogin('zhangsan', 'secret123');

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(location()).toBe(home);
    expect(getToken()).toBe('token-1');
  });

  it('goes to the redirect target after login', async () => {
    installFakeNetwork({ 'POST /api/login': ok(makeLoginResult({ roles: [2] })) });
    const { location } = renderRoute(`/login?redirect=${encodeURIComponent('/update-password')}`);

    await fillPasswordLogin('zhangsan', 'secret123');

    await waitFor(() => expect(location()).toBe('/update-password'));
  });

  it('trims the user name before a password login', async () => {
    const network = installFakeNetwork({ 'POST /api/login': ok(makeLoginResult()) });
    renderRoute('/login');

    await fillPasswordLogin('  zhangsan  ', 'secret123');

    await waitFor(() => expect(network.callsTo('POST /api/login')).toHaveLength(1));
    expect(network.callsTo('POST /api/login')[0].body).toEqual({ name: 'zhangsan', password: 'secret123' });
  });

  it('trims the phone for the SMS code and the code login, and counts down 60 s', async () => {
    const network = installFakeNetwork({
      'POST /api/phone/login/sms': ok(null),
      'POST /api/phone/login': ok(makeLoginResult({ roles: [3] })),
    });
    const { location } = renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(await screen.findByPlaceholderText('请输入手机号'), ' 13800000000 ');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /60秒后重新获取/ })).toBeDisabled();
    expect(network.callsTo('POST /api/phone/login/sms')[0].body).toEqual({ phone: '13800000000' });

    await user.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getAllByRole('button', { name: '登录' }).at(-1)!);

    await waitFor(() => expect(location()).toBe('/record-center'));
    expect(network.callsTo('POST /api/phone/login')[0].body).toEqual({
      phone: '13800000000',
      verify_code: '123456',
    });
  });

  it('asks for the user name and password before sending anything', async () => {
    const network = installFakeNetwork({});
    renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '登录' }));

    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('asks for a valid phone and a 6-digit code on the code login', async () => {
    installFakeNetwork({});
    renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(await screen.findByPlaceholderText('请输入手机号'), '12345');
    await user.type(screen.getByPlaceholderText('请输入验证码'), '12');
    await user.click(screen.getAllByRole('button', { name: '登录' }).at(-1)!);

    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(screen.getByText('验证码应为6位数字')).toBeInTheDocument();
  });

  it('requires the privacy agreement before login', async () => {
    const network = installFakeNetwork({ 'POST /api/login': ok(makeLoginResult()) });
    renderRoute('/login');

    await fillPasswordLogin('zhangsan', 'secret123', false);

    expect(await screen.findByText('请先阅读并同意隐私协议')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows 选择登录端 for several roles without an active one; a tile switches the role', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const network = installFakeNetwork({
      'POST /api/login': ok(makeLoginResult({ roles: [1, 2], active_role_type_id: null })),
      'PATCH /api/user/switchRoleType': ok(makeUser({ roles: [1, 2], active_role_type_id: 2 })),
    });
    renderRoute('/login');

    await fillPasswordLogin('zhangsan', 'secret123');
    const dialog = await screen.findByRole('dialog', { name: '选择登录端' });
    expect(dialog).toHaveTextContent('企业端');
    await userEvent.click(screen.getByRole('button', { name: /平台端/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/company'));
    expect(network.callsTo('PATCH /api/user/switchRoleType')[0].body).toEqual({ role: 2 });
    expect(localStorage.getItem('Active-Role-Type')).toBe('2');
  });

  it('sends the picked role to the redirect target when there is one', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    installFakeNetwork({
      'POST /api/login': ok(makeLoginResult({ roles: [3, 4], active_role_type_id: null })),
      'PATCH /api/user/switchRoleType': ok(makeUser({ roles: [3, 4], active_role_type_id: 4 })),
    });
    renderRoute(`/login?redirect=${encodeURIComponent('/profile?tab=1')}`);

    await fillPasswordLogin('zhangsan', 'secret123');
    await userEvent.click(await screen.findByRole('button', { name: /考评员端/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile?tab=1'));
  });

  it('refuses a user without any role', async () => {
    installFakeNetwork({ 'POST /api/login': ok(makeLoginResult({ roles: [] })) });
    const { location } = renderRoute('/login');

    await fillPasswordLogin('zhangsan', 'secret123');

    expect(await screen.findByText('您无权限登录系统，请联系管理员分配权限！')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(location()).toBe('/login');
  });

  it('registers with an SMS code and lands on /join', async () => {
    const network = installFakeNetwork({
      'POST /api/register/sms': ok(null),
      'POST /api/register': ok(makeLoginResult({ roles: [1], company_id: null })),
    });
    const { location } = renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '注册账号' }));
    await user.type(await screen.findByPlaceholderText('请输入用户名'), ' lisi ');
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13900000000 ');
    await user.type(screen.getByPlaceholderText('请输入邮箱'), 'lisi@example.com');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'abc12345');
    await user.type(screen.getByPlaceholderText('请再次输入密码'), 'abc12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /60秒后重新获取/ });
    await user.type(screen.getByPlaceholderText('请输入验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '注册' }));
    // Register, like login, asks for the privacy agreement first.
    expect(await screen.findByText('请先阅读并同意隐私协议')).toBeInTheDocument();
    expect(network.callsTo('POST /api/register')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await user.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByRole('heading', { name: '加入或创建企业' })).toBeInTheDocument();
    expect(location()).toBe('/join');
    expect(network.callsTo('POST /api/register/sms')[0].body).toEqual({ phone: '13900000000' });
    expect(network.callsTo('POST /api/register')[0].body).toEqual({
      name: 'lisi',
      phone: '13900000000',
      email: 'lisi@example.com',
      password: 'abc12345',
      verify_code: '654321',
    });
  });

  it('resets the password and returns to the password login with a message', async () => {
    const network = installFakeNetwork({
      'POST /api/resetPassword/sms': ok(null),
      'POST /api/resetPassword': ok(null),
    });
    renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '忘记密码' }));
    await user.type(await screen.findByPlaceholderText('请输入手机号'), '13900000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /60秒后重新获取/ });
    await user.type(screen.getByPlaceholderText('请输入验证码'), '111111');
    await user.type(screen.getByPlaceholderText('请输入新密码'), 'newpass123');
    await user.type(screen.getByPlaceholderText('请再次输入新密码'), 'newpass123');
    await user.click(screen.getByRole('button', { name: '重置密码' }));

    expect(await screen.findByText('密码重置成功，请使用新密码登录')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(network.callsTo('POST /api/resetPassword')[0].body).toEqual({
      phone: '13900000000',
      verify_code: '111111',
      password: 'newpass123',
    });
  });
});
