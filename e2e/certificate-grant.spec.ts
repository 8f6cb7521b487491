import type { APIRequestContext } from '@playwright/test';
import { expect, newStamp } from './enterprise.ts';
import { idNumber, passedPlan } from './evaluation-plans.ts';
import { loginWithPassword, test } from './fixtures.ts';
import { pageActions } from './ui.ts';

/**
 * Granting certificates on the real stack: qiye (the demo enterprise's administrator, whose demo
 * filing is approved and carries its institution and site codes) has an evaluation 已通过 with two 合格 candidates
 * and one 不合格, made here through the API so that the test owns it; then, in the browser, from 评价审批 › 待发证:
 * 发放证书 (the national template, today, the two 合格 candidates with their missing photos flagged) → 开始生成 →
 * confirm-add shows the progress, then both certificates with 22-character numbers; one is previewed; 确认发证 (asked
 * first) → the detail shows them 有效 and downloads them all as one zip; the evaluation is 已发证.
 */

const stamp = newStamp();
const PLAN_NAME = `电工发证评价${stamp}`;

/** qiye's plan with two 合格 candidates and one 不合格, at 已通过. */
const passedGrantPlan = (request: APIRequestContext) =>
  passedPlan(
    request,
    PLAN_NAME,
    ['发证甲', '发证乙', '发证丙'].map((name, i) => ({
      name: `${name}${stamp.slice(-3)}`,
      id_number: idNumber(100 + i),
      score: i < 2 ? 85 : 30,
    })),
  );

test('发证: 待发证 → 发放证书 → 开始生成 → progress → preview → 确认发证 → detail and zip; the plan is 已发证', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const planId = await passedGrantPlan(request);
  await loginWithPassword(page, 'qiye');
  await expect(page).not.toHaveURL(/\/login/);

  await test.step('评价审批 › 待发证 lists the plan; 发放证书 opens the grant page', async () => {
    await page.goto('/evaluation-approve');
    await page.getByRole('tab', { name: /待发证/ }).click();
    await page.getByPlaceholder('评价名称或计划编号').fill(PLAN_NAME);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: PLAN_NAME });
    await row.getByRole('button', { name: '发放证书' }).click();
    await expect(page).toHaveURL(new RegExp(`/evaluation-approve/grant-certificate/${planId}$`));
  });

  await test.step('the national template, today and the two 合格 candidates (photos missing, flagged)', async () => {
    await expect(page.getByText(`发放证书：${PLAN_NAME}`)).toBeVisible();
    await expect(page.getByText('职业技能等级证书（国家样式）')).toBeVisible();
    await expect(page.getByText('全部合格考生（2人）')).toBeVisible();
    const table = page.getByRole('region', { name: '获证考生' });
    await expect(table.getByText('缺少照片')).toHaveCount(2);
    await expect(table.getByText(`发证丙${stamp.slice(-3)}`)).toHaveCount(0);
    await page.getByRole('button', { name: '开始生成' }).click();
    await expect(page).toHaveURL(/\/grant-certificate\/confirm-add\/[0-9a-f-]{36}$/);
  });

  await test.step('confirm-add: both certificates generated with national numbers; one previewed', async () => {
    await expect(page.getByText(`确认发证：${PLAN_NAME}`)).toBeVisible();
    const confirm = pageActions(page).getByRole('button', { name: '确认发证' });
    await expect(confirm).toBeEnabled({ timeout: 90_000 });
    const list = page.getByRole('region', { name: '证书列表' });
    await expect(list.getByText('生成成功')).toHaveCount(2);
    await expect(list.getByText(/^[YS]\d{21}$/)).toHaveCount(2);
    const pdf = page.waitForResponse((r) => /\/certificates\/[0-9a-f-]{36}\/file$/.test(r.url()));
    await list
      .getByRole('button', { name: /查\s*看/ })
      .first()
      .click();
    const answered = await pdf;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toContain('application/pdf');
    await page.keyboard.press('Escape');

    await confirm.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '立即生效并可公开查验' });
    await dialog.getByRole('button', { name: '确认发证' }).click();
    await expect(page).toHaveURL(/\/grant-certificate\/detail\/[0-9a-f-]{36}$/);
  });

  await test.step('the detail: 已发证, both 有效, 下载全部证书 streams the zip', async () => {
    await expect(page.getByText(`发证详情：${PLAN_NAME}`)).toBeVisible();
    const list = page.getByRole('region', { name: '证书列表' });
    await expect(list.getByText('有效')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载全部证书' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect((await zip.failure()) ?? null).toBeNull();
  });

  await test.step('证书发放 lists the grant as 已发证; the plan is 已发证', async () => {
    await page.goto('/grant-certificate');
    const row = page.getByRole('row').filter({ hasText: PLAN_NAME });
    await expect(row.getByText('已发证')).toBeVisible();
    await page.goto(`/evaluation-list/detail/${planId}`);
    await expect(page.getByText('已发证').first()).toBeVisible();
  });
});
