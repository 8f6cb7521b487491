import type { InstitutionStaffRow } from '@skill-cert/shared/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/ui';
import { InstitutionStaffPage } from './institution-staff-page';
import { InstitutionRolePage } from './role-page';
import { menu, role } from './test-fixtures';

/** An institution user holding `permissions`. */
function signInInstitution(permissions: string[]) {
  useSessionStore.setState({ user: makeUser({ roles: [3] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

const dialogNamed = async (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(title));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const treeCheckbox = (dialog: HTMLElement, title: string) =>
  within(dialog)
    .getByTitle(title)
    .closest('.ant-tree-treenode')!
    .querySelector<HTMLElement>('.ant-tree-checkbox')!;

describe('机构设置 · 角色管理 (the institution manages its own roles)', () => {
  it("lists the institution's own roles from its route, without 所属端", async () => {
    const network = installFakeNetwork({
      ...signInInstitution(['institution:role:list', 'institution:role:edit']),
      'GET /api/institution/roles': paged([role('教务员', 3, { remark: '考试计划与考生' })]),
    });
    renderWithProviders(<InstitutionRolePage />);
    const row = await rowOf('教务员');
    expect(within(row).getByText('考试计划与考生')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '所属端' })).toBeNull();
    expect(within(screen.getByRole('form', { name: '角色搜索' })).queryByLabelText('所属端')).toBeNull();
    expect(network.callsTo('GET /api/roles')).toHaveLength(0);
  });

  it('without institution:role:edit: no 新增角色, 修改, 分配权限 or 删除', async () => {
    installFakeNetwork({
      ...signInInstitution(['institution:role:list']),
      'GET /api/institution/roles': paged([role('教务员', 3)]),
    });
    renderWithProviders(<InstitutionRolePage />);
    const row = await rowOf('教务员');
    for (const name of ['修改', '分配权限', '删除'])
      expect(within(row).queryByRole('button', { name: buttonName(name) })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增角色/ })).toBeNull();
  });

  it('a new role has only a name and a remark (no 所属端, no 全部权限) and is created in the institution', async () => {
    const network = installFakeNetwork({
      ...signInInstitution(['*:*:*']),
      'GET /api/institution/roles': paged([]),
      'POST /api/institution/roles': (request) => ok({ ...role('教务员', 3), ...(request.body as object) }),
    });
    renderWithProviders(<InstitutionRolePage />);
    expect(await screen.findByText('暂无角色，可新增角色并分配机构端菜单权限')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /新增角色/ }));
    const dialog = await dialogNamed('新增角色');
    expect(within(dialog).queryByText('所属端')).toBeNull();
    expect(within(dialog).queryByText('全部权限')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    expect(await within(dialog).findByText('请输入角色名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), {
      target: { value: ' 教务员 ' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo('POST /api/institution/roles')).toHaveLength(1));
    expect(network.callsTo('POST /api/institution/roles')[0].body).toEqual({ name: '教务员', remark: null });
  });

  it('分配权限 offers the institution menu and saves the grant through the institution route', async () => {
    const add = menu('新增考试计划', 3, { portal: 3, key: 'institution:test-plan:add' });
    const plans = menu(
      '考试计划',
      2,
      { portal: 3, key: 'institution:test-plan:list', front_route_path: '/test-plan' },
      [add],
    );
    const records = menu('备案中心', 2, {
      portal: 3,
      key: 'institution:record:list',
      front_route_path: '/record-center',
    });
    const clerk = role('教务员', 3);
    const network = installFakeNetwork({
      ...signInInstitution(['*:*:*']),
      'GET /api/institution/roles': paged([clerk]),
      'GET /api/institution/menus': ok([records, plans]),
      [`GET /api/institution/roles/${clerk._id}`]: ok({ ...clerk, menu_ids: [records._id] }),
      [`PUT /api/institution/roles/${clerk._id}/menus`]: (request) =>
        ok({ ...clerk, ...(request.body as object) }),
    });
    renderWithProviders(<InstitutionRolePage />);
    await userEvent.click(within(await rowOf('教务员')).getByRole('button', { name: '分配权限' }));
    const dialog = await dialogNamed('分配权限：教务员');
    await waitFor(() => expect(within(dialog).getByTitle('新增考试计划')).toBeInTheDocument());
    expect(treeCheckbox(dialog, '备案中心')).toHaveClass('ant-tree-checkbox-checked');
    await userEvent.click(treeCheckbox(dialog, '考试计划'));
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('保存') }));
    await waitFor(() =>
      expect(network.callsTo(`PUT /api/institution/roles/${clerk._id}/menus`)).toHaveLength(1),
    );
    const body = network.callsTo(`PUT /api/institution/roles/${clerk._id}/menus`)[0].body as {
      menu_ids: string[];
    };
    expect([...body.menu_ids].sort()).toEqual([records._id, plans._id, add._id].sort());
    expect(network.callsTo('GET /api/menus')).toHaveLength(0);
  });
});

const staffRow = (overrides: Partial<InstitutionStaffRow>): InstitutionStaffRow => ({
  user_id: 'u1',
  name: '王校长',
  phone: '13912340000',
  role: 1,
  role_text: '管理员',
  joined_time_str: '2026-03-01 09:00:00',
  roles: [],
  ...overrides,
});
const ROLE_A = '00000000-0000-4000-8000-00000000aaaa';
const ROLE_B = '00000000-0000-4000-8000-00000000bbbb';
const staffRoutes = {
  'GET /api/institution/staff': paged([
    staffRow({}),
    staffRow({
      user_id: 'u2',
      name: '李老师',
      phone: '13912341111',
      role: 2,
      role_text: '成员',
      roles: [{ _id: ROLE_A, name: '教务员' }],
    }),
  ]),
  'GET /api/institution/roles': paged([
    role('教务员', 3, { _id: ROLE_A }),
    role('阅卷组长', 3, { _id: ROLE_B }),
  ]),
};

async function pickRole(dialog: HTMLElement, name: string) {
  await pickOption(within(dialog).getByRole('combobox'), name);
}

describe('机构设置 · 人员管理 (the institution manages its staff)', () => {
  it('lists the staff with 管理员 / 成员 and the institution roles each holds; reading only without the edit key', async () => {
    installFakeNetwork({ ...signInInstitution(['institution:staff:list']), ...staffRoutes });
    renderWithProviders(<InstitutionStaffPage />);
    const row = await rowOf('李老师');
    expect(within(row).getByText('成员')).toBeInTheDocument();
    expect(within(row).getByText('教务员')).toBeInTheDocument();
    expect(within(await rowOf('王校长')).getByText('管理员')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '设置角色' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增人员/ })).toBeNull();
  });

  it('新增人员 names the missing fields, then adds the person with the chosen roles', async () => {
    const network = installFakeNetwork({
      ...signInInstitution(['institution:staff:list', 'institution:staff:edit']),
      ...staffRoutes,
      'POST /api/institution/staff': ok(
        staffRow({ user_id: 'u3', name: '赵老师', role: 2, role_text: '成员' }),
      ),
    });
    renderWithProviders(<InstitutionStaffPage />);
    await userEvent.click(await screen.findByRole('button', { name: /新增人员/ }));
    const dialog = await dialogNamed('新增人员');
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('请输入姓名')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入手机号')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '赵老师' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '1391234' } });
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('保存') }));
    expect(await within(dialog).findByText('手机号格式不正确')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13912342222' } });
    await pickRole(dialog, '阅卷组长');
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(network.callsTo('POST /api/institution/staff')).toHaveLength(1));
    expect(network.callsTo('POST /api/institution/staff')[0].body).toEqual({
      name: '赵老师',
      phone: '13912342222',
      role_ids: [ROLE_B],
    });
    expect(await screen.findByText('已添加')).toBeInTheDocument();
  });

  it('设置角色 starts from the roles held and replaces them', async () => {
    const network = installFakeNetwork({
      ...signInInstitution(['*:*:*']),
      ...staffRoutes,
      'PUT /api/institution/staff/u2/roles': ok(staffRow({ user_id: 'u2' })),
    });
    renderWithProviders(<InstitutionStaffPage />);
    await userEvent.click(within(await rowOf('李老师')).getByRole('button', { name: '设置角色' }));
    const dialog = await dialogNamed('设置角色：李老师');
    expect(await within(dialog).findByText('教务员')).toBeInTheDocument();
    await pickRole(dialog, '阅卷组长');
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(network.callsTo('PUT /api/institution/staff/u2/roles')).toHaveLength(1));
    expect(network.callsTo('PUT /api/institution/staff/u2/roles')[0].body).toEqual({
      role_ids: [ROLE_A, ROLE_B],
    });
  });

  it("移除 confirms; the server's refusal (the last 管理员) is shown", async () => {
    const network = installFakeNetwork({
      ...signInInstitution(['*:*:*']),
      ...staffRoutes,
      'DELETE /api/institution/staff/u1': fail(400, '不能移除机构唯一的管理员'),
    });
    renderWithProviders(<InstitutionStaffPage />);
    await userEvent.click(within(await rowOf('王校长')).getByRole('button', { name: buttonName('移除') }));
    const dialog = await dialogNamed('确定将“王校长”移出机构吗？');
    expect(network.callsTo('DELETE /api/institution/staff/u1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo('DELETE /api/institution/staff/u1')).toHaveLength(1));
    expect(await screen.findByText('不能移除机构唯一的管理员')).toBeInTheDocument();
  });
});
