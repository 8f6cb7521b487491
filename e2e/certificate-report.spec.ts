import { DEMO_PASSWORD, expect, loginWithPassword, test } from './fixtures.ts';
import { rowWith } from './ui.ts';

const day = (offset: number) => {
  const d = new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/**
 * 数据上报: the platform makes a report of the certificates issued 60 to 40 days ago (the demo's published offline
 * batch, issued 50 days ago), downloads its .xlsx, and qiye's 证书库 then says 已上报 for them.
 */
test('the platform reports the issued certificates of a period; the company’s library then says 已上报', async ({
  page,
  browser,
  request,
}) => {
  const start = day(-60);
  const end = day(-40);
  const session = await request.post('/api/login', { data: { name: 'pingtai', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await session.json()).data.token}` };
  // The demo batch's certificates count once they are confirmed (rendered after start-up).
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/api/certificateReports/pending?start_date=${start}&end_date=${end}`, {
              headers,
            })
          ).json()
        ).data.total,
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);

  await loginWithPassword(page, 'pingtai');
  await expect(page).toHaveURL(/\/company$/);
  await page.getByRole('navigation', { name: '菜单' }).getByText('数据上报').click();
  await expect(page).toHaveURL(/\/certificate-report$/);

  await page.getByRole('button', { name: '生成上报批次' }).click();
  const dialog = page.getByRole('dialog', { name: '生成上报批次' });
  await dialog.getByPlaceholder('开始日期').click();
  await dialog.getByPlaceholder('开始日期').fill(start);
  await dialog.getByPlaceholder('开始日期').press('Enter');
  await dialog.getByPlaceholder('结束日期').fill(end);
  await dialog.getByPlaceholder('结束日期').press('Enter');
  await expect(dialog).toContainText(/待上报 \d+ 条/);
  await dialog.getByRole('button', { name: /生\s*成/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定生成上报批次吗' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/已生成上报批次，共 \d+ 条/)).toBeVisible();

  const row = rowWith(page, `${start} 至 ${end}`);
  await expect(row).toBeVisible();
  const href = await row.getByRole('link', { name: /下载/ }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  // An .xlsx is a zip: it starts with PK.
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');

  // Nothing is left for the same scope: the form says so and 生成 stays off.
  await page.getByRole('button', { name: '生成上报批次' }).click();
  await dialog.getByPlaceholder('开始日期').click();
  await dialog.getByPlaceholder('开始日期').fill(start);
  await dialog.getByPlaceholder('开始日期').press('Enter');
  await dialog.getByPlaceholder('结束日期').fill(end);
  await dialog.getByPlaceholder('结束日期').press('Enter');
  await expect(dialog).toContainText('所选范围内没有需要上报的证书');
  await expect(dialog.getByRole('button', { name: /生\s*成/ })).toBeDisabled();

  // The company sees it: every certificate of the period is 已上报 (its library's rows, and on its page).
  const qiye = await request.post('/api/login', { data: { name: 'qiye', password: DEMO_PASSWORD } });
  const own = { authorization: `Bearer ${(await qiye.json()).data.token}` };
  const listed = await (
    await request.get(`/api/certificates?issue_date_start=${start}&issue_date_end=${end}&per_page=50`, {
      headers: own,
    })
  ).json();
  expect(listed.data.list.length).toBeGreaterThan(0);
  expect(new Set(listed.data.list.map((c: { report_state_text: string }) => c.report_state_text))).toEqual(
    new Set(['已上报']),
  );
  const company = await browser.newPage();
  try {
    await loginWithPassword(company, 'qiye');
    await expect(company).toHaveURL(/\/record-application$/);
    await company.goto('/certificate-library');
    const first = listed.data.list[0] as { certificate_no: string };
    const search = company.locator('form[aria-label="证书搜索"]');
    await search.getByPlaceholder('完整证书编号').fill(first.certificate_no);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(rowWith(company, first.certificate_no)).toContainText('已上报');
  } finally {
    await company.close();
  }
});
