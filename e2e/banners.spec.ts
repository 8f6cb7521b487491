import { rampPng } from '../apps/server/test/fixtures/render/png.ts';
import { expect, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, dialogTitled, field, rowWith } from './ui.ts';

/** 轮播图: the platform adds a login-page banner; the login page shows it, and no longer once it is 停用. */
test('a banner the platform adds is shown on the login page, with its link, until it is switched off', async ({
  browser,
}) => {
  const title = `平台横幅 ${Date.now()}`;
  const platform = await browser.newPage();
  await loginWithPassword(platform, 'pingtai');
  await expect(platform).toHaveURL(/\/company$/);
  await platform.goto('/banner');
  await platform.getByRole('button', { name: '新增轮播图' }).click();
  const form = dialogTitled(platform, '新增轮播图');
  await field(form, '标题（图片说明）').fill(title);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: '横幅.png', mimeType: 'image/png', buffer: rampPng(600, 200, [80, 78, 243]) });
  await expect(form.getByRole('img', { name: /横幅/ })).toBeVisible();
  await field(form, '链接').fill('/news/index');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  const row = rowWith(platform, title);
  await expect(row).toContainText('展示中');
  await expect(row.getByRole('img', { name: title })).toHaveJSProperty('complete', true);

  const visitor = await browser.newPage();
  await visitor.goto('/login');
  const carousel = visitor.getByRole('region', { name: '轮播图' });
  const image = carousel.getByRole('img', { name: title });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(carousel.getByRole('link')).toHaveAttribute('href', '/news/index');
  await expect(visitor.getByRole('button', { name: '登录', exact: true })).toBeInViewport();

  await row.getByRole('button', { name: '停用' }).click();
  await dialogSaying(platform, `确定停用“${title}”吗？`).getByRole('button', { name: '确定' }).click();
  await expect(row).not.toContainText('展示中');
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(visitor.getByRole('img', { name: title })).toHaveCount(0);
  await platform.close();
  await visitor.close();
});
