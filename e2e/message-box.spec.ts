/// <reference lib="dom" />
import { type APIRequestContext, type Locator, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginWithPassword, test } from './fixtures.ts';

/**
 * The live message box at 1366×768: a push arrives on 证书库 while the page's buttons (搜索, 导出, each row's 查看 …
 * in the 操作 column, the pagination) all still take their clicks; it leaves by itself, with no pointer on it.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const baseURL = () => process.env.E2E_BASE_URL!;

async function apiData<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

async function apiAs(name: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: baseURL() });
  const { token } = await apiData<{ token: string }>(
    anonymous.post('/api/login', { data: { name, password: DEMO_PASSWORD } }),
  );
  await anonymous.dispose();
  return request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

/** Whether a click at the middle of `target` lands on it (and not on something drawn over it). */
const takesClicks = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });

/** The page's buttons (in the content area) that are within the window. */
async function buttonsInView(page: Page): Promise<Locator[]> {
  const content = page.locator('.app-page:visible');
  const all = await content.getByRole('button').or(content.getByRole('link')).all();
  const height = page.viewportSize()!.height;
  const inView: Locator[] = [];
  for (const button of all) {
    const box = await button.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) inView.push(button);
  }
  return inView;
}

test('a pushed message leaves every button of 证书库 clickable at 1366×768 and leaves by itself', async ({
  page,
}) => {
  const admin = await apiAs('pingtai');
  const enterprise = await apiAs('qiye');
  const { _id: userId } = await apiData<{ _id: string }>(enterprise.get('/api/user'));
  const content = `「电工四级」证书信息解析完成，请确认后发证 ${Date.now()}`;

  const bound = page.waitForResponse((r) => r.url().endsWith('/api/websocket/bindUser') && r.ok(), {
    timeout: 30_000,
  });
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await bound;
  await page.goto('/certificate-library');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: /查\s*看/ }).first()).toBeVisible();

  await apiData(admin.post('/api/notices', { data: { target: 'user', user_id: userId, content } }));
  const box = page.getByRole('region', { name: '新消息' });
  // Ours on its line, unless another test's message to qiye came just after it (the box then counts both).
  await expect(
    box
      .getByRole('article')
      .filter({ hasText: content })
      .or(box.getByRole('button', { name: '展开新消息' }).filter({ hasText: /共 \d+ 条/ }))
      .first(),
  ).toBeVisible();

  const buttons = await buttonsInView(page);
  const names = await Promise.all(buttons.map(async (b) => (await b.textContent()) ?? ''));
  expect(names.join(' ')).toMatch(/导\s*出/);
  expect(names.filter((n) => /查\s*看/.test(n)).length).toBeGreaterThanOrEqual(3);
  for (const [i, button] of buttons.entries()) expect(await takesClicks(button), names[i]).toBe(true);

  // The lowest row's 查看 in view, really clicked: its certificate opens.
  const views = buttons.filter((_, i) => /查\s*看/.test(names[i]!));
  await views.at(-1)!.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Nothing holds it (the pointer is on the table): it leaves by itself.
  await expect(box).toHaveCount(0, { timeout: 60_000 });
  await admin.dispose();
  await enterprise.dispose();
});
