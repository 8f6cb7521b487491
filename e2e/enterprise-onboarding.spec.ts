import { type Browser, type Page, request } from '@playwright/test';
import { isValidCreditCode } from '@skill-cert/shared/creditCode';
import { expect as baseExpect, lastSmsCode, loginWithPassword, test } from './fixtures';

// Several helpers share two cores: give each step room beyond the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Enterprise onboarding (issue 6, web): a fresh user creates a company and lands on /record-application;
 * a second fresh user asks to join with the invite code, the administrator approves in /user-application
 * and the member appears in /user-list; the administrator changes the password, then the phone.
 */

const PASSWORD = 'Abc12345';
const NEW_PASSWORD = 'Xyz98765';
/** Any two sends to one phone must be 60 s apart (server rule). */
const SMS_INTERVAL_MS = 61_000;
/** A 1×1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const stamp = `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
const admin = { name: `qy${stamp}`, phone: `135${stamp}` };
const applicant = { name: `yg${stamp}`, phone: `136${stamp}` };
const newPhone = `134${stamp}`;
const companyName = `浏览器测试企业${stamp}`;

/** A 统一社会信用代码 with its check character computed by the shared rule. */
const creditCode = () => {
  const prefix = `91110101${stamp}9`;
  return [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
};

/** Registers through the API (as the login page does) and answers when its SMS code was sent. */
async function register(user: { name: string; phone: string }): Promise<number> {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sentAt = Date.now();
  expect((await (await api.post('/api/register/sms', { data: { phone: user.phone } })).json()).code).toBe(
    200,
  );
  const registered = await api.post('/api/register', {
    data: {
      ...user,
      email: `${user.phone}@example.cn`,
      password: PASSWORD,
      verify_code: await lastSmsCode(user.phone, sentAt - 1000),
    },
  });
  const body = await registered.json();
  expect(body.code, body.message).toBe(200);
  await api.dispose();
  return sentAt;
}

async function signedInPage(browser: Browser, name: string, password = PASSWORD): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await loginWithPassword(page, name, password);
  return page;
}

test('onboarding: create a company, approve a join request, change password and phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const adminSmsAt = await register(admin);
  await register(applicant);

  await test.step('a fresh user creates a company and lands on /record-application', async () => {
    await loginWithPassword(page, admin.name, PASSWORD);
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.getByRole('heading', { name: '加入或创建企业' })).toBeVisible();
    const form = page.getByRole('form', { name: '创建企业' });
    await form.getByPlaceholder('请输入企业名称').fill(companyName);
    await form.getByPlaceholder('请输入统一社会信用代码').fill(creditCode());
    await form.getByRole('combobox').fill('东城');
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '东城区' }).first().click();
    await form.getByPlaceholder('请输入详细地址').fill('东长安街1号');
    await form.getByPlaceholder('请输入联系人').fill('李经理');
    await form.getByPlaceholder('请输入联系电话').fill('13912345678');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await form.getByRole('button', { name: '创建企业' }).click();
    await expect(page).toHaveURL(/\/record-application$/);
  });

  let inviteCode = '';
  await test.step('the administrator sees the invite code in /user-list', async () => {
    await page.goto('/user-list');
    await expect(page.getByRole('heading', { name: '员工管理' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: admin.phone });
    await expect(row).toContainText('管理员');
    const code = page.getByLabel('邀请码', { exact: true });
    await expect(code).toHaveText(/^[A-Z0-9]{4,}$/);
    inviteCode = (await code.textContent())!.trim();
    await expect(page.getByRole('switch', { name: '允许通过邀请码申请加入' })).toBeChecked();
  });

  const applicantPage = await signedInPage(browser, applicant.name);
  await test.step('a second fresh user asks to join with the code and waits', async () => {
    await expect(applicantPage).toHaveURL(/\/join$/);
    await applicantPage.getByRole('tab', { name: '加入企业' }).click();
    const form = applicantPage.getByRole('form', { name: '加入企业' });
    await form.getByPlaceholder('请输入邀请码').fill(inviteCode);
    await form.getByRole('button', { name: '申请加入' }).click();
    await expect(applicantPage.getByText('等待管理员审核')).toBeVisible();
    await expect(applicantPage.getByText(`您已申请加入「${companyName}」`, { exact: false })).toBeVisible();
    await expect(applicantPage.getByRole('button', { name: '撤回申请' })).toBeVisible();
  });

  await test.step('the administrator approves in /user-application; the member appears in /user-list', async () => {
    await page.goto('/user-application');
    const row = page.getByRole('row').filter({ hasText: applicant.phone });
    await expect(row).toContainText(applicant.name);
    await row.getByRole('button', { name: '通过' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '加入企业吗？' })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(page.getByText(`已同意“${applicant.name}”加入企业`)).toBeVisible();
    await expect(page.getByText('暂无待审核的申请')).toBeVisible();

    await page.goto('/user-list');
    const member = page.getByRole('row').filter({ hasText: applicant.phone });
    await expect(member).toContainText(applicant.name);
    await expect(member).toContainText('成员');
  });

  await test.step('the approved applicant now gets in', async () => {
    await applicantPage.reload();
    await expect(applicantPage).toHaveURL(/\/record-application$/);
    await applicantPage.context().close();
  });

  await test.step('the administrator changes the password, signs out and signs in with the new one', async () => {
    await page.goto('/update-password');
    await page.getByPlaceholder('请输入原密码').fill(PASSWORD);
    await page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/login/);
    await loginWithPassword(page, admin.name, PASSWORD);
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await loginWithPassword(page, admin.name, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/record-application$/);
  });

  await test.step('the administrator changes the phone; a phone of another account is refused', async () => {
    await page.goto('/update-phone');
    await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
    const step1 = page.getByRole('form', { name: '验证原手机号' });
    await expect(step1).toContainText(`${admin.phone.slice(0, 3)}****${admin.phone.slice(-4)}`);
    // The registration code went to this phone moments ago.
    await page.waitForTimeout(Math.max(0, adminSmsAt + SMS_INTERVAL_MS - Date.now()));
    const oldSentAfter = Date.now() - 1000;
    await step1.getByRole('button', { name: '获取验证码' }).click();
    await expect(step1.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
    await step1.getByLabel('验证码').fill(await lastSmsCode(admin.phone, oldSentAfter));
    await step1.getByRole('button', { name: '下一步' }).click();

    const step2 = page.getByRole('form', { name: '绑定新手机号' });
    await step2.getByPlaceholder('请输入新手机号', { exact: true }).fill(applicant.phone);
    await step2.getByRole('button', { name: '获取验证码' }).click();
    await expect(step2.getByText('该手机号已被其他账号使用')).toBeVisible();

    await step2.getByPlaceholder('请输入新手机号', { exact: true }).fill(newPhone);
    const newSentAfter = Date.now() - 1000;
    await step2.getByRole('button', { name: '获取验证码' }).click();
    await step2.getByLabel('新手机号验证码').fill(await lastSmsCode(newPhone, newSentAfter));
    await step2.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(`当前绑定的手机号：${newPhone}`)).toBeVisible();

    await page.getByRole('button', { name: '返回企业信息' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(companyName).first()).toBeVisible();
    // The 修改手机号 tab stays open (hidden); look at the visible page only.
    await expect(
      page.getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`).filter({ visible: true }),
    ).toBeVisible();
  });
});
