import type { Page } from '@playwright/test';
import {
  createCompanyOnJoinPage,
  creditCodeFor,
  expect,
  newStamp,
  openMessageCentre,
  platformPage,
  registerThroughLoginPage,
} from './enterprise.ts';
import { test } from './fixtures.ts';
import { dialogTitled, optionsOf } from './ui.ts';

/**
 * Record application (备案申请) on the real stack, through the web app only: a visitor registers on the login
 * page, creates a company on /join, fills and submits an application; the platform rejects it with a reason;
 * the enterprise sees 已驳回, the reason and the message, edits and resubmits; the platform approves; the
 * enterprise sees 已通过 and the message.
 */

const stamp = newStamp();
const owner = { name: `ba${stamp}`, phone: `133${stamp}` };
const companyName = `备案测试企业${stamp}`;
const REASON = `考评员资格证明不全${stamp}`;

async function fillPerson(page: Page, group: string, name: string, idNumber: string, phone: string) {
  const row = page.getByRole('group', { name: group });
  await row.getByPlaceholder('请输入姓名').fill(name);
  await row.getByPlaceholder('请输入18位身份证号').fill(idNumber);
  await row.getByPlaceholder('请输入手机号').fill(phone);
  await row.getByPlaceholder('如：电工 二级/技师').fill('电工 二级/技师');
}

async function confirm(page: Page) {
  await dialogTitled(page, '提示').getByRole('button', { name: '确定' }).click();
}

/** The platform finds the application in its review queue and opens it. */
async function openForReview(page: Page, recordNo: string) {
  await page.goto('/company');
  await page.getByRole('tab', { name: '备案审核' }).click();
  const search = page.getByRole('form', { name: '备案审核搜索' });
  await search.getByPlaceholder('请输入备案编号、企业名称或职业').fill(recordNo);
  await search.getByRole('button', { name: '搜索' }).click();
  const row = page.locator('tr', { hasText: recordNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('待审核')).toBeVisible();
  await row.getByRole('button', { name: '审核' }).click();
  const drawer = dialogTitled(page, `备案审核 ${recordNo}`);
  await expect(drawer.getByText(companyName).first()).toBeVisible();
  return drawer;
}

test('备案申请 UI only: register → create company → submit → rejected → resubmit → approved → 已通过', async ({
  page,
  browser,
}) => {
  test.setTimeout(330_000);
  let recordNo = '';

  await test.step('a visitor registers on the login page and creates a company on /join', async () => {
    await registerThroughLoginPage(page, owner);
    await createCompanyOnJoinPage(page, { name: companyName, creditCode: creditCodeFor(stamp, '330106') });
  });

  await test.step('the enterprise fills and submits an application', async () => {
    await page.getByRole('button', { name: '新增备案' }).click();
    await expect(page).toHaveURL(/\/record-application\/add$/);

    const scope = page.getByRole('group', { name: '评价职业 1' });
    const occupation = scope.getByRole('combobox').first();
    await occupation.fill('电工');
    await (await optionsOf(occupation)).filter({ hasText: '电工（6-31-01-03）' }).click();
    await scope.getByText('四级/中级工').click();

    const site = page.getByRole('group', { name: '考核场地 1' });
    await site.getByPlaceholder('请输入场地名称').fill('一号实训楼');
    await site.getByRole('combobox').fill('西湖');
    await page
      .getByRole('menuitemcheckbox')
      .filter({ hasText: '杭州市' })
      .filter({ hasText: '西湖区' })
      .click();
    await site.getByPlaceholder('请输入详细地址').fill('文三路 100 号');
    await fillPerson(page, '考评员 1', '张考评', '110101198001010010', '13912345678');
    await fillPerson(page, '质量督导员 1', '李督导', '330106199002150020', '13912345679');

    await page.getByRole('button', { name: '提交审核' }).click();
    await confirm(page);
    // Submitted: back to the list, and the 新增备案 tab is closed.
    await expect(page).toHaveURL(/\/record-application$/);
    await expect(page.locator('[data-tab-path="/record-application/add"]')).toHaveCount(0);
    const submitted = page.locator('tr', { hasText: '待审核' }).first();
    await submitted.getByRole('button', { name: '详情' }).click();
    await expect(page).toHaveURL(/\/record-application\/detail\/[0-9a-f-]{36}$/);
    const title = page.getByRole('heading', { name: /^备案详情 BA/ });
    recordNo = ((await title.textContent()) ?? '').replace('备案详情', '').trim();
    expect(recordNo).toMatch(/^BA\d{8}[A-Z2-9]{6}$/);
    await expect(page.getByText('已提交审核，请等待平台审核。审核完成前不能修改。')).toBeVisible();
    await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
  });

  const platform = await platformPage(browser);

  await test.step('the platform rejects it with a reason', async () => {
    const drawer = await openForReview(platform, recordNo);
    await expect(drawer.getByText('张考评')).toBeVisible();
    await drawer.getByRole('button', { name: '驳回' }).click();
    const modal = platform.getByRole('dialog', { name: `驳回备案申请 ${recordNo}` });
    await modal.getByRole('button', { name: '确定驳回' }).click();
    await expect(modal.getByText('请输入驳回原因')).toBeVisible();
    await modal.getByPlaceholder('请说明需要修改的内容，企业将看到该原因').fill(REASON);
    await modal.getByRole('button', { name: '确定驳回' }).click();
    await expect(platform.getByText('已驳回').first()).toBeVisible();
    await expect(drawer.getByText(REASON).first()).toBeVisible();
  });

  await test.step('the enterprise is told in the message centre', async () => {
    const centre = await openMessageCentre(page);
    await expect(
      centre.getByRole('article').filter({ hasText: `您的备案申请（${recordNo}）被平台驳回：${REASON}` }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
  });

  await test.step('the enterprise sees 已驳回 with the reason, edits and resubmits', async () => {
    await page.goto('/record-application');
    const row = page.locator('tr', { hasText: recordNo });
    await expect(row.getByText('已驳回')).toBeVisible();
    await expect(row.getByText(`驳回原因：${REASON}`)).toBeVisible();
    await row.getByRole('button', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/record-application\/edit\//);
    await expect(page.getByRole('alert').getByText(`驳回原因：${REASON}`)).toBeVisible();
    await page.getByRole('group', { name: '评价职业 1' }).getByText('三级/高级工').click();
    await page.getByRole('button', { name: '提交审核' }).click();
    await confirm(page);
    await expect(page).toHaveURL(/\/record-application\/detail\//);
    await expect(page.getByText('已提交审核，请等待平台审核。审核完成前不能修改。')).toBeVisible();
    const timeline = page.getByLabel('办理记录');
    await expect(timeline.getByText('审核驳回')).toBeVisible();
    await expect(timeline.getByText('重新提交审核')).toBeVisible();
    await expect(page.getByText('三级/高级工').first()).toBeVisible();
  });

  await test.step('the platform approves', async () => {
    const drawer = await openForReview(platform, recordNo);
    await expect(drawer.getByText('重新提交审核')).toBeVisible();
    await drawer.getByRole('button', { name: '通过' }).click();
    await confirm(platform);
    await expect(platform.getByText('已通过').first()).toBeVisible();
  });

  await test.step('the enterprise sees 已通过', async () => {
    await page.goto('/record-application');
    const row = page.locator('tr', { hasText: recordNo });
    await expect(row.getByText('已通过')).toBeVisible();
    await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await row.getByRole('button', { name: '详情' }).click();
    await expect(page.getByLabel('办理记录').getByText('审核通过')).toBeVisible();
    const centre = await openMessageCentre(page);
    await expect(
      centre.getByRole('article').filter({ hasText: `您的备案申请（${recordNo}）已通过平台审核` }),
    ).toBeVisible();
  });
});
