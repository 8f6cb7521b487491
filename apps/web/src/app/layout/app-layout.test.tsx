import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { referenceRoutes } from '@/features/records/test-fixtures';
import {
  reloadLayoutSettings,
  THEME_CSS_VARIABLE,
  useLayoutSettings,
} from '@/shared/layout-settings/layout-settings';
import { saveLogin } from '@/shared/session/session';
import { answerDiscard, discardAsked } from '@/test/discard';
import { defaultMenus, menuNode } from '@/test/fake-menus';
import { installFakeNetwork, makeLoginResult, ok } from '@/test/fake-network';
import { detail } from '@/test/records';
import { preloadRoutes, renderRoute } from '@/test/render-route';
import { findDialog } from '@/test/ui';

/**
 * The one field with this placeholder on screen (the record form's 备注 选填, a list's search box): hidden
 * cached pages and closed dialogs have theirs under display: none. Found by placeholder, since role queries
 * walk antd's styles and are very slow inside the whole shell.
 */
const field = (placeholder: string): HTMLElement => {
  const shown = screen
    .getAllByPlaceholderText(placeholder)
    .filter((e) => !e.closest('[style*="display: none"]'));
  if (shown.length !== 1) throw new Error(`${shown.length} fields 「${placeholder}」 on screen`);
  return shown[0];
};
const remark = () => field('选填');
const tabBar = () => screen.getByRole('tablist', { name: '已打开的页面' });
const tabTitles = () =>
  within(tabBar())
    .queryAllByRole('tab')
    .map((t) => t.textContent);
const tabAt = (path: string) => document.querySelector<HTMLElement>(`[data-tab-path="${path}"]`)!;

// The first render pays for loading the shell, antd and the pages; do it once, outside the tests' time limit.
beforeAll(async () => {
  await Promise.all([
    preloadRoutes(
      '/record-application',
      '/record-application/edit/r-1',
      '/user-list',
      '/company',
      '/news',
      '/news/index',
    ),
    import('../routes/placeholder-page'),
    import('../routes/server-menu-page'),
  ]);
}, 120_000);

afterEach(() => {
  localStorage.clear();
  reloadLayoutSettings();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('page cache and tabs', () => {
  it('two detail tabs of one page keep separate state; closing one leaves the other; 刷新 remounts it', async () => {
    installFakeNetwork({
      ...referenceRoutes,
      'GET /api/recordApplications/r-1': ok(detail({ _id: 'r-1', status: 0, editable: true, remark: null })),
      'GET /api/recordApplications/r-2': ok(detail({ _id: 'r-2', status: 0, editable: true, remark: null })),
    });
    saveLogin(makeLoginResult({ roles: [1] }));
    const { router, location } = renderRoute('/record-application/edit/r-1');
    const user = userEvent.setup();

    await waitFor(() => expect(remark()).toHaveValue(''));
    await user.type(remark(), '第一条');
    await act(() => router.navigate('/record-application/edit/r-2'));
    await waitFor(() => expect(remark()).toHaveValue(''));
    await user.type(remark(), '第二条');
    expect(tabTitles()).toEqual(['备案申请', '编辑备案', '编辑备案']);

    await user.click(tabAt('/record-application/edit/r-1'));
    await waitFor(() => expect(remark()).toHaveValue('第一条'));

    // Closing a tab whose form holds typed work asks first, hidden or not.
    await user.click(
      within(tabAt('/record-application/edit/r-2')).getByRole('button', { name: '关闭 编辑备案' }),
    );
    await answerDiscard('继续编辑');
    expect(tabAt('/record-application/edit/r-2')).not.toBeNull();
    await user.click(
      within(tabAt('/record-application/edit/r-2')).getByRole('button', { name: '关闭 编辑备案' }),
    );
    await answerDiscard('放弃修改');
    await waitFor(() => expect(tabAt('/record-application/edit/r-2')).toBeNull());
    expect(remark()).toHaveValue('第一条');
    expect(location()).toBe('/record-application/edit/r-1');

    fireEvent.contextMenu(tabAt('/record-application/edit/r-1'));
    await user.click(await screen.findByRole('menuitem', { name: '刷新' }));
    await answerDiscard('放弃修改');
    await waitFor(() => expect(location()).toBe('/record-application/edit/r-1'));
    await waitFor(() => expect(remark()).toHaveValue(''));
    // The page afresh holds nothing typed: closing it asks nothing. (Clicked again until it goes: on a busy machine
    // the tab bar may still be redrawing the tab the first click found.)
    await waitFor(() => {
      const refreshed = tabAt('/record-application/edit/r-1');
      if (refreshed) fireEvent.click(refreshed.querySelector('button') as HTMLElement);
      expect(tabAt('/record-application/edit/r-1')).toBeNull();
    });
    expect(discardAsked()).toBe(false);
  });

  it('closing the last tab but the affixed home goes home; the home has no close button', async () => {
    saveLogin(makeLoginResult({ roles: [1] }));
    const { location } = renderRoute('/user-list');
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: '员工管理' });
    expect(tabTitles()).toEqual(['备案申请', '员工管理']);
    expect(within(tabAt('/record-application')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(tabAt('/user-list')).getByRole('button', { name: '关闭 员工管理' }));
    await waitFor(() => expect(location()).toBe('/record-application'));
    expect(tabTitles()).toEqual(['备案申请']);
  });

  it('a server page with whether_cache 0 starts afresh each time; a cached one keeps its state', async () => {
    installFakeNetwork({
      'GET /api/user/personalMenus': ok({
        menus: [
          menuNode({ name: '用户管理', front_route_path: '/system/user', front_route_addr: 'system/user' }),
          menuNode({
            name: '角色管理',
            front_route_path: '/system/role',
            front_route_addr: 'system/role',
            whether_cache: 0,
          }),
        ],
        permissions: ['*:*:*'],
      }),
      'GET /api/users': ok({ list: [], meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 } }),
      'GET /api/roles': ok({ list: [], meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 } }),
    });
    saveLogin(makeLoginResult({ roles: [2] }));
    const { router } = renderRoute('/system/user');
    const user = userEvent.setup();

    await user.type(await waitFor(() => field('请输入姓名或手机号')), '张');
    await act(() => router.navigate('/system/role'));
    await user.type(await waitFor(() => field('请输入角色名称')), '运营');
    await act(() => router.navigate('/system/user'));
    await waitFor(() => expect(field('请输入姓名或手机号')).toHaveValue('张'));
    await act(() => router.navigate('/system/role'));
    await waitFor(() => expect(field('请输入角色名称')).toHaveValue(''));
  });

  it('with the tab view off there is no tab bar', async () => {
    useLayoutSettings.getState().setTagsView(false);
    saveLogin(makeLoginResult({ roles: [1] }));
    renderRoute('/user-list');
    await screen.findByRole('heading', { name: '员工管理' });
    expect(screen.queryByRole('tablist', { name: '已打开的页面' })).not.toBeInTheDocument();
  });
});

describe('server menu pages', () => {
  it('a menu naming an unknown page component shows 页面暂不可用 with the addr', async () => {
    installFakeNetwork({
      'GET /api/user/personalMenus': ok({
        menus: [
          ...defaultMenus[2],
          menuNode({ name: '尚未实现', front_route_path: '/later', front_route_addr: 'platform/later' }),
        ],
        permissions: ['*:*:*'],
      }),
    });
    saveLogin(makeLoginResult({ roles: [2] }));
    renderRoute('/later');
    expect(await screen.findByText('页面暂不可用')).toBeInTheDocument();
    expect(screen.getByText(/platform\/later/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: '菜单' })).getByText('尚未实现'),
    ).toBeInTheDocument();
  });

  it('shows the buttons of a placeholder page to holders of their keys only', async () => {
    installFakeNetwork({
      'GET /api/user/personalMenus': ok({
        menus: [
          menuNode({
            name: '课程管理',
            front_route_path: '/course',
            front_route_addr: 'institution/course',
            children: [
              menuNode({ type: 3, name: '发布公告', key: 'course:publish' }),
              menuNode({ type: 3, name: '删除公告', key: 'course:delete' }),
            ],
          }),
        ],
        permissions: ['course:publish'],
      }),
    });
    saveLogin(makeLoginResult({ roles: [2] }));
    renderRoute('/course');
    expect(await screen.findByRole('button', { name: '发布公告' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除公告' })).not.toBeInTheDocument();
  });
});

describe('news of every portal', () => {
  it('the top bar links to /news/index, which lists the news of the active portal', async () => {
    const network = installFakeNetwork({
      'GET /api/news/published': ok({
        list: [],
        meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 },
      }),
    });
    saveLogin(makeLoginResult({ roles: [1] }));
    const { location } = renderRoute('/record-application');
    await userEvent.click(await screen.findByRole('link', { name: '新闻公告' }));
    await waitFor(() => expect(location()).toBe('/news/index'));
    expect(await screen.findByRole('heading', { name: '新闻公告' })).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET /api/news/published')).toHaveLength(1));
  });

  it('/news of a portal without the platform’s news page is /news/index', async () => {
    installFakeNetwork({
      'GET /api/news/published': ok({
        list: [],
        meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 },
      }),
    });
    saveLogin(makeLoginResult({ roles: [1] }));
    const { location } = renderRoute('/news');
    await waitFor(() => expect(location()).toBe('/news/index'));
  });
});

describe('layout', () => {
  it('under 992 px the sidebar is hidden; the toggle shows it with a backdrop that closes it', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 991 });
    saveLogin(makeLoginResult({ roles: [1] }));
    renderRoute('/record-application');
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: '备案申请' });
    const sidebar = screen.getByTestId('sidebar');
    await waitFor(() => expect(sidebar).toHaveClass('is-hidden'));
    expect(document.querySelector('.drawer-bg')).toBeNull();

    await user.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(sidebar).not.toHaveClass('is-hidden');
    await user.click(screen.getByRole('button', { name: '关闭菜单' }));
    expect(sidebar).toHaveClass('is-hidden');
    expect(document.querySelector('.drawer-bg')).toBeNull();

    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 992 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(sidebar).not.toHaveClass('is-hidden');
  });

  it('the settings drawer switches to the horizontal layout and applies a theme colour', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2] }));
    renderRoute('/company');
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: '企业管理' });
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '布局设置' }));
    const drawer = await findDialog('布局设置');
    expect(within(drawer).getByText('布局方式')).toBeInTheDocument();
    await user.click(within(drawer).getByText('横向'));
    await user.click(within(drawer).getByRole('button', { name: '主题色 #f42c4a' }));

    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(document.querySelector('.top-header')).not.toBeNull();
    expect(await screen.findByText('正在设置主题…')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue(THEME_CSS_VARIABLE)).toBe('#f42c4a');
    expect(JSON.parse(localStorage.getItem('Layout-Settings')!)).toMatchObject({
      layout: 'horizontal',
      themeColor: '#f42c4a',
    });
  });
});
