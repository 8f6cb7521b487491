import type { Browser, Locator, Page } from '@playwright/test';
import { isValidCreditCode } from '@skill-cert/shared/credit-code';
import { expect as baseExpect, lastSmsCode, loginWithPassword } from './fixtures.ts';

/** Helpers of the enterprise specs (onboarding, record application): everything through the web app. */

// Several helpers share two cores: give each step room beyond the default 10 s.
export const expect = baseExpect.configure({ timeout: 30_000 });

export const PASSWORD = 'Abc12345';
/** A 1×1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** 8 digits unique to this run and spec: phones are `13x` + stamp, names and credit codes derive from it. */
export const newStamp = (): string => `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;

/** A 统一社会信用代码 built from the stamp, with its check character computed by the shared rule. */
export function creditCodeFor(stamp: string, area = '110101'): string {
  const prefix = `91${area}${stamp}9`;
  return [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
}

export interface Person {
  name: string;
  phone: string;
}

/** Registers through the login page's 注册账号 form (SMS code included) and lands on /join. */
export async function registerThroughLoginPage(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: '注册账号' }).click();
  const form = page.locator('form#register');
  await form.getByPlaceholder('请输入用户名').fill(person.name);
  await form.getByPlaceholder('请输入手机号').fill(person.phone);
  await form.getByPlaceholder('请输入邮箱').fill(`${person.phone}@example.cn`);
  await form.getByPlaceholder('请输入密码', { exact: true }).fill(PASSWORD);
  await form.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  const sentAt = Date.now();
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await form.getByPlaceholder('请输入验证码').fill(await lastSmsCode(person.phone, sentAt - 1000));
  await form.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await form.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole('heading', { name: '加入或创建企业' })).toBeVisible();
}

/** On /join: fills 创建企业 (region 北京市东城区, licence uploaded) and lands on /record-application. */
export async function createCompanyOnJoinPage(page: Page, company: { name: string; creditCode: string }) {
  const form = page.getByRole('form', { name: '创建企业' });
  await form.getByPlaceholder('请输入企业名称').fill(company.name);
  await form.getByPlaceholder('请输入统一社会信用代码').fill(company.creditCode);
  await form.getByRole('combobox').fill('东城');
  await page.getByRole('menuitemcheckbox').filter({ hasText: '东城区' }).first().click();
  await form.getByPlaceholder('请输入详细地址').fill('东长安街1号');
  await form.getByPlaceholder('请输入联系人').fill('李经理');
  await form.getByPlaceholder('请输入联系电话').fill('13912345678');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  // Uploaded: the licence shows its thumbnail.
  await expect(form.getByAltText('营业执照.png')).toHaveCount(1);
  await form.getByRole('button', { name: '创建企业' }).click();
  await expect(page).toHaveURL(/\/record-application$/);
}

/** A second browser context signed in with a password. */
export async function signedInPage(browser: Browser, name: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await loginWithPassword(page, name, password);
  // Signed in once the app leaves /login: a goto before that aborts the sign-in (slow under load) and lands on /login.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** The platform super administrator (pingtai) on /company. */
export async function platformPage(browser: Browser): Promise<Page> {
  const page = await signedInPage(browser, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  return page;
}

/** Opens the message centre from the bell; answers the dialog. */
export async function openMessageCentre(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '消息中心' }).click();
  const centre = page.getByRole('dialog', { name: '消息中心' });
  await expect(centre).toBeVisible();
  return centre;
}
