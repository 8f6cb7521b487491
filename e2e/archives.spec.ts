import { readFile } from 'node:fs/promises';
import { expect, newStamp } from './enterprise.ts';
import { idNumber, passedPlan } from './evaluation-plans.ts';
import { loginWithPassword, test } from './fixtures.ts';

/**
 * Archives on the real stack: qiye has an evaluation 已通过 whose two candidates both failed
 * (no certificate is due, so the archive may be sealed without a grant), made here through the API so that the test
 * owns it. In the browser: 档案管理 finds its archive (opened when the plan was approved); the detail shows the five
 * volumes; a sign-in sheet is uploaded to volume 3; the generated plan PDF of volume 2 is previewed; 封存归档 (asked
 * first) seals it: 已归档, no upload any more, the seal in the timeline; 下载档案 streams the zip.
 */

const stamp = newStamp();
const PLAN_NAME = `电工归档评价${stamp}`;
const SHEET = `现场签到表${stamp.slice(-3)}.pdf`;
/** A one-page PDF: the server checks uploads by their bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('档案: an approved plan’s archive → upload to volume 3 → preview a generated document → seal → download the zip', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await passedPlan(
    request,
    PLAN_NAME,
    ['归档甲', '归档乙'].map((name, i) => ({
      name: `${name}${stamp.slice(-3)}`,
      id_number: idNumber(300 + i),
      score: 30,
    })),
  );
  await loginWithPassword(page, 'qiye');
  await expect(page).not.toHaveURL(/\/login/);

  await test.step('档案管理 lists the plan’s archive (整理中); 查看 opens it', async () => {
    await page.goto('/archives-management');
    const form = page.getByRole('form', { name: '档案搜索' });
    await form.getByPlaceholder('计划编号或名称').fill(PLAN_NAME);
    await form.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: PLAN_NAME });
    await expect(row.getByText('整理中')).toBeVisible();
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await expect(page).toHaveURL(/\/archives-management\/detail\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`档案详情：${PLAN_NAME}`)).toBeVisible();
    for (const volume of [
      '第1卷 报名与资格审核',
      '第2卷 备案与计划',
      '第3卷 过程记录',
      '第4卷 试卷与结果',
      '第5卷 证书管理',
    ])
      await expect(page.getByText(volume)).toBeVisible();
  });

  await test.step('a sign-in sheet is uploaded to volume 3 and shows who added it', async () => {
    const volume = page.getByRole('treeitem').filter({ hasText: '第3卷 过程记录' });
    await volume.getByRole('button', { name: '上传材料' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '材料文件' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: SHEET, mimeType: 'application/pdf', buffer: PDF });
    // Sent: the file's name alone (while it is sent, the share sent is beside it).
    await expect(dialog.getByText(SHEET, { exact: true })).toHaveCount(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const item = page.locator('.archive-document').filter({ hasText: SHEET });
    await expect(item).toBeVisible();
    await expect(item.getByText(/上传于/)).toBeVisible();
    await expect(item.getByText('系统生成')).toHaveCount(0);
  });

  await test.step('the generated plan document of volume 2 opens in the preview dialog as a PDF', async () => {
    const generated = page.locator('.archive-document').filter({ hasText: '评价计划与备案.pdf' });
    await expect(generated.getByText('系统生成')).toBeVisible();
    const pdf = page.waitForResponse((r) =>
      /\/api\/archives\/[0-9a-f-]{36}\/documents\/[^/?]+$/.test(r.url()),
    );
    await generated.getByRole('button', { name: '预览' }).click();
    const answered = await pdf;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toContain('application/pdf');
    const dialog = page.getByRole('dialog').filter({ has: page.locator('iframe') });
    await expect(dialog.locator('iframe')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('封存归档 asks first; then 已归档, no upload, the seal in the timeline', async () => {
    await page.getByRole('button', { name: '封存归档' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '不能再上传或删除任何材料' });
    await confirm.getByRole('button', { name: '确认归档' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading').getByText('已归档')).toBeVisible();
    await expect(page.getByRole('button', { name: '上传材料' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '封存归档' })).toHaveCount(0);
    await expect(
      page.locator('.archive-document').filter({ hasText: SHEET }).getByRole('button', { name: '删除' }),
    ).toHaveCount(0);
    await expect(page.getByRole('list', { name: '档案记录' })).toContainText('归档');
  });

  await test.step('下载档案 streams the whole archive as a zip', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载档案' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect((await zip.failure()) ?? null).toBeNull();
    const bytes = await readFile((await zip.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
