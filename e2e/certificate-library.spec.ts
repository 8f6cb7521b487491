import { type APIRequestContext, request } from '@playwright/test';
import ExcelJS from 'exceljs';
import { rampPng as png } from '../apps/server/test/fixtures/render/png.ts';
import { expect, newStamp } from './enterprise.ts';
import { DEMO_PASSWORD, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, rowWith } from './ui.ts';

/**
 * The certificate library on the real stack: a valid certificate is made through the API (a
 * custom batch of one row, which enters the library valid once generated), then qiye (the demo company's
 * administrator) finds it on /certificate-library by the holder's name, revokes it with a reason after confirming,
 * sees 已撤销; a visitor without login opens its public page and sees 已撤销 with the date.
 */

const stamp = newStamp();
const HOLDER = `库测${stamp}`;
const ID_CARD = '110101199003071234';

async function apiData<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

const textBlank = (name: string, cn_name: string, y: number) => ({
  name,
  cn_name,
  required: 1,
  blank_type: 1,
  x: 0.3,
  y,
  width: 0.4,
  height: 0.06,
});

/** qiye's API client. */
async function qiye(): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { token } = await apiData<{ token: string }>(
    anonymous.post('/api/login', { data: { name: 'qiye', password: DEMO_PASSWORD } }),
  );
  await anonymous.dispose();
  return request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
}

/** A custom batch of one holder, generated: answers the certificate's id (its library row has the same). */
async function validCertificate(api: APIRequestContext): Promise<string> {
  const background = await apiData<{ file_id: string }>(
    api.post('/api/files/upload?type=image', {
      multipart: {
        file: { name: '底图.png', mimeType: 'image/png', buffer: png(594, 420, [240, 240, 250]) },
      },
    }),
  );
  const template = await apiData<{ _id: string }>(
    api.post('/api/customCertificateTemplates', {
      data: {
        template_name: `证书库测试${stamp}`,
        background_file_id: background.file_id,
        blanks: [textBlank('name', '姓名', 0.3), textBlank('id_card', '身份证号', 0.4)],
      },
    }),
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('证书数据');
  sheet.addRow(['序号', '*姓名', '*身份证号']);
  sheet.addRow(['1', HOLDER, ID_CARD]);
  const sheetFile = await apiData<{ file_id: string }>(
    api.post('/api/files/upload', {
      multipart: {
        file: {
          name: '名单.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
        },
      },
    }),
  );
  const batch = await apiData<{ _id: string }>(
    api.post('/api/customCertificateBatchUploadRecords', {
      data: {
        name: `证书库批次${stamp}`,
        custom_certificate_template_id: template._id,
        file_id: sheetFile.file_id,
        photo_zip_file_id: null,
      },
    }),
  );
  // The batch renders in the background: its library row appears when its certificate is generated.
  let id = '';
  await expect
    .poll(
      async () => {
        const page = await apiData<{ list: { _id: string; source_id: string }[] }>(
          api.get(`/api/certificates?holder_name=${encodeURIComponent(HOLDER)}`),
        );
        id = page.list.find((c) => c.source_id === batch._id)?._id ?? '';
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return id;
}

test('find a certificate in the library, revoke it, and see 已撤销 on its public page logged out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await qiye();
  const id = await validCertificate(api);
  await api.dispose();

  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await page.goto('/certificate-library');
  const search = page.getByRole('form', { name: '证书搜索' });
  await search.getByLabel('姓名').fill(HOLDER);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = rowWith(page, HOLDER);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('有效')).toBeVisible();
  await expect(row.getByText('自定义证书')).toBeVisible();

  await row.getByRole('button', { name: /撤\s*销/ }).click();
  const dialog = page.getByRole('dialog', { name: '撤销证书' });
  await dialog.getByLabel('撤销原因').fill('证书信息有误');
  await dialog.getByRole('button', { name: /撤\s*销/ }).click();
  const confirm = dialogSaying(page, '确定撤销证书');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('证书已撤销')).toBeVisible();
  await expect(row.getByText('已撤销')).toBeVisible();
  await expect(row.getByRole('button', { name: /撤\s*销/ })).toHaveCount(0);
  // 查看 says so too, with the reason.
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const details = page.getByRole('dialog', { name: '证书详情' });
  await expect(details.getByText(/该证书已于 .+ 撤销，不再有效/)).toBeVisible();
  await expect(details.getByText('撤销原因：证书信息有误')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  const visitor = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await visitor.goto(`/information-link/${id}`);
  await expect(visitor.locator('.certificate-info-state')).toHaveText('已撤销');
  await expect(visitor.getByText(/该证书已于 \d{4}-\d{2}-\d{2} 撤销，不再有效/)).toBeVisible();
  await expect(visitor.getByText(HOLDER)).toBeVisible();
  await expect(visitor.getByText('1101**********1234')).toBeVisible();
  await visitor.context().close();
});
