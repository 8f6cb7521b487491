import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

/** baseURL comes from the server global-setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };

/** The latest SMS code the server sent to a phone (SMS_PROVIDER=file). */
export async function lastSmsCode(phone: string, after = 0): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'sms-outbox.jsonl');
  for (let i = 0; i < 40; i++) {
    try {
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const hit = lines.findLast(
        (m: { phone: string; time: string }) => m.phone === phone && Date.parse(m.time) >= after,
      );
      if (hit) return hit.code as string;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
}

export async function loginWithPassword(page: Page, name: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  const agree = page.getByRole('checkbox');
  if (!(await agree.first().isChecked())) await agree.first().check();
  await page.getByRole('button', { name: /登\s*录/ }).click();
}
