/// <reference lib="dom" />
import { type APIRequestContext, type Locator, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD, expect, lastSmsCode, loginWithPassword, socketBound, test } from './fixtures.ts';

/**
 * The message centre and the real-time channel (spec §2 Navbar and Dialogs, §4): live delivery with the
 * badge, mark read, delete all, infinite scroll, 查看更多, and the permission_update_notice and
 * delete_role_notice flows.
 */

const baseURL = () => process.env.E2E_BASE_URL!;

/** An API client signed in with `token`, for arranging data the test then sees in the browser. */
const apiWithToken = (token: string): Promise<APIRequestContext> =>
  request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Authorization: `Bearer ${token}` } });

async function apiData<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

async function apiAs(name: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: baseURL() });
  const { token } = await apiData<{ token: string }>(
    anonymous.post('/api/login', { data: { name, password } }),
  );
  await anonymous.dispose();
  return apiWithToken(token);
}

/** The platform super admin sends a 系统通知 to one user. */
const sendNotice = (admin: APIRequestContext, userId: string, content: string) =>
  apiData(admin.post('/api/notices', { data: { target: 'user', user_id: userId, content } }));

/** The navbar's bell: its description says how many messages are unread ('' with none). */
const bell = (page: Page) => page.getByRole('button', { name: '消息中心' });
const messageBox = (page: Page) => page.getByRole('region', { name: '新消息' });
const centre = (page: Page) => page.getByRole('dialog', { name: '消息中心' });
const article = (scope: Locator, text: string) => scope.getByRole('article').filter({ hasText: text });

async function chooseMenu(page: Page, label: string) {
  await centre(page).getByRole('button', { name: '消息操作' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('message centre and live messages (kaoping)', () => {
  let admin: APIRequestContext;
  let examiner: APIRequestContext;
  let examinerId: string;

  test.beforeAll(async () => {
    admin = await apiAs('pingtai');
    examiner = await apiAs('kaoping');
    examinerId = (await apiData<{ _id: string }>(examiner.get('/api/user')))._id;
  });

  test.beforeEach(async ({ page }) => {
    await apiData(examiner.post('/api/message/deleteMany', { data: { ids: [] } }));
    // The box stays until closed: these tests look at it long after a push (message-box.spec.ts tests its leaving).
    await page.addInitScript(() => localStorage.setItem('message-box-close-ms', '0'));
  });

  test.afterAll(async () => {
    await apiData(examiner.post('/api/message/deleteMany', { data: { ids: [] } }));
    await admin.dispose();
    await examiner.dispose();
  });

  test('a notice sent on the server appears live with the badge, and 设为已读 clears it', async ({
    page,
  }) => {
    const bound = socketBound(page);
    await loginWithPassword(page, 'kaoping');
    await expect(page).toHaveURL(/\/exam-task$/);
    await expect(bell(page)).toBeVisible();
    await expect(bell(page)).toHaveAccessibleDescription('');
    await bound;

    await sendNotice(admin, examinerId, '明天上午九点开始考评，请准时到场');
    const box = messageBox(page);
    const item = article(box, '明天上午九点开始考评，请准时到场');
    await expect(item).toBeVisible();
    await expect(item).toContainText('系统通知');
    await expect(item).toContainText('刚刚');
    await expect(bell(page)).toHaveAccessibleDescription('1 条未读');

    await item.getByRole('button', { name: '设为已读' }).click();
    await expect(page.getByText('设为已读成功')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleDescription('');
    await expect(box).toHaveCount(0);

    // It is read on the server too: the bell's 未读 tab is empty, 全部通知 still has it.
    await bell(page).click();
    await expect(centre(page).getByText('暂无消息')).toBeVisible();
    await centre(page).getByRole('tab', { name: '全部通知' }).click();
    await expect(article(centre(page), '明天上午九点开始考评，请准时到场')).toBeVisible();
  });

  test('标记所有为已读, then 删除所有消息 after 确定删除全部消息吗？', async ({ page }) => {
    await sendNotice(admin, examinerId, '第一条通知');
    await sendNotice(admin, examinerId, '第二条通知');
    await loginWithPassword(page, 'kaoping');
    await expect(bell(page)).toHaveAccessibleDescription('2 条未读');

    await bell(page).click();
    const dialog = centre(page);
    await expect(dialog.getByRole('tab', { name: '未读', selected: true })).toBeVisible();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    // Newest first.
    await expect(dialog.getByRole('article').first()).toContainText('第二条通知');

    await chooseMenu(page, '标记所有为已读');
    await expect(page.getByText('全部设为已读成功')).toBeVisible();
    await expect(dialog.getByText('暂无消息')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleDescription('');

    await dialog.getByRole('tab', { name: '全部通知' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);

    await chooseMenu(page, '删除所有消息');
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除全部消息吗？' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);

    await chooseMenu(page, '删除所有消息');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除全部消息成功')).toBeVisible();
    await expect(dialog.getByText('暂无消息')).toBeVisible();
    const left = await apiData<{ meta: { total: number } }>(examiner.get('/api/message'));
    expect(left.meta.total).toBe(0);
  });

  test('infinite scroll: 12 notices load 10, then the rest when scrolled to the bottom', async ({ page }) => {
    for (let i = 1; i <= 12; i++) await sendNotice(admin, examinerId, `批量通知 ${i}`);
    await loginWithPassword(page, 'kaoping');
    await expect(bell(page)).toHaveAccessibleDescription('12 条未读');

    await bell(page).click();
    await centre(page).getByRole('tab', { name: '全部通知' }).click();
    const feed = centre(page).getByRole('feed', { name: '全部通知' });
    await expect(feed.getByRole('article')).toHaveCount(10);
    await expect(article(feed, '批量通知 12')).toBeVisible();

    await feed.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(feed.getByRole('article')).toHaveCount(12);
    await expect(article(feed, '批量通知 1').last()).toBeVisible();
    await expect(feed.getByText('没有更多了')).toBeVisible();
  });

  test('the message box shows what was pushed, and offers 查看更多 once more than 5 are unread', async ({
    page,
  }) => {
    for (let i = 1; i <= 4; i++) await sendNotice(admin, examinerId, `早先的通知 ${i}`);
    const bound = socketBound(page);
    await loginWithPassword(page, 'kaoping');
    await expect(bell(page)).toHaveAccessibleDescription('4 条未读');
    await bound;

    // Five unread: the box with the pushed one only; 展开 shows no 查看更多.
    await sendNotice(admin, examinerId, '第五条通知');
    const box = messageBox(page);
    await expect(article(box, '第五条通知')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleDescription('5 条未读');
    await box.getByRole('button', { name: '展开新消息' }).click();
    await expect(box.getByRole('article')).toHaveCount(1);
    await expect(box.getByRole('button', { name: '查看更多' })).toHaveCount(0);

    // Six unread: the two pushed, newest first, never the four older ones; and 查看更多.
    await sendNotice(admin, examinerId, '第六条通知');
    await expect(box.getByRole('article')).toHaveCount(2);
    await expect(box.getByRole('article').first()).toContainText('第六条通知');
    await expect(bell(page)).toHaveAccessibleDescription('6 条未读');
    await box.getByRole('button', { name: '查看更多' }).click();

    await expect(centre(page).getByRole('tab', { name: '未读', selected: true })).toBeVisible();
    await expect(centre(page).getByRole('article')).toHaveCount(6);
    await expect(box).toHaveCount(0);
  });
});

/**
 * The access notices, on a freshly registered user so no other test's account is touched: it is given
 * 平台端, 机构端 and 考评员端 and a role of its own, then loses them one by one.
 */
test.describe
  .serial('permission and role notices (spec §4)', () => {
    const password = 'Abc12345';
    const phone = `137${String(Date.now()).slice(-8)}`;
    const name = `msg${phone}`;
    let admin: APIRequestContext;
    let userId: string;
    let ownRoleId: string;

    const setRoleTypes = (ids: number[]) =>
      apiData(admin.put(`/api/users/${userId}/roleTypes`, { data: { role_type_ids: ids } }));

    /** The dialog of an access notice: 确定 only, no close button; it comes 5 s after the push. */
    async function accessDialog(page: Page, text: string) {
      const dialog = page.getByRole('dialog').filter({ hasText: text });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await expect(dialog.getByRole('button')).toHaveText(['确定']);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      return dialog;
    }

    async function signIn(page: Page) {
      const bound = socketBound(page);
      await loginWithPassword(page, name, password);
      await expect(page).toHaveURL(/\/exam-task$/);
      await expect(bell(page)).toBeVisible();
      await bound;
    }

    test.beforeAll(async () => {
      admin = await apiAs('pingtai');
      const anonymous = await request.newContext({ baseURL: baseURL() });
      const sentAfter = Date.now() - 1000;
      await apiData(anonymous.post('/api/register/sms', { data: { phone } }));
      const user = await apiData<{ _id: string }>(
        anonymous.post('/api/register', {
          data: {
            name,
            phone,
            email: `${phone}@example.cn`,
            password,
            verify_code: await lastSmsCode(phone, sentAfter),
          },
        }),
      );
      await anonymous.dispose();
      userId = user._id;

      const examinerRoles = await apiData<{ list: { _id: string; name: string }[] }>(
        admin.get('/api/roles?portal=4&keyword=考评员'),
      );
      const examinerRole = examinerRoles.list.find((r) => r.name === '考评员')!;
      const own = await apiData<{ _id: string }>(
        admin.post('/api/roles', { data: { portal: 4, name: `消息测试${phone}`, permission_all: 0 } }),
      );
      ownRoleId = own._id;
      await setRoleTypes([2, 3, 4]);
      await apiData(
        admin.put(`/api/users/${userId}/roles`, { data: { role_ids: [examinerRole._id, ownRoleId] } }),
      );
      // Start from an empty message centre: the notices of this set-up were sent while nobody was online.
      const self = await apiAs(name, password);
      await apiData(self.post('/api/message/deleteMany', { data: { ids: [] } }));
      await self.dispose();
    });

    test.afterAll(async () => {
      await apiData(admin.delete(`/api/roles/${ownRoleId}`));
      await admin.dispose();
    });

    test('permission_update_notice: 5 s later the content plus ，请更新！; 确定 reloads', async ({
      page,
    }) => {
      await loginWithPassword(page, name, password);
      const picker = page.getByRole('dialog', { name: '选择登录端' });
      const bound = socketBound(page);
      await picker.getByRole('button', { name: '考评员端' }).click();
      await expect(page).toHaveURL(/\/exam-task$/);
      await bound;

      // The role's grants are saved again: its holders are told their permissions changed.
      const { menu_ids } = await apiData<{ menu_ids: string[] }>(admin.get(`/api/roles/${ownRoleId}`));
      const sentAt = Date.now();
      await apiData(admin.put(`/api/roles/${ownRoleId}/menus`, { data: { menu_ids } }));

      const dialog = await accessDialog(page, '您的权限已变更，请更新！');
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4_500);
      // Marked read at once: not counted on the bell.
      await expect(bell(page)).toHaveAccessibleDescription('');
      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: '确定' }).click();
      await reloaded;
      await expect(page).toHaveURL(/\/exam-task$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('delete_role_notice with several roles left: 确定 opens 选择登录端', async ({ page }) => {
      await signIn(page);
      await setRoleTypes([3, 4]);

      const dialog = await accessDialog(page, '您的平台端角色已被移除，请重新选择登录端！');
      await dialog.getByRole('button', { name: '确定' }).click();
      const picker = page.getByRole('dialog', { name: '选择登录端' });
      await expect(picker.getByRole('button')).toHaveText(['机构端', '考评员端']);
      await picker.getByRole('button', { name: '考评员端' }).click();
      await expect(page).toHaveURL(/\/exam-task$/);
      await expect(page.getByRole('dialog', { name: '选择登录端' })).toHaveCount(0);
    });

    test('delete_role_notice with the active role the only one left: 确定 reloads', async ({ page }) => {
      await signIn(page);
      await setRoleTypes([4]);

      const dialog = await accessDialog(page, '您的机构端角色已被移除，请更新！');
      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: '确定' }).click();
      await reloaded;
      await expect(page).toHaveURL(/\/exam-task$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('delete_role_notice with no role left: 请退出, then logout to /login', async ({ page }) => {
      await signIn(page);
      await setRoleTypes([]);

      const dialog = await accessDialog(page, '您当前操作的角色权限已被移除，您无任何权限访问系统，请退出！');
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(page).toHaveURL(/\/login/);
      expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    });
  });
