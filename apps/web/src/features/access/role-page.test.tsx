import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { rowsOf } from '@/test/ui';
import { RolePage } from './role-page';
import { platformMenus, role, signInPlatform } from './test-fixtures';

const dialogNamed = async (title: string) => {
  await waitFor(() =>
    expect(screen.getAllByRole('dialog').some((d) => d.textContent?.includes(title))).toBe(true),
  );
  return screen.getAllByRole('dialog').find((d) => d.textContent?.includes(title))!;
};

/** The checkbox of a tree node, found by its title. */
const treeCheckbox = (dialog: HTMLElement, title: string) =>
  within(dialog)
    .getByTitle(title)
    .closest('[role="treeitem"]')!
    .querySelector<HTMLElement>('[role="checkbox"]')!;

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
describe('RolePage (角色管理)', () => {
  it('lists roles with their portal and scope, and searches from page 1', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': (request) =>
        request.query.get('keyword')
          ? paged([role('运营人员')], 1)
          : paged(
              [
                role('超级管理员', 2, { permission_all: 1, remark: '拥有平台端全部权限' }),
                role('机构管理员', 3),
              ],
              12,
            ),
    });
    renderWithProviders(<RolePage />);

    const admin = (await screen.findByText('超级管理员')).closest('tr')!;
    expect(within(admin).getByText('拥有平台端全部权限')).toBeInTheDocument();
    expect(within(admin).getByText('全部权限')).toBeInTheDocument();
    const institution = screen.getByText('机构管理员').closest('tr')!;
    expect(within(institution).getByText('机构端')).toBeInTheDocument();
    expect(within(institution).getByText('按菜单授权')).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(Object.fromEntries(network.callsTo('GET /api/roles')[0]!.query)).toEqual({
      page: '1',
      per_page: '10',
    });

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(network.callsTo('GET /api/roles').at(-1)?.query.get('page')).toBe('2'));

    const search = screen.getByRole('form', { name: '角色搜索' });
    fireEvent.change(within(search).getByPlaceholderText('请输入角色名称'), { target: { value: '运营' } });
    await userEvent.click(await within(search).findByRole('button', { name: '搜索' }));

    expect(await screen.findByText('运营人员')).toBeInTheDocument();
    expect(Object.fromEntries(network.callsTo('GET /api/roles').at(-1)!.query)).toEqual({
      keyword: '运营',
      page: '1',
      per_page: '10',
    });
  });

  it('shows the empty state', async () => {
    installFakeNetwork({ ...signInPlatform(), 'GET /api/roles': paged([]) });
    const view = renderWithProviders(<RolePage />);
    await waitFor(() => expect(within(view.container).getAllByText('暂无数据').length).toBeGreaterThan(0));
    expect(rowsOf(view.container)).toHaveLength(0);
  });

  it('shows the error state with a retry', async () => {
    installFakeNetwork({ ...signInPlatform(), 'GET /api/roles': fail(403, '没有权限执行此操作') });
    renderWithProviders(<RolePage />);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新获取' })).toBeInTheDocument();
  });

  it('validates a new role and creates it', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': paged([]),
      'POST /api/roles': (request) => ok({ ...role('审核员'), ...(request.body as object) }),
    });
    renderWithProviders(<RolePage />);
    await userEvent.click(await screen.findByRole('button', { name: /新增角色/ }));
    const dialog = await dialogNamed('新增角色');

    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入角色名称')).toBeInTheDocument();
    expect(network.callsTo('POST /api/roles')).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), {
      target: { value: ' 审核员 ' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入备注'), { target: { value: '负责审核' } });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));

    await waitFor(() => expect(network.callsTo('POST /api/roles')).toHaveLength(1));
    expect(network.callsTo('POST /api/roles')[0]?.body).toEqual({
      portal: 2,
      name: '审核员',
      remark: '负责审核',
      permission_all: 0,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('grants menus: preloads the grant, and saves checked menus with their half-checked parents', async () => {
    const menus = platformMenus();
    const operator = role('运营人员');
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': paged([operator]),
      'GET /api/menus': ok(menus.tree),
      // Granted: 系统管理 > 角色管理 > 新增角色 (so 系统管理 and 角色管理 are half-checked), and 企业管理.
      [`GET /api/roles/${operator._id}`]: ok({
        ...operator,
        menu_ids: [menus.system._id, menus.rolePage._id, menus.addRole._id, menus.company._id],
      }),
      [`PUT /api/roles/${operator._id}/menus`]: (request) => ok({ ...operator, ...(request.body as object) }),
    });
    renderWithProviders(<RolePage />);
    const row = (await screen.findByText('运营人员')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: '分配权限' }));
    const dialog = await dialogNamed('分配权限：运营人员');

    await waitFor(() => expect(within(dialog).getByTitle('删除角色')).toBeInTheDocument());
    expect(network.callsTo('GET /api/menus')[0]?.query.get('portal')).toBe('2');
    expect(treeCheckbox(dialog, '新增角色')).toHaveAttribute('aria-checked', 'true');
    expect(treeCheckbox(dialog, '企业管理')).toHaveAttribute('aria-checked', 'true');
    expect(treeCheckbox(dialog, '删除角色')).toHaveAttribute('aria-checked', 'false');
    expect(treeCheckbox(dialog, '角色管理')).toHaveAttribute('aria-checked', 'mixed');
    expect(treeCheckbox(dialog, '系统管理')).toHaveAttribute('aria-checked', 'mixed');

    // Take 企业管理 away, give 用户管理.
    await userEvent.click(treeCheckbox(dialog, '企业管理'));
    await userEvent.click(treeCheckbox(dialog, '用户管理'));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));

    await waitFor(() => expect(network.callsTo(`PUT /api/roles/${operator._id}/menus`)).toHaveLength(1));
    const { menu_ids } = network.callsTo(`PUT /api/roles/${operator._id}/menus`)[0]!.body as {
      menu_ids: string[];
    };
    expect([...menu_ids].sort()).toEqual(
      [menus.system._id, menus.rolePage._id, menus.addRole._id, menus.userPage._id].sort(),
    );
    expect(await screen.findByText('分配权限成功')).toBeInTheDocument();
  });

  it('a page granted without its buttons shows half-checked; saving keeps it, unchanged or after another tick', async () => {
    const menus = platformMenus();
    const operator = role('运营人员');
    const stored = [menus.system._id, menus.rolePage._id];
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': paged([operator]),
      'GET /api/menus': ok(menus.tree),
      [`GET /api/roles/${operator._id}`]: ok({ ...operator, menu_ids: stored }),
      [`PUT /api/roles/${operator._id}/menus`]: (request) => ok({ ...operator, ...(request.body as object) }),
    });
    renderWithProviders(<RolePage />);
    const open = async () => {
      const row = (await screen.findByText('运营人员')).closest('tr')!;
      await userEvent.click(await within(row).findByRole('button', { name: '分配权限' }));
      const dialog = await dialogNamed('分配权限：运营人员');
      await waitFor(() => expect(within(dialog).getByTitle('删除角色')).toBeInTheDocument());
      return dialog;
    };
    const saved = async (n: number) => {
      await waitFor(() => expect(network.callsTo(`PUT /api/roles/${operator._id}/menus`)).toHaveLength(n));
      const body = network.callsTo(`PUT /api/roles/${operator._id}/menus`)[n - 1]!.body as {
        menu_ids: string[];
      };
      return [...body.menu_ids].sort();
    };

    let dialog = await open();
    expect(treeCheckbox(dialog, '角色管理')).toHaveAttribute('aria-checked', 'mixed');
    expect(treeCheckbox(dialog, '系统管理')).toHaveAttribute('aria-checked', 'mixed');
    expect(treeCheckbox(dialog, '新增角色')).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));
    expect(await saved(1)).toEqual([...stored].sort());

    dialog = await open();
    await userEvent.click(treeCheckbox(dialog, '用户管理'));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));
    expect(await saved(2)).toEqual([...stored, menus.userPage._id].sort());
  });

  it('unlinked, a page can be granted without its buttons; a button brings its ancestors', async () => {
    const menus = platformMenus();
    const viewer = role('只读');
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': paged([viewer]),
      'GET /api/menus': ok(menus.tree),
      [`GET /api/roles/${viewer._id}`]: ok({ ...viewer, menu_ids: [] }),
      [`PUT /api/roles/${viewer._id}/menus`]: (request) => ok({ ...viewer, ...(request.body as object) }),
    });
    renderWithProviders(<RolePage />);
    await userEvent.click(
      await within((await screen.findByText('只读')).closest('tr')!).findByRole('button', {
        name: '分配权限',
      }),
    );
    const dialog = await dialogNamed('分配权限：只读');
    await waitFor(() => expect(within(dialog).getByTitle('删除角色')).toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole('checkbox', { name: '父子联动' }));
    await userEvent.click(treeCheckbox(dialog, '删除角色'));
    await userEvent.click(await within(dialog).findByRole('button', { name: '保存' }));

    await waitFor(() => expect(network.callsTo(`PUT /api/roles/${viewer._id}/menus`)).toHaveLength(1));
    const { menu_ids } = network.callsTo(`PUT /api/roles/${viewer._id}/menus`)[0]!.body as {
      menu_ids: string[];
    };
    expect([...menu_ids].sort()).toEqual([menus.system._id, menus.rolePage._id, menus.deleteRole._id].sort());
  });

  it('deletes a role after confirmation', async () => {
    const temp = role('临时角色');
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/roles': paged([temp]),
      [`DELETE /api/roles/${temp._id}`]: ok(null),
    });
    renderWithProviders(<RolePage />);
    await userEvent.click(
      await within((await screen.findByText('临时角色')).closest('tr')!).findByRole('button', {
        name: '删除',
      }),
    );
    const confirm = await dialogNamed('确定删除角色“临时角色”吗？');
    await userEvent.click(await within(confirm).findByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo(`DELETE /api/roles/${temp._id}`)).toHaveLength(1));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });
});
