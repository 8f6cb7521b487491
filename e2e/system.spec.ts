import type { Locator, Page } from '@playwright/test';
import { expect, loginWithPassword, test } from './fixtures.ts';
import { pickOption } from './ui.ts';

/** Platform access screens on the real stack: roles, their grants, assigning them to users; the menu tree. */

const treeCheckbox = (dialog: Locator, title: string) =>
  dialog
    .getByRole('treeitem')
    .filter({ has: dialog.page().getByTitle(title, { exact: true }) })
    .getByRole('checkbox');

async function signInAsPlatform(page: Page) {
  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
}

test('菜单管理 shows the platform menu tree and switches portal', async ({ page }) => {
  await signInAsPlatform(page);
  await page.goto('/system/menu');
  const table = page.getByRole('table');
  await expect(table.getByText('系统管理', { exact: true })).toBeVisible();
  await expect(table.getByText('system:role:grant')).toBeVisible();

  await page.getByText('机构端', { exact: true }).click();
  await expect(table.getByText('备案中心', { exact: true })).toBeVisible();
  await expect(table.getByText('系统管理', { exact: true })).toHaveCount(0);
});

test('create a role, grant it menus, assign it to a user', async ({ page }) => {
  // Three screens and four dialogs: longer than one page's test.
  test.slow();
  const roleName = `E2E角色${Date.now() % 1_000_000}`;
  await signInAsPlatform(page);

  // Create.
  await page.goto('/system/role');
  await page.getByRole('button', { name: '新增角色' }).click();
  const form = page.getByRole('dialog', { name: '新增角色' });
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form.getByText('请输入角色名称')).toBeVisible();
  await form.getByPlaceholder('请输入角色名称').fill(roleName);
  await form.getByPlaceholder('请输入备注').fill('浏览器测试创建');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  // Find it.
  const search = page.getByRole('form', { name: '角色搜索' });
  await search.getByPlaceholder('请输入角色名称').fill(roleName);
  await search.getByRole('button', { name: '搜索' }).click();
  const row = page.locator('tr', { hasText: roleName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('浏览器测试创建')).toBeVisible();

  // Grant 企业管理 and one button of 角色管理.
  await row.getByRole('button', { name: '分配权限' }).click();
  const grant = page.getByRole('dialog', { name: `分配权限：${roleName}（平台端）` });
  await expect(grant.getByTitle('企业管理', { exact: true })).toBeVisible();
  await treeCheckbox(grant, '企业管理').click();
  await treeCheckbox(grant, '修改角色').click();
  await expect(treeCheckbox(grant, '角色管理')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await grant.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('分配权限成功')).toBeVisible();
  await expect(grant).toBeHidden();

  // The grant holds after reopening: the button checked, its page and directory half-checked.
  await row.getByRole('button', { name: '分配权限' }).click();
  await expect(treeCheckbox(grant, '修改角色')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(treeCheckbox(grant, '企业管理')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(treeCheckbox(grant, '角色管理')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(treeCheckbox(grant, '系统管理')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(treeCheckbox(grant, '删除角色')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await grant.getByRole('button', { name: '取消' }).click();
  await expect(grant).toBeHidden();

  // Assign it to a platform user.
  await page.goto('/system/user');
  const userSearch = page.getByRole('form', { name: '用户搜索' });
  await userSearch.getByPlaceholder('请输入姓名或手机号').fill('duojuese');
  await userSearch.getByRole('button', { name: '搜索' }).click();
  const userRow = page.locator('tr', { hasText: 'duojuese' });
  await expect(userRow).toHaveCount(1);
  await expect(userRow.getByText('平台端')).toBeVisible();
  await userRow.getByRole('button', { name: '分配角色' }).click();

  const assign = page.getByRole('dialog', { name: '分配角色：duojuese' });
  await expect(assign.getByRole('checkbox', { name: '平台端' })).toBeChecked();
  await pickOption(assign.getByRole('combobox'), roleName);
  await assign.getByText('角色类型').click(); // closes the dropdown
  await assign.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('分配角色成功')).toBeVisible();
  await expect(userRow.getByText(roleName)).toBeVisible();
});
