import { type Browser, type Page, request } from '@playwright/test';
import { isValidCreditCode } from '@skill-cert/shared/creditCode';
import { expect as baseExpect, lastSmsCode, loginWithPassword, test } from './fixtures';

// Several helpers share two cores: give each step room beyond the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Record application (备案申请) on the real stack: a fresh enterprise user with a fresh company fills and
 * submits an application; the platform rejects it with a reason; the enterprise sees 已驳回 and the reason,
 * edits and resubmits; the platform approves; the enterprise sees 已通过.
 */

const PASSWORD = 'Abc12345';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
const owner = { name: `ba${stamp}`, phone: `133${stamp}` };
const companyName = `备案测试企业${stamp}`;
const REASON = `考评员资格证明不全${stamp}`;

const creditCode = () => {
  const prefix = `91330106${stamp}8`;
  return [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
};

/** Registers a fresh user and creates its company through the API, as /join would. */
async function freshCompanyOwner(): Promise<void> {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sentAt = Date.now() - 1000;
  expect((await (await api.post('/api/register/sms', { data: { phone: owner.phone } })).json()).code).toBe(
    200,
  );
  const registered = await (
    await api.post('/api/register', {
      data: {
        ...owner,
        email: `${owner.phone}@example.cn`,
        password: PASSWORD,
        verify_code: await lastSmsCode(owner.phone, sentAt),
      },
    })
  ).json();
  expect(registered.code, registered.message).toBe(200);
  const headers = { authorization: `Bearer ${registered.data.token}` };
  const licence = await (
    await api.post('/api/files/upload?type=image', {
      headers,
      multipart: { file: { name: '营业执照.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  expect(licence.code, licence.message).toBe(200);
  const created = await (
    await api.post('/api/companies', {
      headers,
      data: {
        name: companyName,
        credit_code: creditCode(),
        region_code: '330106',
        address: '文三路 100 号',
        contact_name: '备案联系人',
        contact_phone: owner.phone,
        licence_file_id: licence.data.file_id,
      },
    })
  ).json();
  expect(created.code, created.message).toBe(200);
  await api.dispose();
}

async function platformPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  return page;
}

async function fillPerson(page: Page, group: string, name: string, idNumber: string, phone: string) {
  const row = page.getByRole('group', { name: group });
  await row.getByPlaceholder('请输入姓名').fill(name);
  await row.getByPlaceholder('请输入18位身份证号').fill(idNumber);
  await row.getByPlaceholder('请输入手机号').fill(phone);
  await row.getByPlaceholder('如：电工 二级/技师').fill('电工 二级/技师');
}

async function confirm(page: Page) {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
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
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: `备案审核 ${recordNo}` });
  await expect(drawer.getByText(companyName).first()).toBeVisible();
  return drawer;
}

test('备案申请: submit → platform rejects with a reason → edit and resubmit → platform approves', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await freshCompanyOwner();
  let recordNo = '';

  await test.step('the enterprise fills and submits an application', async () => {
    await loginWithPassword(page, owner.name, PASSWORD);
    await expect(page).toHaveURL(/\/record-application$/);
    await page.getByRole('button', { name: '新增备案' }).click();
    await expect(page).toHaveURL(/\/record-application\/add$/);

    const scope = page.getByRole('group', { name: '评价职业 1' });
    await scope.getByRole('combobox').first().fill('电工');
    await page.locator('.ant-select-item-option').filter({ hasText: '电工（6-31-01-03）' }).click();
    await scope.getByText('四级/中级工').click();

    const site = page.getByRole('group', { name: '考核场地 1' });
    await site.getByPlaceholder('请输入场地名称').fill('一号实训楼');
    await site.getByRole('combobox').fill('西湖');
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: '杭州市' })
      .filter({ hasText: '西湖区' })
      .click();
    await site.getByPlaceholder('请输入详细地址').fill('文三路 100 号');
    await fillPerson(page, '考评员 1', '张考评', '110101198001010010', '13912345678');
    await fillPerson(page, '质量督导员 1', '李督导', '330106199002150020', '13912345679');

    await page.getByRole('button', { name: '提交审核' }).click();
    await confirm(page);
    await expect(page).toHaveURL(/\/record-application\/detail\/[0-9a-f-]{36}$/);
    const title = page.locator('.ant-card-head-title').filter({ hasText: '备案详情 BA' });
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
  });
});
