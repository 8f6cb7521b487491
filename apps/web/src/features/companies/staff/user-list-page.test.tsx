import type { MemberRow } from '@skill-cert/shared/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { ME, member, membersRoute, signIn } from './test-fixtures';
import { UserListPage } from './user-list-page';

const admin = member(ME.name, ME.phone, 1, { user_id: ME._id, joined_time_str: '2026-01-01 08:00:00' });
const li = member('李成员', '13900000002', 2, { joined_time_str: '2026-02-03 10:20:30' });
const zhao = member('赵成员', '13900000003');
const asMember = { ...admin, role: 2, role_text: '成员' };

const inviteRoutes = (status = 1) => {
  let current = status;
  return {
    'GET /api/companies/getInitiateCode': () => ok({ initiate_code: 'AB12CD34', initiate_status: current }),
    'GET /api/companies/switchInitiateStatus': () => {
      current = current ? 0 : 1;
      return ok({ initiate_code: 'AB12CD34', initiate_status: current });
    },
  };
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialogWith = async (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
describe('UserListPage (/user-list)', () => {
  it('lists members with name, phone, company role and joined time; searches by name or phone from page 1', async () => {
    signIn();
    const network = installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute([admin, li, zhao], 23),
    });
    renderPage('/user-list', <UserListPage />);

    expect(await screen.findByRole('heading', { name: '员工管理' })).toBeInTheDocument();
    const row = await rowOf('李成员');
    expect(within(row).getByText('13900000002')).toBeInTheDocument();
    expect(within(row).getByText('成员')).toBeInTheDocument();
    expect(within(row).getByText('2026-02-03 10:20:30')).toBeInTheDocument();
    expect(within(await rowOf(ME.name)).getByText('管理员')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(network.callsTo('GET /api/companies/members').at(-1)?.query.get('page')).toBe('2'),
    );

    const search = screen.getByRole('form', { name: '员工搜索' });
    fireEvent.change(within(search).getByPlaceholderText('请输入姓名或手机号'), {
      target: { value: ' 李 ' },
    });
    await userEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(Object.fromEntries(network.callsTo('GET /api/companies/members').at(-1)!.query)).toEqual({
        keyword: '李',
        page: '1',
        per_page: '10',
      }),
    );
  });

  it('offers page sizes 10, 20, 30 and 50', async () => {
    signIn();
    const network = installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute([admin, li], 60),
    });
    renderPage('/user-list', <UserListPage />);
    await rowOf('李成员');

    fireEvent.mouseDown(screen.getByLabelText('页码'));
    for (const size of [10, 20, 30, 50])
      expect(await screen.findByRole('option', { name: `${size} 条/页` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '30 条/页' }));
    await waitFor(() =>
      expect(network.callsTo('GET /api/companies/members').at(-1)?.query.get('per_page')).toBe('30'),
    );
  });

  it('the administrator sees the invite code with copy, and the switch turns joining off', async () => {
    signIn();
    const network = installFakeNetwork({
      ...inviteRoutes(1),
      'GET /api/companies/members': membersRoute([admin, li]),
    });
    renderPage('/user-list', <UserListPage />);

    expect(await screen.findByText('AB12CD34')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制邀请码' })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: '允许通过邀请码申请加入' });
    expect(toggle).toBeChecked();

    await userEvent.click(toggle);
    expect(await screen.findByText('已关闭加入申请')).toBeInTheDocument();
    expect(network.callsTo('GET /api/companies/switchInitiateStatus')).toHaveLength(1);
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('a member sees the list but none of the administrator controls', async () => {
    signIn(2);
    const network = installFakeNetwork({ 'GET /api/companies/members': membersRoute([asMember, li]) });
    renderPage('/user-list', <UserListPage />);

    await rowOf('李成员');
    // The role comes with the session (GET /api/user company_role): the list is asked once, unfiltered.
    expect(network.callsTo('GET /api/companies/members').map((c) => c.query.get('keyword'))).toEqual([null]);
    expect(screen.queryByRole('button', { name: '新增员工' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '转让管理员' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '移除' })).not.toBeInTheDocument();
    expect(screen.queryByText('企业邀请码')).not.toBeInTheDocument();
    expect(network.callsTo('GET /api/companies/getInitiateCode')).toHaveLength(0);
  });

  it('新增员工 opens /user-list/add', async () => {
    signIn();
    installFakeNetwork({ ...inviteRoutes(), 'GET /api/companies/members': membersRoute([admin]) });
    const { location } = renderPage('/user-list', <UserListPage />);
    await userEvent.click(await screen.findByRole('button', { name: '新增员工' }));
    await waitFor(() => expect(location()).toBe('/user-list/add'));
  });

  it('移除 asks for confirmation before removing, then reloads the list', async () => {
    signIn();
    let rows: MemberRow[] = [admin, li, zhao];
    const network = installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute(() => rows),
      [`DELETE /api/companies/members/${li.user_id}`]: () => {
        rows = [admin, zhao];
        return ok(null);
      },
    });
    renderPage('/user-list', <UserListPage />);

    await userEvent.click(await within(await rowOf('李成员')).findByRole('button', { name: '移除' }));
    const confirm = await dialogWith('确定将“李成员”移出企业吗？');
    expect(network.callsTo(`DELETE /api/companies/members/${li.user_id}`)).toHaveLength(0);

    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(network.callsTo(`DELETE /api/companies/members/${li.user_id}`)).toHaveLength(1),
    );
    expect(await screen.findByText('已移除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('李成员')).not.toBeInTheDocument());
  });

  it('cancelling the confirmation removes nobody', async () => {
    signIn();
    const network = installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute([admin, li]),
    });
    renderPage('/user-list', <UserListPage />);
    await userEvent.click(await within(await rowOf('李成员')).findByRole('button', { name: '移除' }));
    await userEvent.click(
      within(await dialogWith('确定将“李成员”移出企业吗？')).getByRole('button', { name: '取消' }),
    );
    await waitFor(() => expect(screen.queryByText('确定将“李成员”移出企业吗？')).not.toBeInTheDocument());
    expect(network.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('removing the last administrator shows the server message', async () => {
    signIn();
    installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute([admin, li]),
      [`DELETE /api/companies/members/${ME._id}`]: fail(
        400,
        '不能移除企业唯一的管理员，请先将管理员移交给其他成员',
      ),
    });
    renderPage('/user-list', <UserListPage />);
    await userEvent.click(await within(await rowOf(ME.name)).findByRole('button', { name: '移除' }));
    await userEvent.click(
      within(await dialogWith(`确定将“${ME.name}”移出企业吗？`)).getByRole('button', { name: '确定' }),
    );
    expect(
      await screen.findByText('不能移除企业唯一的管理员，请先将管理员移交给其他成员'),
    ).toBeInTheDocument();
    expect(screen.getByText('李成员')).toBeInTheDocument();
  });

  it('转让管理员 sends the code to the chosen member, hands over with it and reloads the user', async () => {
    signIn();
    let rows: MemberRow[] = [admin, li, zhao];
    const network = installFakeNetwork({
      ...inviteRoutes(),
      'GET /api/companies/members': membersRoute(() => rows),
      'POST /api/newAdmin/sms': ok(null),
      [`POST /api/companies/members/${li.user_id}/makeAdmin`]: () => {
        rows = [{ ...li, role: 1, role_text: '管理员' }, asMember, zhao];
        return ok(null);
      },
      'GET /api/user': ok({ ...ME, company_role: 2 }),
    });
    renderPage('/user-list', <UserListPage />);
    await userEvent.click(await screen.findByRole('button', { name: '转让管理员' }));
    const dialog = await dialogWith('移交后您将成为普通成员');

    // No member chosen: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByText('请选择新管理员')).toBeInTheDocument();
    expect(network.callsTo('POST /api/newAdmin/sms')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    // The administrator is not offered.
    expect(await screen.findByTitle('李成员（13900000002）')).toBeInTheDocument();
    expect(screen.queryByTitle(`${ME.name}（${ME.phone}）`)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('李成员（13900000002）'));

    await userEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(network.callsTo('POST /api/newAdmin/sms')).toHaveLength(1));
    expect(network.callsTo('POST /api/newAdmin/sms')[0]?.body).toEqual({ user_id: li.user_id });
    expect(await screen.findByText('验证码已发送至 139****0002')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: '确认移交' }));
    expect(await within(dialog).findByText('请输入验证码')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('验证码'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认移交' }));

    await waitFor(() =>
      expect(network.callsTo(`POST /api/companies/members/${li.user_id}/makeAdmin`)[0]?.body).toEqual({
        verify_code: '123456',
      }),
    );
    expect(await screen.findByText('管理员已移交')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET /api/user')).toHaveLength(1));
    expect(useSessionStore.getState().user?._id).toBe(ME._id);
    // Now a member: the administrator controls go.
    await waitFor(() => expect(screen.queryByRole('button', { name: '转让管理员' })).not.toBeInTheDocument());
    expect(within(await rowOf('李成员')).getByText('管理员')).toBeInTheDocument();
  });
});
