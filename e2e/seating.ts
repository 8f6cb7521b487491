import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { inspectPdf } from '../apps/server/test/fixtures/certificate-engine-render.ts';
import { expect } from './fixtures.ts';

/** Seating and admission tickets, the same on a test plan and an enterprise evaluation plan. */

/**
 * Presses 编排考场 on the open seating tab, confirms, waits for `已编排 N 名考生` and reads each person's ticket number
 * from the seats table (a row's last cell).
 */
export async function arrangeSeats(page: Page, names: string[]): Promise<Record<string, string>> {
  const seating = page.getByRole('region', { name: '编排考场' });
  await seating.getByRole('button', { name: '编排考场' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(seating.getByText(new RegExp(`^已编排 ${names.length} 名考生`))).toBeVisible();
  const seats = page.getByRole('table').last();
  const tickets: Record<string, string> = {};
  for (const name of names) {
    const row = seats.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(/\d{18}\s*$/);
    tickets[name] = /(\d{18})\s*$/.exec((await row.textContent()) ?? '')![1]!;
  }
  return tickets;
}

/** Presses 生成准考证 on the room's 准考证 card, confirms, waits for 已生成 and reads the downloaded PDF. */
export async function renderRoomTickets(page: Page) {
  const card = page.getByRole('region', { name: '准考证' });
  await card.getByRole('button', { name: '生成准考证' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(card.getByText('已生成')).toBeVisible({ timeout: 120_000 });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /下载 PDF/ }).click();
  return inspectPdf(await readFile((await (await download).path())!));
}
