/// <reference lib="dom" />
import { type APIRequestContext, type Locator, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginWithPassword, socketBound, test } from './fixtures.ts';
import { dialogTitled } from './ui.ts';

/**
 * The signed-in shell (spec §2 Layout): tabs and page caching, breadcrumb, menu search, settings,
 * role switch, permission-driven elements, the mobile breakpoint and server-menu routes.
 */

interface MenuNode {
  _id: string;
  name: string;
  key: string | null;
  front_route_path: string | null;
  children: MenuNode[];
}

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** An API client signed in as `name`, for arranging data the test then sees in the browser. */
async function apiAs(name: string): Promise<APIRequestContext> {
  const baseURL = process.env.E2E_BASE_URL;
  const anonymous = await request.newContext({ baseURL });
  const res = await anonymous.post('/api/login', { data: { name, password: DEMO_PASSWORD } });
  const { data } = await res.json();
  await anonymous.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${data.token}` } });
}

async function apiData<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** A navigation inside the app without a page load, as an in-app link would do. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.?]/g, '\\$&')}$`));
}

const tab = (page: Page, path: string) => page.locator(`.tags-view-item[data-tab-path="${path}"]`);
const allTabs = (page: Page) => page.locator('.tags-view-item');
/**
 * A field of the page on screen by its placeholder (the hidden cached pages have their own): the record
 * form's 备注 (选填), a list's search box. Wait for the page first: an action holds on to the field it
 * found, so one found on the previous page waits forever.
 */
const field = (page: Page, placeholder: string) =>
  page.getByPlaceholder(placeholder).filter({ visible: true });
const note = (page: Page) => field(page, '选填');

async function tabCommand(page: Page, target: Locator, command: '刷新' | '关闭' | '关闭其他' | '关闭所有') {
  await target.click({ button: 'right' });
  // The tab's context menu: the open menu (the hidden ones of other tabs are not on screen).
  const item = page.getByRole('menu').getByRole('menuitem', { name: command, exact: true });
  await item.click();
}

test('tabs: detail tabs keep their own state; close, refresh, close others, close all; the home is affixed', async ({
  page,
}) => {
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  const home = tab(page, '/record-application');
  await expect(home).toHaveText('备案申请');
  await expect(home.getByRole('button')).toHaveCount(0);

  // Two drafts of the company, each in its own 编辑备案 tab.
  const api = await apiAs('qiye');
  const [a, b] = [
    await apiData<{ _id: string }>(api.post('/api/recordApplications', { data: {} })),
    await apiData<{ _id: string }>(api.post('/api/recordApplications', { data: {} })),
  ];
  await api.dispose();
  const first = `/record-application/edit/${a._id}`;
  const second = `/record-application/edit/${b._id}`;
  await go(page, first);
  await expect(tab(page, first)).toHaveClass(/is-active/);
  await note(page).fill('第一条记录');
  await go(page, second);
  await expect(tab(page, second)).toHaveClass(/is-active/);
  await expect(note(page)).toHaveValue('');
  await note(page).fill('第二条记录');

  await tab(page, first).click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(note(page)).toHaveValue('第一条记录');
  await tab(page, second).click();
  await expect(note(page)).toHaveValue('第二条记录');

  // Closing the active tab, whose form holds typed work, asks first; then it goes to the last remaining one, whose
  // page is intact.
  await tab(page, second).getByRole('button', { name: '关闭 编辑备案' }).click();
  await dialogTitled(page, '放弃未保存的修改？').getByRole('button', { name: '放弃修改' }).click();
  await expect(tab(page, second)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(note(page)).toHaveValue('第一条记录');

  // 刷新 remounts that page only (what was typed is dropped once the user says so).
  await tabCommand(page, tab(page, first), '刷新');
  await dialogTitled(page, '放弃未保存的修改？').getByRole('button', { name: '放弃修改' }).click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(note(page)).toHaveValue('');

  // The affixed home cannot be closed.
  await home.click({ button: 'right' });
  await expect(page.getByRole('menu').getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: '菜单' }).getByText('员工管理').click();
  await expect(page).toHaveURL(/\/user-list$/);
  await expect(allTabs(page)).toHaveCount(3);
  await tabCommand(page, tab(page, '/user-list'), '关闭其他');
  await expect(allTabs(page)).toHaveText(['备案申请', '员工管理']);
  await expect(page).toHaveURL(/\/user-list$/);

  await tabCommand(page, tab(page, '/user-list'), '关闭所有');
  await expect(allTabs(page)).toHaveText(['备案申请']);
  await expect(page).toHaveURL(/\/record-application$/);
});

test('a server menu page with whether_cache 0 is not kept; a cached one is', async ({ page }) => {
  // A hidden page of the role list that is not cached, beside the cached user list.
  const admin = await apiAs('pingtai');
  const fresh = await apiData<{ _id: string }>(
    admin.post('/api/menus', {
      data: {
        portal: 2,
        type: 2,
        name: '角色管理（不缓存）',
        front_route_path: '/system/role-fresh',
        front_route_addr: 'system/role',
        whether_hidden: 1,
        whether_cache: 0,
      },
    }),
  );
  try {
    await loginWithPassword(page, 'pingtai');
    await expect(page).toHaveURL(/\/company$/);
    await go(page, '/system/user');
    await field(page, '请输入姓名或手机号').fill('张');
    await go(page, '/system/role-fresh');
    await expect(tab(page, '/system/role-fresh')).toHaveClass(/is-active/);
    await field(page, '请输入角色名称').fill('运营');

    await tab(page, '/system/user').click();
    await expect(field(page, '请输入姓名或手机号')).toHaveValue('张');
    await tab(page, '/system/role-fresh').click();
    await expect(page).toHaveURL(/\/system\/role-fresh$/);
    await expect(field(page, '请输入角色名称')).toHaveValue('');
  } finally {
    await apiData(admin.delete(`/api/menus/${fresh._id}`));
    await admin.dispose();
  }
});

test('breadcrumb: titles of the matched routes, the last one not a link', async ({ page }) => {
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await go(page, '/record-application/detail/3');
  const crumbs = page.locator('.app-breadcrumb');
  await expect(crumbs).toHaveText(/备案申请\s*\/\s*备案详情/);
  await expect(crumbs.getByRole('link', { name: '备案申请' })).toHaveAttribute('href', '/record-application');
  await expect(crumbs.getByRole('link', { name: '备案详情' })).toHaveCount(0);
  await crumbs.getByRole('link', { name: '备案申请' }).click();
  await expect(page).toHaveURL(/\/record-application$/);
  await expect(crumbs).toHaveText('备案申请');
  await expect(crumbs.getByRole('link')).toHaveCount(0);
});

test('breadcrumb of a server menu page shows its group', async ({ page }) => {
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  await page.getByRole('navigation', { name: '菜单' }).getByText('系统管理').click();
  await page.getByRole('navigation', { name: '菜单' }).getByText('菜单管理').click();
  await expect(page).toHaveURL(/\/system\/menu$/);
  const crumbs = page.locator('.app-breadcrumb');
  await expect(crumbs).toHaveText(/系统管理\s*\/\s*菜单管理/);
  await expect(crumbs.getByRole('link')).toHaveCount(0);
});

test('menu search finds a page by title or path and opens it', async ({ page }) => {
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  const search = page.getByPlaceholder('搜索菜单');
  const option = (label: string) => page.getByRole('option', { name: label });
  await search.fill('角色');
  await option('系统管理 > 角色管理').click();
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(search).toHaveValue('');

  await search.fill('news');
  await option('新闻公告').click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: '新闻公告' })).toBeVisible();
});

test('settings: layout and theme colour apply at once and survive a reload without a flash', async ({
  page,
}) => {
  // Every frame, the colours the shell paints with: the active tab and the selected menu item.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenColours: string[] }).seenColours = seen;
    const record = () => {
      const tab = document.querySelector('.tags-view-item.is-active');
      // antd says which menu item is selected by its class alone (no aria-current or aria-selected).
      const item = document.querySelector('.ant-menu-item-selected');
      if (tab) seen.push(`tab ${getComputedStyle(tab).backgroundColor}`);
      if (item) seen.push(`menu ${getComputedStyle(item).color}`);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
    // The 正在设置主题… notice lasts half a second: a slow machine may not poll while it is up, so remember it.
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('正在设置主题…'))
        (window as unknown as { sawThemeNotice: boolean }).sawThemeNotice = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  const activeTab = page.locator('.tags-view-item.is-active');
  await expect(activeTab).toHaveCSS('background-color', 'rgb(80, 78, 243)');

  await page.getByRole('button', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog', { name: '布局设置' });
  // The 显示标签页 switch keeps its own size beside its label, not stretched across the drawer.
  const tagsSwitch = await drawer.getByRole('switch', { name: '显示标签页' }).boundingBox();
  const tagsLabel = await drawer.getByText('显示标签页', { exact: true }).boundingBox();
  expect(tagsSwitch!.width).toBeLessThan(80);
  expect(
    Math.abs(tagsSwitch!.y + tagsSwitch!.height / 2 - (tagsLabel!.y + tagsLabel!.height / 2)),
  ).toBeLessThan(8);
  await drawer.getByText('横向').click();
  await drawer.getByRole('button', { name: '主题色 #09b383' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sawThemeNotice?: boolean }).sawThemeNotice))
    .toBe(true);
  await expect(activeTab).toHaveCSS('background-color', 'rgb(9, 179, 131)');
  await drawer.getByRole('button', { name: '关闭' }).click();

  const top = page.locator('.top-header');
  await expect(top).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  // Groups open on hover as popovers.
  await top.getByText('系统管理').hover();
  await expect(page.getByRole('menuitem', { name: '角色管理' })).toBeVisible();

  await page.reload();
  await expect(top).toBeVisible();
  await expect(activeTab).toHaveCSS('background-color', 'rgb(9, 179, 131)');
  // The selected menu item: by its class, as antd marks it no other way.
  await expect(page.locator('.ant-menu-item-selected')).toHaveCSS('color', 'rgb(9, 179, 131)');
  // A loaded machine may not have painted a frame yet when the styles above already match: wait for one.
  const seenColours = () => page.evaluate(() => (window as unknown as { seenColours: string[] }).seenColours);
  await expect.poll(async () => (await seenColours()).length).toBeGreaterThan(0);
  expect((await seenColours()).filter((c) => !c.endsWith('rgb(9, 179, 131)'))).toEqual([]);

  // On a mobile width the horizontal layout falls back to the vertical one.
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(top).toHaveCount(0);
  await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
});

test('under 992 px the sidebar collapses; the drawer background closes it', async ({ page }) => {
  await page.setViewportSize({ width: 991, height: 800 });
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  const sidebar = page.getByTestId('sidebar');
  const backdrop = page.locator('.drawer-bg');
  await expect(sidebar).toBeHidden();
  await expect(backdrop).toHaveCount(0);

  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(sidebar).toBeVisible();
  await expect(backdrop).toBeVisible();
  await backdrop.click({ position: { x: 700, y: 400 } });
  await expect(sidebar).toBeHidden();
  await expect(backdrop).toHaveCount(0);

  await page.setViewportSize({ width: 992, height: 800 });
  await expect(sidebar).toBeVisible();
  await expect(sidebar).toHaveCSS('width', '210px');
});

test('role switch from the navbar: confirm, then the new role home', async ({ page }) => {
  // Start from a known active role (a user with several roles keeps the last one chosen).
  const api = await apiAs('duojuese');
  await apiData(api.patch('/api/user/switchRoleType', { data: { role: 2 } }));
  await api.dispose();

  await loginWithPassword(page, 'duojuese');
  await expect(page).toHaveURL(/\/company$/);
  const switcher = page.getByRole('button', { name: /切换角色/ });
  await expect(switcher).toHaveText('平台端');

  // Picking the active role does nothing.
  await switcher.click();
  await page.getByRole('menuitem', { name: '平台端' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await switcher.click();
  await page.getByRole('menuitem', { name: '考评员端' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定切换至考评员端吗？');
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(page).toHaveURL(/\/exam-task$/);
  await expect(page.getByRole('heading', { name: '考评任务' })).toBeVisible();
  await expect(switcher).toHaveText('考评员端');
  await expect(page.getByRole('navigation', { name: '菜单' })).toHaveText(/考评任务/);
  await expect(page.getByRole('navigation', { name: '菜单' })).not.toHaveText(/企业管理/);
});

test('role switch between every pair of role types lands on the new role home', async ({ page }) => {
  const homes: Record<string, RegExp> = {
    企业端: /\/record-application$/,
    平台端: /\/company$/,
    机构端: /\/record-center$/,
    考评员端: /\/exam-task$/,
  };
  test.setTimeout(150_000);
  const api = await apiAs('duojuese');
  await apiData(api.patch('/api/user/switchRoleType', { data: { role: 1 } }));
  await api.dispose();

  await loginWithPassword(page, 'duojuese');
  await expect(page).toHaveURL(homes.企业端);
  const switcher = page.getByRole('button', { name: /切换角色/ });
  // A round that takes each of the 12 ordered pairs (from → to) once.
  const round = [
    '平台端',
    '机构端',
    '考评员端',
    '企业端',
    '机构端',
    '平台端',
    '考评员端',
    '机构端',
    '企业端',
    '考评员端',
    '平台端',
    '企业端',
  ];
  let from = '企业端';
  for (const to of round) {
    await expect(switcher).toHaveText(from);
    await switcher.click();
    await page.getByRole('menuitem', { name: to }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page, `${from} → ${to}`).toHaveURL(homes[to]);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toHaveCount(0);
    from = to;
  }
});

test('a button behind a permission appears after a grant and goes after a revoke', async ({ page }) => {
  const admin = await apiAs('pingtai');
  const tree = await apiData<MenuNode[]>(admin.get('/api/menus?portal=2'));
  const add = flatten(tree).find((m) => m.key === 'platform:news:add')!;
  const roles = await apiData<{ list: { _id: string; name: string }[] }>(
    admin.get('/api/roles?portal=2&keyword=运营人员'),
  );
  const role = roles.list.find((r) => r.name === '运营人员')!;
  const { menu_ids: granted } = await apiData<{ menu_ids: string[] }>(admin.get(`/api/roles/${role._id}`));
  const grant = (ids: string[]) =>
    apiData(admin.put(`/api/roles/${role._id}/menus`, { data: { menu_ids: ids } }));

  // Each change of the role's grants tells its holders (permission_update_notice): 5 s later the dialog asks them
  // to update, and 确定 reloads. The user follows it, as anyone would; the button then matches the new grants.
  const grantAndUpdate = async (ids: string[]) => {
    await grant(ids);
    const notice = page.getByRole('dialog').filter({ hasText: '您的权限已变更，请更新！' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    const reloaded = page.waitForEvent('load');
    const rebound = socketBound(page);
    await notice.getByRole('button', { name: '确定' }).click();
    await reloaded;
    await rebound;
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  const openNews = async () => {
    await menu.getByText('企业管理').click();
    await menu.getByText('新闻公告').click();
    await expect(page.getByRole('heading', { name: '新闻公告' })).toBeVisible();
  };
  const menu = page.getByRole('navigation', { name: '菜单' });

  try {
    await grant(granted.filter((id) => id !== add._id));
    const bound = socketBound(page);
    await loginWithPassword(page, 'yunying');
    await expect(page).toHaveURL(/\/company$/);
    await bound;
    await menu.getByText('新闻公告').click();
    await expect(page.getByRole('heading', { name: '新闻公告' })).toBeVisible();
    await expect(page.getByRole('button', { name: '新增新闻' })).toHaveCount(0);

    await grantAndUpdate([...new Set([...granted, add._id])]);
    await openNews();
    await expect(page.getByRole('button', { name: '新增新闻' })).toBeVisible();

    await grantAndUpdate(granted.filter((id) => id !== add._id));
    await openNews();
    await expect(page.getByRole('button', { name: '新增新闻' })).toHaveCount(0);
  } finally {
    await grant(granted);
    await admin.dispose();
  }
});

test('server-menu routes: deep link and reload keep the page; unknown paths go home', async ({ page }) => {
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);

  await page.goto('/system/role');
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(page.locator('.app-breadcrumb')).toHaveText(/系统管理\s*\/\s*角色管理/);
  await expect(tab(page, '/system/role')).toHaveClass(/is-active/);
  await page.reload();
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(tab(page, '/system/role')).toHaveClass(/is-active/);

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: '新闻公告' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '新闻公告' })).toBeVisible();

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { name: '企业管理' })).toBeVisible();
});

test('a hidden server route with a param opens by deep link', async ({ page }) => {
  const api = await apiAs('jigou');
  const { list } = await apiData<{ list: { _id: string; name: string }[] }>(
    api.get('/api/testPlans?page=1&per_page=10'),
  );
  await api.dispose();
  const plan = list[0];
  await loginWithPassword(page, 'jigou');
  await expect(page).toHaveURL(/\/record-center$/);
  const opened = async () => {
    await expect(
      page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { selected: true }),
    ).toHaveText(/编辑考试计划/);
    await expect(page.getByRole('main').getByText(plan.name).first()).toBeVisible();
    // `type=3` opens the examinee tab.
    await expect(page.getByRole('main').getByRole('tab', { name: /^考生（/, selected: true })).toBeVisible();
  };
  await page.goto(`/test-plan/edit/${plan._id}?type=3`);
  await opened();
  await expect(page.getByRole('navigation', { name: '菜单' })).not.toHaveText(/编辑考试计划/);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/test-plan/edit/${plan._id}\\?type=3$`));
  await opened();
});

test('an enterprise unknown path goes to /404', async ({ page }) => {
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
});

test('a menu naming an unknown page component shows 页面暂不可用', async ({ page }) => {
  const admin = await apiAs('pingtai');
  const menu = await apiData<MenuNode>(
    admin.post('/api/menus', {
      data: {
        portal: 2,
        type: 2,
        name: '尚未实现',
        key: 'e2e:unknown:list',
        front_route_path: '/e2e-unknown-page',
        front_route_addr: 'platform/not-built-yet',
      },
    }),
  );
  try {
    await loginWithPassword(page, 'pingtai');
    await expect(page).toHaveURL(/\/company$/);
    await page.getByRole('navigation', { name: '菜单' }).getByText('尚未实现').click();
    await expect(page).toHaveURL(/\/e2e-unknown-page$/);
    await expect(page.getByText('页面暂不可用')).toBeVisible();
    await expect(page.getByText(/platform\/not-built-yet/)).toBeVisible();
  } finally {
    await apiData(admin.delete(`/api/menus/${menu._id}`));
    await admin.dispose();
  }
});
