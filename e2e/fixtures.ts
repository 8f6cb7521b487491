import { readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

/** baseURL comes from the server global-setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };

/**
 * The latest SMS code the server sent to a phone (SMS_PROVIDER=file): read now, and again each time the outbox
 * folder changes, until it is there (the test's own timeout bounds the wait, however slow the machine).
 */
export function lastSmsCode(phone: string, after = 0): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'sms-outbox.jsonl');
  const find = (): string | undefined => {
    try {
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      return lines.findLast(
        (m: { phone: string; time: string }) => m.phone === phone && Date.parse(m.time) >= after,
      )?.code as string | undefined;
    } catch {
      // Not written yet, or caught halfway through a line: the next change reads it again.
      return undefined;
    }
  };
  return new Promise((resolve) => {
    // Watching first, then reading: a code written in between is not missed.
    const watcher = watch(path.dirname(file), () => settle());
    const settle = () => {
      const code = find();
      if (code === undefined) return;
      watcher.close();
      resolve(code);
    };
    settle();
  });
}

export async function loginWithPassword(page: Page, name: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  const agree = page.getByRole('checkbox');
  if (!(await agree.first().isChecked())) await agree.first().check();
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Resolves once the page's socket is bound to its session: from then on pushes reach it. */
export const socketBound = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/websocket/bindUser') && r.ok(), { timeout: 30_000 });

/** The live message box stays until closed (the stored delay of 0): for tests that look at it long after a push. */
export const keepMessageBox = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('message-box-close-ms', '0'));

/**
 * The pushed message with this text in the live box: the box shows its newest message on one line, so it is
 * opened (展开) while it holds several, e.g. when another test's message came after.
 */
export async function pushedMessage(page: Page, text: string, timeout = 30_000) {
  const box = page.getByRole('region', { name: '新消息' });
  const message = box.getByRole('article').filter({ hasText: text });
  const expandMany = box.getByRole('button', { name: '展开新消息' }).filter({ hasText: /共 \d+ 条/ });
  await expect(async () => {
    if (await expandMany.isVisible()) await expandMany.click();
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
  return message;
}
