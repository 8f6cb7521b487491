import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The transfer budget of issue 23 point 3, measured as a user's browser sees it: every byte that crossed the wire
 * (Chromium's `encodedDataLength`: headers and the body as sent, compressed or not) from a cold cache.
 * the first load of `/login`: at most 150 KB in total (HTML, JS, CSS, fonts, images). A failure lists what was
 * loaded, largest first, so the one that grew is named. (The signed-in list page's 350 KB is not met yet: 612 KB on
 * 2026-11-26; its test comes with the splitting that meets it.)
 */
const LOGIN_BUDGET = 150 * 1024;

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
