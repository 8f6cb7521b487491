import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { isValidIdCard } from '@skill-cert/shared/id-card';
import ExcelJS from 'exceljs';
import { rampPng } from '../apps/server/test/fixtures/render/png.ts';
import { expect, newStamp } from './enterprise.ts';
import { zipOf } from './files.ts';
import { keepMessageBox, loginWithPassword, pushedMessage, test } from './fixtures.ts';
import { field, pageActions, pickOption } from './ui.ts';

/**
 * Offline certificates (证书生成) on the real stack: qiye (whose demo filing is approved with
 * 电工 levels 5–3 and one site) adds a batch in the browser — 电工 四级, dates, the national template, a two-row sheet
 * and a photo zip through the upload control — and lands on the list; the message centre says when the batch is read
 * (成功 1 条，失败 1 条) and its 确认发证 opens confirm-add, where one draft carries a problem (a wrong ID check
 * character) and 确认发证 waits; the draft is fixed in its dialog; 确认发证 (asked first) publishes, the progress ends
 * on the detail, 已发布 (and the message says so), and 导出全部证书 downloads a zip whose bytes start with PK.
 */

const stamp = newStamp();
const BATCH_NAME = `线下电工四级${stamp}`;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An 18-digit ID number with its check character (GB 11643). */
function idNumber(seq: number): string {
  const body = `11010119880303${String(seq).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find((id) => isValidIdCard(id)) as string;
}
/** The same number with a wrong check character. */
const withWrongCheck = (id: string) => id.slice(0, 17) + (id.endsWith('0') ? '1' : '0');

const holders = [
  { name: `线下甲${stamp.slice(-3)}`, id: idNumber(Number(stamp.slice(-3)) % 900) },
  { name: `线下乙${stamp.slice(-3)}`, id: idNumber((Number(stamp.slice(-3)) % 900) + 1) },
];

async function holdersSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('证书信息');
  ws.addRow(['姓名', '证件类型', '证件号码', '理论知识考试', '技能操作考核', '工作业绩评审', '综合评审']);
  ws.addRow([holders[0].name, '居民身份证', holders[0].id, '85', '合格', '', '']);
  // The second holder's ID number has a wrong check character: a problem to fix on confirm-add.
  ws.addRow([holders[1].name, '居民身份证', withWrongCheck(holders[1].id), '合格', '76', '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const photosZip = () =>
  zipOf(holders.map((h) => ({ name: `${h.id}.png`, data: rampPng(60, 80, [200, 210, 230]) })));

/** Chooses `option` (the first one when none is named) in the form's select labelled `label`. */
const choose = (page: Page, label: string, option?: string) => pickOption(field(page, label), option);

/** Types a day into a date input and commits it. */
async function typeDate(page: Page, placeholder: string, day: string) {
  const input = page.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

test('证书生成: upload, fix a draft, publish, export the zip', async ({ page }) => {
  test.setTimeout(240_000);
  await keepMessageBox(page);
  await loginWithPassword(page, 'qiye');
  await expect(page).not.toHaveURL(/\/login/);

  await test.step('新增证书: the scope, dates, template and both files; 提交 goes to the list', async () => {
    await page.goto('/offline-certificate');
    await page.getByRole('button', { name: '新增证书' }).click();
    await expect(page).toHaveURL(/\/offline-certificate\/add$/);
    await page.getByPlaceholder(/例如/).fill(BATCH_NAME);
    await choose(page, '职业', '电工');
    await choose(page, '职业技能等级', '四级/中级工');
    // The site is chosen for the user only when the filing has one; other browser tests may have filed more.
    await choose(page, '考核站点');
    await typeDate(page, '评价开始日期', '2026-10-10');
    await typeDate(page, '评价结束日期', '2026-10-12');
    await typeDate(page, '请选择发证日期', '2026-11-20');
    await expect(page.getByText('职业技能等级证书（国家样式）')).toBeVisible();
    const files = page.locator('input[type="file"]');
    await files
      .nth(0)
      .setInputFiles({ name: '证书信息表.xlsx', mimeType: XLSX_MIME, buffer: await holdersSheet() });
    await files
      .nth(1)
      .setInputFiles({ name: '照片.zip', mimeType: 'application/zip', buffer: await photosZip() });
    await expect(page.getByText('证书信息表.xlsx', { exact: true })).toBeVisible();
    await expect(page.getByText('照片.zip', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page).toHaveURL(/\/offline-certificate$/);
  });

  await test.step('the list shows the batch; the message centre tells when it is read and leads to 确认发证', async () => {
    const row = page.getByRole('row').filter({ hasText: BATCH_NAME });
    await expect(row).toBeVisible();
    const box = page.getByRole('region', { name: '新消息' });
    const message = await pushedMessage(
      page,
      `「${BATCH_NAME}」证书信息解析完成：成功 1 条，失败 1 条`,
      90_000,
    );
    await expect(row.getByText('待确认')).toBeVisible();
    await message.getByRole('button', { name: '确认发证' }).click();
    await expect(page).toHaveURL(/\/offline-certificate\/confirm-add\/[0-9a-f-]{36}$/);
    if (await box.isVisible()) await box.getByRole('button', { name: '关闭新消息' }).click();
  });

  const publish = pageActions(page).getByRole('button', { name: '确认发证' });
  await test.step('confirm-add: the draft with a wrong ID number shows its problem; 确认发证 waits', async () => {
    await expect(page.getByText(`确认发证：${BATCH_NAME}`)).toBeVisible();
    const drafts = page.getByRole('region', { name: '证书信息' });
    const bad = drafts.getByRole('row').filter({ hasText: holders[1].name });
    const problem = bad.getByRole('list', { name: '问题' }).getByRole('listitem').first();
    await expect(problem).toBeVisible();
    // In red: the theme's colour for danger text.
    await expect(problem.getByText(/\S/)).toHaveCSS('color', 'rgb(207, 19, 34)');
    await expect(publish).toBeDisabled();

    await bad.getByRole('button', { name: /修\s*改/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改证书信息' });
    await dialog.getByLabel('证件号码').fill(holders[1].id);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText(`${holders[1].name}的证书信息无问题`)).toBeVisible();
    await expect(bad.getByText('无', { exact: true })).toBeVisible();
    await expect(publish).toBeEnabled();
  });

  await test.step('确认发证 (asked first) numbers both, renders them, and opens the detail: 已发布', async () => {
    await publish.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '分配 2 个全国统一证书编号' });
    await dialog.getByRole('button', { name: '确认发证' }).click();
    await expect(page).toHaveURL(/\/offline-certificate\/detail\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    await expect(
      page.getByRole('heading', { name: `证书详情：${BATCH_NAME}` }).getByText('已发布'),
    ).toBeVisible();
    const list = page.getByRole('region', { name: '证书列表' });
    await expect(list.getByText(/^[YS]\d{21}$/)).toHaveCount(2);
    await expect(list.getByText('有效')).toHaveCount(2);
  });

  await test.step('the message centre says it was published; 导出全部证书 streams a zip', async () => {
    const box = page.getByRole('region', { name: '新消息' });
    await pushedMessage(page, `「${BATCH_NAME}」证书已发布：共 2 张`);
    await box.getByRole('button', { name: '关闭新消息' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /导出全部证书/ }).click(),
    ]);
    expect((await download.failure()) ?? null).toBeNull();
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
