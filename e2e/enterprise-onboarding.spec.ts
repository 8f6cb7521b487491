import { request } from '@playwright/test';
import {
  createCompanyOnJoinPage,
  creditCodeFor,
  expect,
  newStamp,
  PASSWORD,
  platformPage,
  registerThroughLoginPage,
  signedInPage,
} from './enterprise.ts';
import { lastSmsCode, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, dialogTitled } from './ui.ts';

/**
 * Enterprise onboarding (web): a visitor registers on the login page and creates a company; a second
 * user asks to join with the invite code, withdraws, asks again, and the administrator approves in
 * /user-application so the member appears in /user-list; the administrator changes the password, then the
 * phone; the platform freezes the company and its member gets the notice instead of their screens.
 */

const NEW_PASSWORD = 'Xyz98765';
const stamp = newStamp();
const admin = { name: `qy${stamp}`, phone: `135${stamp}` };
const applicant = { name: `yg${stamp}`, phone: `136${stamp}` };
const newPhone = `134${stamp}`;
const companyName = `浏览器测试企业${stamp}`;
const FROZEN_NOTICE = '您所在的企业已被平台冻结，暂不能使用该功能，请联系平台管理员';

/** The second user registers through the API (the login page's form is covered by the administrator). */
async function registerApplicant(): Promise<void> {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sentAt = Date.now() - 1000;
  expect(
    (await (await api.post('/api/register/sms', { data: { phone: applicant.phone } })).json()).code,
  ).toBe(200);
  const body = await (
    await api.post('/api/register', {
      data: {
        ...applicant,
        email: `${applicant.phone}@example.cn`,
        password: PASSWORD,
        verify_code: await lastSmsCode(applicant.phone, sentAt),
      },
    })
  ).json();
  expect(body.code, body.message).toBe(200);
  await api.dispose();
}

test('onboarding: register and create a company, join by code (withdraw, ask again, approved), change password and phone, frozen', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);

  await test.step('a visitor registers on the login page and creates a company', async () => {
    await registerThroughLoginPage(page, admin);
    await createCompanyOnJoinPage(page, { name: companyName, creditCode: creditCodeFor(stamp) });
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

  await registerApplicant();
  const applicantPage = await signedInPage(browser, applicant.name, PASSWORD);
  const askToJoin = async () => {
    const form = applicantPage.getByRole('form', { name: '加入企业' });
    await applicantPage.getByRole('tab', { name: '加入企业' }).click();
    await form.getByPlaceholder('请输入邀请码').fill(inviteCode);
    await form.getByRole('button', { name: '申请加入' }).click();
    await expect(applicantPage.getByText('等待管理员审核')).toBeVisible();
    await expect(applicantPage.getByText(`您已申请加入「${companyName}」`, { exact: false })).toBeVisible();
  };

  await test.step('a second user asks to join with the code, withdraws, and asks again', async () => {
    await expect(applicantPage).toHaveURL(/\/join$/);
    await askToJoin();
    await applicantPage.getByRole('button', { name: '撤回申请' }).click();
    await applicantPage
      .getByRole('dialog')
      .filter({ hasText: `确定撤回加入「${companyName}」的申请吗？` })
      .getByRole('button', { name: '确定' })
      .click();
    await expect(applicantPage.getByText('已撤回加入申请')).toBeVisible();
    await expect(applicantPage.getByRole('tab', { name: '加入企业' })).toBeVisible();
    await expect(applicantPage.getByText('等待管理员审核')).toHaveCount(0);
    await askToJoin();
  });

  await test.step('the administrator approves in /user-application; the member appears in /user-list', async () => {
    await page.goto('/user-application');
    const row = page.getByRole('row').filter({ hasText: applicant.phone });
    await expect(row).toHaveCount(1); // the withdrawn request is not waiting
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
  });

  await test.step('the administrator changes the password, signs out and signs in with the new one', async () => {
    await page.goto('/update-password');
    await page.getByPlaceholder('请输入原密码').fill('Wrong1234');
    await page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '原密码错误' })).toBeVisible();
    await page.getByPlaceholder('请输入原密码').fill(PASSWORD);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Said on the way out and shown where the user lands (feedback.leaving).
    await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
    await loginWithPassword(page, admin.name, PASSWORD);
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await loginWithPassword(page, admin.name, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/record-application$/);
  });

  await test.step('the administrator changes the phone; a phone of another account is refused', async () => {
    const step1 = page.getByRole('form', { name: '验证原手机号' });
    const step2 = page.getByRole('form', { name: '绑定新手机号' });
    /**
     * Opens 修改手机号 and checks the old phone. The server under test lets a phone have its next code at once
     * (SMS_RESEND_SECONDS=0, global-setup.ts); the 60 s rule has its API test.
     */
    const checkOldPhone = async () => {
      await page.goto('/update-phone');
      await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
      await expect(step1).toContainText(`${admin.phone.slice(0, 3)}****${admin.phone.slice(-4)}`);
      // Codes this phone got earlier in the test were read before now: only the new one is this late.
      const oldSentAfter = Date.now();
      await step1.getByRole('button', { name: '获取验证码' }).click();
      await expect(step1.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
      await step1.getByLabel('验证码').fill(await lastSmsCode(admin.phone, oldSentAfter));
      await step1.getByRole('button', { name: '下一步' }).click();
    };
    await checkOldPhone();
    await step2.getByPlaceholder('请输入新手机号', { exact: true }).fill(applicant.phone);
    await step2.getByRole('button', { name: '获取验证码' }).click();
    await expect(step2.getByText('该手机号已被其他账号使用')).toBeVisible();

    // A check of the old phone opens one new phone only: the taken one spent it, so check again.
    await checkOldPhone();
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
    // The licence uploaded on /join is the company's: its image loads for the administrator.
    const licence = page.getByRole('img', { name: '营业执照' }).filter({ visible: true });
    await expect(licence).toBeVisible();
    await expect.poll(() => licence.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('the platform freezes the company: its member gets the notice instead of their screens', async () => {
    const platform = await platformPage(browser);
    const search = platform.getByRole('form', { name: '企业搜索' });
    await search.getByPlaceholder('请输入企业名称或统一社会信用代码').fill(companyName);
    await search.getByRole('button', { name: '搜索' }).click();
    const row = platform.getByRole('row').filter({ hasText: companyName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '企业', exact: true })).toBeVisible();
    await row.getByRole('button', { name: '冻结' }).click();
    await dialogTitled(platform, '提示').getByRole('button', { name: '确定' }).click();
    await expect(row).toContainText('已冻结');
    await platform.context().close();

    await applicantPage.goto('/user-list');
    const notice = dialogSaying(applicantPage, FROZEN_NOTICE).first();
    await expect(notice).toBeVisible();
    await expect(applicantPage.getByRole('row').filter({ hasText: admin.name })).toHaveCount(0);
    await notice.getByRole('button', { name: '确定' }).click();
    await applicantPage.context().close();
  });
});
