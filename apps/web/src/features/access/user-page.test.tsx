import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { openOptions, optionGroupsOf } from '@/test/ui';
import type { UserRow } from './api/get-users';
import { role, signInPlatform } from './test-fixtures';
import { UserPage } from './user-page';

const operatorRole = role('运营人员', 2);
const adminRole = role('超级管理员', 2, { permission_all: 1 });
const institutionRole = role('机构管理员', 3);
const examinerRole = role('考评员', 4);

const zhang: UserRow = {
  _id: '10000000-0000-4000-8000-000000000001',
  name: '张运营',
  phone: '13900000001',
  email: null,
  company_id: null,
  status: 1,
  role_types_info: [1, 2],
  roles: [operatorRole],
  create_time_str: '2026-01-03 09:00:00',
};

const rolesByPortal = { '2': [operatorRole, adminRole], '3': [institutionRole], '4': [examinerRole] };

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
/** The user page with 张运营's 分配角色 dialog open, its role lists loaded. */
async function openAssignRoles(): Promise<HTMLElement> {
  renderWithProviders(<UserPage />);
  await userEvent.click(
    await within((await screen.findByText('张运营')).closest('tr')!).findByRole('button', {
      name: '分配角色',
    }),
  );
  const dialog = await waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('分配角色：张运营'));
    if (!found) throw new Error('dialog not open');
    return found;
  });
  await waitFor(() => expect(within(dialog).getByText('运营人员')).toBeInTheDocument());
  return dialog;
}

describe('UserPage (用户管理)', () => {
  it('lists users with role types as tags and their roles; filters by keyword and role type', async () => {
    const network = installFakeNetwork({ ...signInPlatform(), 'GET /api/users': paged([zhang], 31) });
    renderWithProviders(<UserPage />);

    const row = (await screen.findByText('张运营')).closest('tr')!;
    expect(within(row).getByText('13900000001')).toBeInTheDocument();
    expect(within(row).getByText('企业端')).toBeInTheDocument();
    expect(within(row).getByText('平台端')).toBeInTheDocument();
    expect(within(row).getByText('运营人员')).toBeInTheDocument();
    expect(screen.getByText('共 31 条')).toBeInTheDocument();

    const search = screen.getByRole('form', { name: '用户搜索' });
    fireEvent.change(within(search).getByPlaceholderText('请输入姓名或手机号'), { target: { value: '139' } });
    fireEvent.mouseDown(within(search).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('考评员端'));
    await userEvent.click(await within(search).findByRole('button', { name: '搜索' }));

    await waitFor(() =>
      expect(Object.fromEntries(network.callsTo('GET /api/users').at(-1)!.query)).toEqual({
        keyword: '139',
        role_type_id: '4',
        page: '1',
        per_page: '10',
      }),
    );
  });

  it('分配角色 saves the role types and the roles of the portals held in one request', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/users': paged([zhang]),
      'GET /api/roles': (request) =>
        paged(rolesByPortal[request.query.get('portal') as '2' | '3' | '4'], undefined, 1, 50),
      [`PUT /api/users/${zhang._id}/roleTypes`]: (request) =>
        ok({ role_types_info: (request.body as { role_type_ids: number[] }).role_type_ids }),
    });
    renderWithProviders(<UserPage />);
    const row = (await screen.findByText('张运营')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: '分配角色' }));
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('分配角色：张运营'));
      if (!found) throw new Error('dialog not open');
      return found;
    });

    // Roles are loaded per portal, 50 a page.
    await waitFor(() =>
      expect(
        network
          .callsTo('GET /api/roles')
          .map((c) => `${c.query.get('portal')}/${c.query.get('per_page')}`)
          .sort(),
      ).toEqual(['2/50', '3/50', '4/50']),
    );
    expect(within(dialog).getByRole('checkbox', { name: '企业端' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '平台端' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: '机构端' })).not.toBeChecked();
    expect(within(dialog).getByText('运营人员')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: '机构端' }));
    const roles = within(dialog).getByRole('combobox');
    await openOptions(roles);
    // Grouped by portal; only portals the user holds.
    const groups = () => optionGroupsOf(roles).map((g) => g.textContent);
    await waitFor(() => expect(groups()).toContain('机构端'));
    expect(groups()).not.toContain('考评员端');
    await userEvent.click(await screen.findByTitle('机构管理员'));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));

    await waitFor(() => expect(network.callsTo(`PUT /api/users/${zhang._id}/roleTypes`)).toHaveLength(1));
    expect(network.callsTo(`PUT /api/users/${zhang._id}/roleTypes`)[0]?.body).toEqual({
      role_type_ids: [1, 2, 3],
      role_ids: [operatorRole._id, institutionRole._id],
    });
    const order = network.calls.map((c) => `${c.method} ${c.path}`).filter((k) => k.startsWith('PUT'));
    expect(order).toEqual([`PUT /api/users/${zhang._id}/roleTypes`]);
    expect(await screen.findByText('分配角色成功')).toBeInTheDocument();
  });

  it('unticking a portal drops its roles', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/users': paged([zhang]),
      'GET /api/roles': (request) =>
        paged(rolesByPortal[request.query.get('portal') as '2' | '3' | '4'], undefined, 1, 50),
      [`PUT /api/users/${zhang._id}/roleTypes`]: ok({ role_types_info: [1] }),
    });
    const dialog = await openAssignRoles();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '平台端' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));

    await waitFor(() => expect(network.callsTo(`PUT /api/users/${zhang._id}/roleTypes`)).toHaveLength(1));
    expect(network.callsTo(`PUT /api/users/${zhang._id}/roleTypes`)[0]?.body).toEqual({
      role_type_ids: [1],
      role_ids: [],
    });
  });

  it('a server-menu role type without a role is refused with a Chinese message and nothing is sent', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/users': paged([zhang]),
      'GET /api/roles': (request) =>
        paged(rolesByPortal[request.query.get('portal') as '2' | '3' | '4'], undefined, 1, 50),
    });
    const dialog = await openAssignRoles();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '考评员端' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));

    expect(await within(dialog).findByText('请为考评员端选择至少一个角色')).toBeInTheDocument();
    expect(network.callsTo(`PUT /api/users/${zhang._id}/roleTypes`)).toHaveLength(0);
  });
});
