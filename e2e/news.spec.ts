import { expect, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, dialogTitled, field, pickOption, rowWith } from './ui.ts';

/** 新闻公告: the platform writes an article for the enterprise portal; an enterprise user reads it at /news/index. */
test('an article published to the enterprise portal by the platform is read by qiye from /news/index', async ({
  browser,
}) => {
  const title = `企业端新闻 ${Date.now()}`;
  const platform = await browser.newPage();
  await loginWithPassword(platform, 'pingtai');
  await expect(platform).toHaveURL(/\/company$/);
  await platform.goto('/news');
  await platform.getByRole('button', { name: '新增新闻' }).click();
  const editor = dialogTitled(platform, '新增新闻');
  await field(editor, '标题').fill(title);
  await pickOption(field(editor, '分类'), '平台公告');
  await editor.getByLabel('正文').fill('<p>欢迎阅读<strong>企业端</strong>新闻</p><script>alert(1)</script>');
  await editor.getByLabel('指定端').check();
  await editor.getByLabel('企业端').check();
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toBeHidden();
  const row = rowWith(platform, title);
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: '发布' }).click();
  await dialogSaying(platform, `确定发布“${title}”吗？`).getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已发布');
  await platform.close();

  const reader = await browser.newPage();
  await loginWithPassword(reader, 'qiye');
  await expect(reader).toHaveURL(/\/record-application$/);
  await reader.getByRole('link', { name: '新闻公告' }).click();
  await expect(reader).toHaveURL(/\/news\/index$/);
  await reader.getByRole('link', { name: title }).click();
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  const article = reader.locator('article');
  await expect(article).toContainText('欢迎阅读企业端新闻');
  await expect(article.locator('script')).toHaveCount(0);
  await expect(reader.getByText('阅读 1')).toBeVisible();
  await reader.close();
});
