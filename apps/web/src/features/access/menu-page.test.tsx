import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { MenuPage } from './menu-page';
import { platformMenus, signInPlatform } from './test-fixtures';

const dialogNamed = async (title: string) => {
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs.find((d) => d.textContent?.includes(title));
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
};

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
describe('MenuPage (菜单管理)', () => {
  it('shows the portal menu tree, expanded, and switches portal', async () => {
    const menus = platformMenus();
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': (request) => ok(request.query.get('portal') === '2' ? menus.tree : []),
    });
    renderWithProviders(<MenuPage />);

    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(screen.getByText('角色管理')).toBeInTheDocument();
    expect(screen.getByText('新增角色')).toBeInTheDocument();
    expect(screen.getByText('system:role:add')).toBeInTheDocument();
    expect(screen.getAllByText('按钮').length).toBeGreaterThan(0);
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    await userEvent.click(screen.getByText('机构端'));
    await waitFor(() =>
      expect(network.callsTo('GET /api/menus').map((c) => c.query.get('portal'))).toEqual(['2', '3']),
    );
    const table = document.querySelector<HTMLElement>('table')!;
    await waitFor(() => expect(screen.queryByText('系统管理')).not.toBeInTheDocument());
    expect(within(table).getAllByText('暂无数据').length).toBeGreaterThan(0);
  });

  it('filters the tree by name, keeping the ancestors', async () => {
    installFakeNetwork({ ...signInPlatform(), 'GET /api/menus': ok(platformMenus().tree) });
    renderWithProviders(<MenuPage />);
    await screen.findByText('企业管理');

    const search = screen.getByRole('form', { name: '菜单搜索' });
    fireEvent.change(within(search).getByPlaceholderText('请输入菜单名称'), {
      target: { value: '删除角色' },
    });
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));

    expect(await screen.findByText('删除角色')).toBeInTheDocument();
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    expect(screen.queryByText('企业管理')).not.toBeInTheDocument();
    expect(screen.queryByText('新增角色')).not.toBeInTheDocument();
  });

  it('validates a new menu by type and creates it with the fields of that type', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': ok(platformMenus().tree),
      'POST /api/menus': (request) => ok({ ...(request.body as object), _id: 'new', children: [] }),
    });
    renderWithProviders(<MenuPage />);
    await screen.findByText('系统管理');

    await userEvent.click(await screen.findByRole('button', { name: /新增菜单/ }));
    const dialog = await dialogNamed('新增菜单');
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入菜单名称')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('按钮'));
    fireEvent.change(within(dialog).getByPlaceholderText('请输入菜单名称'), {
      target: { value: '导出角色' },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入权限标识')).toBeInTheDocument();
    expect(network.callsTo('POST /api/menus')).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText('如 system:role:add'), {
      target: { value: 'system:role:export' },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));

    await waitFor(() => expect(network.callsTo('POST /api/menus')).toHaveLength(1));
    expect(network.callsTo('POST /api/menus')[0]?.body).toEqual({
      portal: 2,
      parent_id: null,
      type: 3,
      name: '导出角色',
      sort: 0,
      icon: null,
      key: 'system:role:export',
      front_route_path: null,
      front_route_name: null,
      front_route_addr: null,
      redirect_url: null,
      whether_hidden: 0,
      whether_cache: 1,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET /api/menus')).toHaveLength(2));
  });

  it('a page needs a route path; 新增 on a row makes a child of it', async () => {
    const menus = platformMenus();
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': ok(menus.tree),
      'POST /api/menus': (request) => ok({ ...(request.body as object), _id: 'new', children: [] }),
    });
    renderWithProviders(<MenuPage />);
    const row = (await screen.findByText('系统管理')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: '新增' }));
    const dialog = await dialogNamed('新增菜单');

    await userEvent.click(within(dialog).getByLabelText('菜单'));
    fireEvent.change(within(dialog).getByPlaceholderText('请输入菜单名称'), {
      target: { value: '日志管理' },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入路由地址')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByPlaceholderText('如 /system/role'), {
      target: { value: '/system/log' },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo('POST /api/menus')).toHaveLength(1));
    expect(network.callsTo('POST /api/menus')[0]?.body).toMatchObject({
      parent_id: menus.system._id,
      type: 2,
      name: '日志管理',
      front_route_path: '/system/log',
      whether_hidden: 0,
      whether_cache: 1,
    });
  });

  it('edits a menu with PATCH', async () => {
    const menus = platformMenus();
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': ok(menus.tree),
      [`PATCH /api/menus/${menus.company._id}`]: (request) => ok(request.body),
    });
    renderWithProviders(<MenuPage />);
    const row = (await screen.findByText('企业管理')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: '修改' }));
    const dialog = await dialogNamed('修改菜单');
    const name = within(dialog).getByPlaceholderText('请输入菜单名称');
    expect(name).toHaveValue('企业管理');
    fireEvent.change(name, { target: { value: '企业列表' } });
    await userEvent.click(await within(dialog).findByRole('button', { name: '确定' }));

    await waitFor(() => expect(network.callsTo(`PATCH /api/menus/${menus.company._id}`)).toHaveLength(1));
    expect(network.callsTo(`PATCH /api/menus/${menus.company._id}`)[0]?.body).toMatchObject({
      name: '企业列表',
      type: 2,
      key: 'platform:company:list',
      front_route_path: '/company',
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const menus = platformMenus();
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': ok(menus.tree),
      [`DELETE /api/menus/${menus.company._id}`]: ok(null),
    });
    renderWithProviders(<MenuPage />);
    const row = (await screen.findByText('企业管理')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: '删除' }));

    const confirm = await dialogNamed('确定删除菜单“企业管理”吗？');
    expect(network.callsTo(`DELETE /api/menus/${menus.company._id}`)).toHaveLength(0);
    await userEvent.click(await within(confirm).findByRole('button', { name: '确定' }));

    await waitFor(() => expect(network.callsTo(`DELETE /api/menus/${menus.company._id}`)).toHaveLength(1));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('shows the error with a retry when the tree cannot load', async () => {
    let failing = true;
    installFakeNetwork({
      ...signInPlatform(),
      'GET /api/menus': () => (failing ? fail(500, '服务器繁忙，请稍后重试') : ok(platformMenus().tree)),
    });
    renderWithProviders(<MenuPage />);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: '重新获取' }));
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
  });

  it('hides the buttons whose permission keys the user lacks', async () => {
    installFakeNetwork({
      ...signInPlatform(['system:menu:list', 'system:menu:edit']),
      'GET /api/menus': ok(platformMenus().tree),
    });
    renderWithProviders(<MenuPage />);
    await screen.findByText('系统管理');
    await waitFor(() => expect(screen.getAllByText('修改').length).toBeGreaterThan(0));
    expect(screen.queryByText('新增菜单')).not.toBeInTheDocument();
    expect(screen.queryAllByText('删除')).toHaveLength(0);
  });
});
