import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/browser';
import { DICT_STORAGE_KEY } from '@/shared/dict/dict-cache';
import { ACTIVE_ROLE_KEY, saveLogin } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import { fullMenus } from '@/test/fake-menus';
import { fail, installFakeNetwork, makeLoginResult, makeUser, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';
import { roleSwitchQuestion, switchRole } from './role-switcher';

const switcher = () => screen.findByRole('button', { name: /切换角色/ });

// The first render pays for loading the shell and antd; do it once, outside the tests' time limit.
beforeAll(async () => {
  await Promise.all([
    import('./app-layout'),
    import('../routes/placeholder-page'),
    import('../routes/server-menu-page'),
  ]);
}, 120_000);

describe('role switcher', () => {
  it('is not shown to a user with one role', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2], name: '平台管理员' }));
    renderRoute('/company');
    expect(await screen.findByRole('button', { name: /平台管理员/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /切换角色/ })).not.toBeInTheDocument();
  });

  it("asks 确定切换至{role}吗？, then switches, clears the dictionary and loads the new role's home afresh", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    localStorage.setItem(DICT_STORAGE_KEY, JSON.stringify({ exam_type: { items: [], at: Date.now() } }));
    const switched = makeUser({ roles: [2, 4], active_role_type_id: 4 });
    const network = installFakeNetwork({
      'PATCH /api/user/switchRoleType': () => ok(switched),
      'GET /api/user/personalMenus': () => ok(fullMenus(2)),
    });
    saveLogin(makeLoginResult({ roles: [2, 4], active_role_type_id: 2 }));
    const { location } = renderRoute('/company');
    const user = userEvent.setup();

    expect(await switcher()).toHaveTextContent('平台端');
    await user.click(await switcher());
    await user.click(await screen.findByText('考评员端'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定切换至考评员端吗？');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/exam-task'));
    expect(reload).not.toHaveBeenCalled();
    expect(network.callsTo('PATCH /api/user/switchRoleType')[0].body).toEqual({ role: 4 });
    expect(localStorage.getItem(DICT_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ACTIVE_ROLE_KEY)).toBe('4');
    // The open page is not rendered as the new role before the load (that is what sent /company to /404).
    expect(location()).toBe('/company');
    expect(useSessionStore.getState().user?.active_role_type_id).toBe(2);
  });

  it.each([
    [2, 1, [1, 2], null, '/join'],
    [2, 1, [1, 2], 'c1', '/record-application'],
    [4, 1, [1, 4], 'c1', '/record-application'],
    [3, 1, [1, 3], 'c1', '/record-application'],
    [1, 2, [1, 2], 'c1', '/company'],
    [1, 3, [1, 3], 'c1', '/record-center'],
    [1, 4, [1, 4], 'c1', '/exam-task'],
    [3, 4, [3, 4], null, '/exam-task'],
  ] as const)(
    "from role %i to role %i the next page is that role's home",
    async (from, to, roles, company, home) => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
      installFakeNetwork({
        'PATCH /api/user/switchRoleType': () =>
          ok(makeUser({ roles: [...roles], active_role_type_id: to, company_id: company })),
      });
      saveLogin(makeLoginResult({ roles: [...roles], active_role_type_id: from, company_id: company }));
      await switchRole(to);
      expect(assign).toHaveBeenCalledWith(home);
    },
  );

  it('picking the active role asks nothing and changes nothing', async () => {
    const network = installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2, 3], active_role_type_id: 3 }));
    renderRoute('/record-center');
    const user = userEvent.setup();

    await user.click(await switcher());
    await user.click(await screen.findByRole('menuitem', { name: '机构端' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.callsTo('PATCH /api/user/switchRoleType')).toHaveLength(0);
  });

  it('a failure says {error}，请稍后重试！ and stays', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    installFakeNetwork({ 'PATCH /api/user/switchRoleType': fail(403, '您没有该角色的权限') });
    saveLogin(makeLoginResult({ roles: [1, 2], active_role_type_id: 2 }));
    const { location } = renderRoute('/company');
    const user = userEvent.setup();

    await user.click(await switcher());
    await user.click(await screen.findByRole('menuitem', { name: '企业端' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('您没有该角色的权限，请稍后重试！')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(location()).toBe('/company');
    expect(useSessionStore.getState().user?.active_role_type_id).toBe(2);
  });

  it('words the question with the role name', () => {
    expect(roleSwitchQuestion(1)).toBe('确定切换至企业端吗？');
    expect(roleSwitchQuestion(3)).toBe('确定切换至机构端吗？');
  });
});
