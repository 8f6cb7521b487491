import type { CDPSession, Page } from '@playwright/test';
import { expect, loginWithPassword, test } from './fixtures.ts';
import { rowsOf } from './ui.ts';

/**
 * The transfer budgets of the first screens, measured as a user's browser sees it: every byte that crossed the wire
 * (Chromium's `encodedDataLength`: headers and the body as sent, compressed or not) from a cold cache.
 * - the first load of `/login`: at most 150 KB in total (HTML, JS, CSS, fonts, images);
 * - signing in as `qiye` through the login form and landing on the first enterprise list page
 *   (`/record-application`, its rows shown): at most 360 KB in total, the login's bytes and the API's answers included
 *   (the login page's banners among them: their list and one or two images, about 6 KB with the demo's).
 * A failure lists what was loaded, largest first, so the one that grew is named.
 */
const LOGIN_BUDGET = 150 * 1024;
const LIST_BUDGET = 360 * 1024;

interface Transfer {
  url: string;
  bytes: number;
}

/** Records the bytes of every finished request of the page (the WebSocket's frames are not requests). */
async function recordTransfers(page: Page): Promise<{ cdp: CDPSession; transfers: Transfer[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  const transfers: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) =>
    transfers.push({ url: urls.get(e.requestId) ?? e.requestId, bytes: e.encodedDataLength }),
  );
  return { cdp, transfers };
}

const total = (transfers: readonly Transfer[]) => transfers.reduce((sum, t) => sum + t.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(transfers: readonly Transfer[]): string {
  return [...transfers]
    .sort((a, b) => b.bytes - a.bytes)
    .map((t) => `${kb(t.bytes).padStart(10)}  ${new URL(t.url).pathname}`)
    .join('\n');
}

/** Waits until no request is in flight (the WebSocket aside). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('the first load of /login transfers at most 150 KB', async ({ page }) => {
  const { transfers } = await recordTransfers(page);
  await page.goto('/login');
  await expect(page.getByPlaceholder('请输入用户名')).toBeVisible();
  await settled(page);
  const bytes = total(transfers);
  console.log(`/login: ${kb(bytes)} in ${transfers.length} requests\n${report(transfers)}`);
  expect(
    bytes,
    `/login transferred ${kb(bytes)} (budget ${kb(LOGIN_BUDGET)}):\n${report(transfers)}`,
  ).toBeLessThanOrEqual(LOGIN_BUDGET);
});

test('signing in and landing on the first list page transfers at most 360 KB, the login included', async ({
  page,
}) => {
  const { transfers } = await recordTransfers(page);
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await expect(rowsOf(page).first()).toBeVisible();
  await settled(page);
  const bytes = total(transfers);
  console.log(
    `/login → /record-application: ${kb(bytes)} in ${transfers.length} requests\n${report(transfers)}`,
  );
  expect(
    bytes,
    `/login → /record-application transferred ${kb(bytes)} (budget ${kb(LIST_BUDGET)}):\n${report(transfers)}`,
  ).toBeLessThanOrEqual(LIST_BUDGET);
});
