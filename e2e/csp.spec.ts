/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect as baseExpect, loginWithPassword, test } from './fixtures.ts';

// Six engineers share two cores: lazy pages may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The web app works under the server's Content-Security-Policy: pages of two portals, the
 * public certificate page and the stored theme colour load with no policy violation reported by the browser.
 */

/** Collects every CSP violation the page reports (the DOM event and the console line), and page errors. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
}

test('the signed-in app, the public certificate page and the theme colour load under the CSP without violations', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);

  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(login?.headers()['x-content-type-options']).toBe('nosniff');

  // The stored theme colour is applied before the app starts (public/boot.js, not an inline script).
  await page.evaluate(() =>
    localStorage.setItem('Layout-Settings', JSON.stringify({ themeColor: '#13c2c2' })),
  );
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--theme-color')))
    .toBe('#13c2c2');

  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.goto('/system/user');
  await expect(page.getByRole('columnheader', { name: '手机号' })).toBeVisible();

  const visitor = await browser.newPage({ baseURL });
  const visitorViolations = await watchViolations(visitor);
  await visitor.goto('/information-link/00000000-0000-4000-8000-000000000000');
  await expect(visitor.getByText('证书不存在或已失效')).toBeVisible();
  await visitor.close();

  expect(violations).toEqual([]);
  expect(visitorViolations).toEqual([]);
});
