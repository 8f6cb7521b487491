import { DEMO_PASSWORD, expect, loginWithPassword, test } from './fixtures.ts';
import { rowWith } from './ui.ts';

/** 审计日志: a failed sign-in and a platform change appear on /audit-log, the change's detail shows before and after. */
test('the platform reads a failed sign-in and its own change on /audit-log, with before and after', async ({
  page,
  request,
}) => {
  const account = `nobody${Date.now()}`;
  const tried = await request.post('/api/login', { data: { name: account, password: 'Wrong@2026' } });
  expect(tried.status()).toBe(400);

  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  await page.getByRole('navigation', { name: '菜单' }).getByText('审计日志').click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: '审计日志' })).toBeVisible();

  const search = page.locator('form[aria-label="审计日志搜索"]');
  await search.getByPlaceholder('用户名或登录账号').fill(account);
  await search.getByRole('button', { name: '搜索' }).click();
  const failed = rowWith(page, account);
  await expect(failed).toContainText('密码登录');
  await expect(failed).toContainText('失败（400）');
  await expect(page.getByRole('link', { name: /导出/ })).toHaveAttribute(
    'href',
    `/api/auditLogs/export?user=${account}`,
  );

  // A change by the platform: a role renamed through the API, as the 角色管理 page does.
  const session = await request.post('/api/login', { data: { name: 'pingtai', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await session.json()).data.token}` };
  const made = await request.post('/api/roles', {
    headers,
    data: { portal: 2, name: `审计角色${Date.now()}`, remark: null, permission_all: 0 },
  });
  const role = (await made.json()).data as { _id: string; name: string };
  const renamed = `${role.name}改`;
  const changed = await request.patch(`/api/roles/${role._id}`, {
    headers,
    data: { portal: 2, name: renamed, remark: null, permission_all: 0 },
  });
  expect(changed.status()).toBe(200);

  await search.getByPlaceholder('用户名或登录账号').fill('pingtai');
  await search.getByPlaceholder('如：修改菜单').fill('修改角色');
  await search.getByRole('button', { name: '搜索' }).click();
  const change = page.locator('tr[data-row-key]').filter({ hasText: '修改角色' }).first();
  await change.getByRole('button', { name: '详情' }).click();
  const diff = page.getByRole('region', { name: '变更内容' });
  const name = diff.locator('tr[data-row-key="name"]');
  await expect(name).toContainText(role.name);
  await expect(name).toContainText(renamed);
  await expect(name).toContainText('已变更');
});
