import { expect, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, dialogTitled, field, optionsOf, rowWith } from './ui.ts';

/** 职业目录: an occupation the platform adds is offered in the enterprise's filing form, and no longer once 停用. */
test('an occupation the platform adds is offered for a new filing until it is disabled', async ({
  browser,
}) => {
  const stamp = Date.now();
  const two = (n: number) => String(n % 100).padStart(2, '0');
  const code = `4-99-${two(Math.floor(stamp / 100))}-${two(stamp)}`;
  const name = `示例职业${stamp}`;

  const platform = await browser.newPage();
  await loginWithPassword(platform, 'pingtai');
  await expect(platform).toHaveURL(/\/company$/);
  await platform.goto('/occupation');
  await platform.getByRole('button', { name: '新增职业' }).click();
  const form = dialogTitled(platform, '新增职业');
  await field(form, '职业编码').fill(code);
  await field(form, '职业名称').fill(name);
  await form.getByRole('button', { name: /添加工种/ }).click();
  await form.getByRole('textbox', { name: '第1个工种/职业方向名称' }).fill('示例工种');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  const row = rowWith(platform, name);
  await expect(row).toContainText(code);
  await expect(row).toContainText('1 个');

  const enterprise = await browser.newPage();
  await loginWithPassword(enterprise, 'qiye');
  await expect(enterprise).toHaveURL(/\/record-application$/);
  await enterprise.goto('/record-application/add');
  const occupation = enterprise.getByRole('group', { name: '评价职业 1' }).getByRole('combobox').first();
  await occupation.fill(name);
  await expect((await optionsOf(occupation)).filter({ hasText: `${name}（${code}）` })).toHaveCount(1);

  await row.getByRole('button', { name: '停用' }).click();
  await dialogSaying(platform, `确定停用“${name}（${code}）”吗？`)
    .getByRole('button', { name: '确定' })
    .click();
  await expect(row).toContainText('停用');

  await enterprise.reload();
  const again = enterprise.getByRole('group', { name: '评价职业 1' }).getByRole('combobox').first();
  await expect(again).toBeVisible();
  // The form read the catalogue again: a known occupation is offered, the disabled one is not.
  await again.fill('电工');
  await expect((await optionsOf(again)).filter({ hasText: '电工（6-31-01-03）' })).toHaveCount(1);
  await again.fill(name);
  await expect((await optionsOf(again)).filter({ hasText: name })).toHaveCount(0);
  await platform.close();
  await enterprise.close();
});
