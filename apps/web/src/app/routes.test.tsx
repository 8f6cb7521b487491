import { profileLabels } from '@skill-cert/shared/roles';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { company } from '@/features/companies/settings/test-fixtures';
import { browser } from '@/shared/browser';
import { feedback } from '@/shared/feedback';
import { getToken, saveLogin, TOKEN_COOKIE } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeLoginResult, makeUser, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';
import { findWithRole } from '@/test/ui';

/** A token in the cookie but nothing loaded yet: what a page reload looks like. */
const reloadedWithToken = () => Cookies.set(TOKEN_COOKIE, 'token-1');

describe('route guard', () => {
  it('sends a visitor without a token to /login with the full path as redirect', async () => {
    installFakeNetwork({});
    const { location } = renderRoute('/profile?tab=2');

    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/profile?tab=2')}`);
  });

  it('loads the user with GET /api/user after a reload, then shows the page', async () => {
    reloadedWithToken();
    const network = installFakeNetwork({ 'GET /api/user': ok(makeUser({ roles: [4], name: '李考评' })) });
    renderRoute('/exam-task');

    expect(await screen.findByRole('heading', { name: '考评任务' })).toBeInTheDocument();
    expect(screen.getByText('李考评')).toBeInTheDocument();
    expect(network.callsTo('GET /api/user')[0].headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('refuses a user without roles: clears the token and shows 您无权限登录系统', async () => {
    reloadedWithToken();
    installFakeNetwork({ 'GET /api/user': ok(makeUser({ roles: [] })) });
    const { location } = renderRoute('/record-application');

    expect(await screen.findByText('您无权限登录系统，请联系管理员分配权限！')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('sends a user with several roles and none active to /login, which opens 选择登录端', async () => {
    reloadedWithToken();
    installFakeNetwork({ 'GET /api/user': ok(makeUser({ roles: [1, 3], active_role_type_id: null })) });
    const { location } = renderRoute('/record-center');

    const dialog = await screen.findByRole('dialog', { name: '选择登录端' });
    expect(within(dialog).getByRole('button', { name: /企业端/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /机构端/ })).toBeInTheDocument();
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/record-center')}`);
  });

  it('sends an enterprise user without a company to /join', async () => {
    saveLogin(makeLoginResult({ roles: [1], company_id: null }));
    const { location } = renderRoute('/record-application');

    expect(await screen.findByRole('heading', { name: '加入或创建企业' })).toBeInTheDocument();
    expect(location()).toBe('/join');
  });

  it('keeps a user with a company away from /join', async () => {
    saveLogin(makeLoginResult({ roles: [1], company_id: 'company-1' }));
    const { location } = renderRoute('/join');

    expect(await screen.findByRole('heading', { name: '备案申请' })).toBeInTheDocument();
    expect(location()).toBe('/record-application');
  });

  it('checks again on every navigation: a lost token leads to /login on the next click', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2] }));
    const { router, location } = renderRoute('/company');
    await screen.findByRole('heading', { name: '企业管理' });

    Cookies.remove(TOKEN_COOKIE);
    await router.navigate('/profile');

    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/profile')}`));
  });

  it('clears the session and goes to /login when the user cannot be loaded', async () => {
    reloadedWithToken();
    installFakeNetwork({ 'GET /api/user': fail(500, '服务器错误') });
    const { location } = renderRoute('/company');

    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/company')}`));
    expect(getToken()).toBeNull();
  });
});

describe('routes', () => {
  it.each([
    [1, '/record-application'],
    [2, '/company'],
    [3, '/record-center'],
    [4, '/exam-task'],
  ] as const)('/ goes to the home of role %i', async (role, home) => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [role] }));
    const { location } = renderRoute('/');
    await waitFor(() => expect(location()).toBe(home));
  });

  it('an unknown path of the enterprise goes to /404', async () => {
    saveLogin(makeLoginResult({ roles: [1] }));
    const { location } = renderRoute('/no-such-page');

    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    expect(location()).toBe('/404');
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location()).toBe('/record-application'));
  });

  it.each([
    [2, '/company'],
    [3, '/record-center'],
    [4, '/exam-task'],
  ] as const)('an unknown path of server-menu portal %i goes to its home', async (role, home) => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [role] }));
    const { location } = renderRoute('/no-such-page');
    await waitFor(() => expect(location()).toBe(home));
  });

  it('an enterprise page is not open to another role: it goes to that role home', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [3] }));
    const { location } = renderRoute('/record-application/detail/1');
    await waitFor(() => expect(location()).toBe('/record-center'));
  });

  it('/401 shows a Chinese result page with 返回首页', async () => {
    renderRoute('/401');
    expect(await screen.findByText('抱歉，您没有权限访问该页面。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('/redirect/<path> re-enters <path> with its query', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2] }));
    const { location } = renderRoute('/redirect/update-password?from=tab');
    await waitFor(() => expect(location()).toBe('/update-password?from=tab'));
  });

  it('/information-link/... is public: no login, and the page asks the public endpoint', async () => {
    const network = installFakeNetwork({
      'GET /api/public/certificates/abc': fail(404, '证书不存在或已失效'),
    });
    const { location } = renderRoute('/information-link/abc/def');
    expect(await findWithRole(document, 'status', '证书不存在或已失效')).toBeInTheDocument();
    expect(network.callsTo('GET /api/public/certificates/abc')).toHaveLength(1);
    expect(location()).toBe('/information-link/abc/def');
  });

  it('the privacy agreement page shows the sanitised HTML of the server', async () => {
    installFakeNetwork({
      'GET /api/app/privacyAgreement': ok({
        title: '隐私协议',
        content: '<p>我们保护您的<strong>个人信息</strong></p><script>window.hacked = true</script>',
        update_time_str: '2025-01-01',
      }),
    });
    const { container } = renderRoute('/privacy-agreement');

    expect(await screen.findByRole('heading', { name: '隐私协议' })).toBeInTheDocument();
    expect(screen.getByText('个人信息').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('auth redirect', () => {
  it('exchanges the code, saves the session and goes to the redirect target', async () => {
    const network = installFakeNetwork({ 'POST /api/loginCode': ok(makeLoginResult({ roles: [3] })) });
    const { location } = renderRoute(`/auth-redirect?code=abc&redirect=${encodeURIComponent('/profile')}`);

    await waitFor(() => expect(location()).toBe('/profile'));
    expect(getToken()).toBe('token-1');
    expect(network.callsTo('POST /api/loginCode')).toHaveLength(1);
    expect(network.callsTo('POST /api/loginCode')[0].body).toEqual({ code: 'abc' });
  });

  it('goes to the role home without a redirect', async () => {
    installFakeNetwork({ 'POST /api/loginCode': ok(makeLoginResult({ roles: [4] })) });
    const { location } = renderRoute('/auth-redirect?code=abc');
    await waitFor(() => expect(location()).toBe('/exam-task'));
  });

  it('shows the error of a bad code and a link to /login', async () => {
    installFakeNetwork({ 'POST /api/loginCode': fail(400, '登录码无效或已过期') });
    renderRoute('/auth-redirect?code=used');

    expect(await screen.findByText('登录码无效或已过期')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回登录/ })).toHaveAttribute('href', '/login');
    expect(getToken()).toBeNull();
  });
});

describe('/profile', () => {
  it("is the company's settings for the enterprise role with a company", async () => {
    installFakeNetwork({ 'GET /api/companies/company-1': ok(company({ _id: 'company-1' })) });
    saveLogin(makeLoginResult({ roles: [1] }));
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: '企业信息' })).toBeInTheDocument();
    expect(await screen.findByText('91110000MA00000000')).toBeInTheDocument();
  });

  it("is the user's own facts for every other role", async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2], name: '平台管理员' }));
    renderRoute('/profile');
    const card = await findWithRole(document, 'region', profileLabels[2]);
    expect(within(card).getByText('当前角色')).toBeInTheDocument();
    expect(within(card).getByText('平台管理员')).toBeInTheDocument();
    expect(within(card).getByText('13800000000')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '企业信息' })).toBeNull();
  });
});

describe('/profile/index and /update-password/index (spec §2)', () => {
  it.each([1, 2, 3, 4] as const)('open the profile and password pages for role %i', async (role) => {
    installFakeNetwork({ 'GET /api/companies/company-1': ok(company({ _id: 'company-1' })) });
    saveLogin(makeLoginResult({ roles: [role] }));
    const { router, location } = renderRoute('/profile/index');
    await waitFor(() => expect(location()).toBe('/profile'));
    await act(() => router.navigate('/update-password/index'));
    await waitFor(() => expect(location()).toBe('/update-password'));
    expect(await screen.findByLabelText('确认新密码')).toBeInTheDocument();
  });
});

describe('signed-in layout', () => {
  it('shows the product name, the role home link and the profile label of the active role', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [3], name: '王机构' }));
    renderRoute('/record-center');
    const user = userEvent.setup();

    expect(await screen.findByText('职业技能等级认定与证书服务')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: '菜单' })).getByText('备案中心'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /王机构/ }));
    expect(await screen.findByText('机构信息')).toBeInTheDocument();
    expect(screen.getByText('修改密码')).toBeInTheDocument();
  });

  it('退出登录 asks 确定退出系统吗？, then logs out, clears the session and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const network = installFakeNetwork({ 'DELETE /api/logout': ok(null) });
    saveLogin(makeLoginResult({ roles: [2], name: '平台管理员' }));
    renderRoute('/company');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /平台管理员/ }));
    await user.click(await screen.findByText('退出登录'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定退出系统吗？');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(network.callsTo('DELETE /api/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('修改密码 sends PATCH /api/login, then clears the session and goes to /login, saying 密码修改成功，请重新登录 there', async () => {
    // Said by antd's static holder, which outlives the layout (feedback.leaving); the browser test sees it on /login.
    const said = vi.spyOn(feedback.leaving, 'success').mockImplementation(() => {});
    const network = installFakeNetwork({ 'PATCH /api/login': ok(null) });
    saveLogin(makeLoginResult({ roles: [2] }));
    const { location } = renderRoute('/update-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('原密码'), 'old12345');
    await user.type(screen.getByLabelText('新密码'), 'new12345');
    await user.type(screen.getByLabelText('确认新密码'), 'new12345');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(said).toHaveBeenCalledWith('密码修改成功，请重新登录');
    expect(network.callsTo('PATCH /api/login')[0].body).toEqual({
      old_password: 'old12345',
      password: 'new12345',
    });
    expect(getToken()).toBeNull();
  });

  it('修改密码 rejects a confirmation that differs', async () => {
    const network = installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2] }));
    renderRoute('/update-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('原密码'), 'old12345');
    await user.type(screen.getByLabelText('新密码'), 'new12345');
    await user.type(screen.getByLabelText('确认新密码'), 'new54321');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(network.callsTo('PATCH /api/login')).toHaveLength(0);
  });
});
