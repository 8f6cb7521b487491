import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, type Locator, type Page, request } from '@playwright/test';
import { isValidCreditCode } from '@skill-cert/shared/credit-code';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { rampPng as png } from '../apps/server/test/fixtures/render/png.ts';
import { zipOf } from './files.ts';
import { expect as baseExpect, lastSmsCode, loginWithPassword, test } from './fixtures.ts';
import { closeOf, dialogTitled, fieldErrors, pickOption, rowsOf, rowWith } from './ui.ts';

// Several helpers share two cores, and rendering runs meanwhile: give each step room.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Custom certificates on the real stack: a fresh enterprise designs a template (background with a
 * proportions check, default blanks with a photo, a box dragged and one resized with the mouse, 预览),
 * downloads the batch template, fills it (one row missing a required value), uploads it with a photos zip,
 * watches the batch end as 部分失败, opens a certificate (its PDF holds the photo), regenerates the failed one,
 * downloads the zip, opens the batch from the message centre, a visitor without login opens the public page
 * of a certificate, and a bigger batch shows its progress while it runs.
 */

const PASSWORD = 'Abc12345';
/** A 1×1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A background with the proportions of A4 landscape (297 : 210). */
const BACKGROUND = png(594, 420, [251, 230, 233]);

/** A zip of photos named by ID number, as the batch template's 说明.txt asks. */
const photosZip = (photos: { idCard: string; data: Buffer }[]) =>
  zipOf(photos.map((p) => ({ name: `照片/${p.idCard}.png`, data: p.data })));

/** A filled batch sheet of the designed template (序号, 姓名, 身份证号, 证书编号). */
async function filledSheet(
  rows: { name: string; id_card: string; certificate_no: string }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('证书数据');
  ws.addRow(['序号', '*姓名', '*身份证号', '*证书编号']);
  rows.forEach((h, i) => {
    ws.addRow([String(i + 1), h.name, h.id_card, h.certificate_no]);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const stamp = `${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
const owner = { name: `zs${stamp}`, phone: `132${stamp}` };
const companyName = `证书测试企业${stamp}`;
const templateName = `电工证书${stamp}`;
const batchName = `三月批次${stamp}`;

/** Holders of the batch; 王五 has no 证书编号, a required column, so that certificate fails. */
const holders = [
  { name: '张三', id_card: '110101199003071234', certificate_no: `Y${stamp}0001` },
  { name: '王五', id_card: '110101199105082345', certificate_no: '' },
  { name: '赵六', id_card: '110101199207093456', certificate_no: `Y${stamp}0003` },
];

const creditCode = () => {
  const prefix = `91310101${stamp}7`;
  return [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
};

async function apiData<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** Registers a fresh user and creates its company through the API, as /join would; answers its API client. */
async function freshCompanyOwner(): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sentAt = Date.now() - 1000;
  await apiData(anonymous.post('/api/register/sms', { data: { phone: owner.phone } }));
  const registered = await apiData<{ token: string }>(
    anonymous.post('/api/register', {
      data: {
        ...owner,
        email: `${owner.phone}@example.cn`,
        password: PASSWORD,
        verify_code: await lastSmsCode(owner.phone, sentAt),
      },
    }),
  );
  await anonymous.dispose();
  const api = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${registered.token}` },
  });
  const licence = await apiData<{ file_id: string }>(
    api.post('/api/files/upload?type=image', {
      multipart: { file: { name: '营业执照.png', mimeType: 'image/png', buffer: PNG } },
    }),
  );
  await apiData(
    api.post('/api/companies', {
      data: {
        name: companyName,
        credit_code: creditCode(),
        region_code: '310101',
        address: '南京东路 100 号',
        contact_name: '证书联系人',
        contact_phone: owner.phone,
        licence_file_id: licence.file_id,
      },
    }),
  );
  return api;
}

/** Every file of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const bytesOf = async (download: Download) => readFile(await download.path());

/** Clicks a button of `scope` and answers the download it starts. */
async function downloadBy(page: Page, target: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return download;
}

/** Presses the mouse at `from`, moves it by (dx, dy) in two legs and lets go: a drag the designer follows. */
async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 4 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
  await page.mouse.up();
}

/** Fills the 新建批量生成 dialog (name, the template, sheet and photos zip) and starts the batch. */
async function fillBatch(
  dialog: Locator,
  name: string,
  sheetFile: { name: string; buffer: Buffer },
  zipFile: { name: string; buffer: Buffer },
) {
  await dialog.getByPlaceholder('请输入名称').fill(name);
  await pickOption(dialog.getByRole('combobox'), templateName);
  const files = dialog.locator('input[type="file"]');
  await files.first().setInputFiles({ ...sheetFile, mimeType: XLSX_MIME });
  // Exact names: while a file is sent its item reads "{name}（已上传 N%）" and 开始生成 waits for it.
  await expect(dialog.getByText(sheetFile.name, { exact: true })).toBeVisible();
  await files.nth(1).setInputFiles({ ...zipFile, mimeType: 'application/zip' });
  await expect(dialog.getByText(zipFile.name, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '开始生成' }).click();
  await expect(dialog).toBeHidden();
}

const modal = dialogTitled;

test('custom certificates: design, batch template, upload, progress, open, regenerate, zip, message, public page', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const api = await freshCompanyOwner();
  let sheet: ExcelJS.Workbook;

  await test.step('design a template: background, default blanks with a photo, drag, resize, 预览, save', async () => {
    await loginWithPassword(page, owner.name, PASSWORD);
    await expect(page).toHaveURL(/\/record-application$/);
    await page.goto('/certificate-template');
    await expect(page.getByRole('tab', { name: '证书模板', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /新建模板/ }).click();
    const designer = modal(page, '新建模板');
    await expect(designer).toBeVisible();

    await designer.getByLabel('模板名称').fill(templateName);
    await designer
      .locator('input[type="file"]')
      .setInputFiles({ name: '证书底图.png', mimeType: 'image/png', buffer: BACKGROUND });
    await expect(designer.getByAltText('证书底图', { exact: true })).toHaveAttribute('src', /\/api\/files\//);
    // One background: the upload control holds a single image (one to remove).
    await expect(designer.getByRole('button', { name: '删除文件' })).toHaveCount(1);

    // The background has the proportions of A4 landscape; turned to 纵向 it would be stretched: a warning
    // offers 横向 back.
    const stretched = designer.getByRole('alert').filter({ hasText: '底图比例与纸张不一致' });
    // Its text, as a user clicks it: antd's button-style radio is a 0×0 input under it.
    await designer.getByRole('radiogroup', { name: '方向' }).getByText('纵向', { exact: true }).click();
    await expect(stretched).toBeVisible();
    await expect(stretched).toContainText('建议将方向改为「横向」');
    await stretched.getByRole('button', { name: '改为横向' }).click();
    await expect(stretched).toBeHidden();

    for (const label of ['姓名', '身份证号', '证书编号', '照片（图片）']) {
      await designer.getByRole('button', { name: /添加默认字段/ }).click();
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await expect(
        designer.getByRole('button', { name: `字段 ${label.replace('（图片）', '')}` }),
      ).toBeVisible();
    }

    // The page is drawn at A4 landscape proportions.
    const canvas = designer.getByRole('application', { name: '证书画布' });
    await expect(canvas).toHaveAttribute('data-page', 'A4-landscape');
    const pageBox = (await canvas.boundingBox())!;
    expect(pageBox.width / pageBox.height).toBeCloseTo(297 / 210, 1);

    // Drag 姓名 right and down by a tenth of the page.
    const name = designer.getByRole('button', { name: '字段 姓名' });
    const before = (await name.boundingBox())!;
    const x = before.x + before.width / 2;
    const y = before.y + before.height / 2;
    await dragBy(page, { x, y }, pageBox.width * 0.1, pageBox.height * 0.1);
    const after = (await name.boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(pageBox.width * 0.1, -1);
    expect(after.y - before.y).toBeCloseTo(pageBox.height * 0.1, -1);
    // The property panel shows the new place (the default 姓名 sits at 28 % across).
    await expect(designer.getByLabel('横向位置')).toHaveValue('38.0');

    // Resize 照片 by its corner: 5 % of the page wider and taller (the default is 12 % × 24 %).
    const photo = designer.getByRole('button', { name: '字段 照片' });
    await photo.click();
    await expect(photo).toHaveAttribute('aria-pressed', 'true');
    const handle = photo.locator('.cc-blank-resize');
    await expect(handle).toBeVisible();
    const photoBefore = (await photo.boundingBox())!;
    const corner = (await handle.boundingBox())!;
    const center = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
    await dragBy(page, center, pageBox.width * 0.05, pageBox.height * 0.05);
    const photoAfter = (await photo.boundingBox())!;
    expect(photoAfter.x).toBeCloseTo(photoBefore.x, 0);
    expect(photoAfter.width - photoBefore.width).toBeCloseTo(pageBox.width * 0.05, -1);
    expect(photoAfter.height - photoBefore.height).toBeCloseTo(pageBox.height * 0.05, -1);
    const percentOf = async (label: string) =>
      Number.parseFloat(await designer.getByLabel(label).inputValue());
    expect(await percentOf('宽度')).toBeCloseTo(17, 0);
    expect(await percentOf('高度')).toBeCloseTo(29, 0);

    // 预览: the server renders the unsaved design and the PDF opens in the preview dialog.
    await designer.getByRole('button', { name: '预览' }).click();
    const preview = modal(page, `${templateName}（预览）.pdf`);
    const frame = preview.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    const head = await page.evaluate(
      async (src) => {
        const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
        return { start: new TextDecoder().decode(bytes.subarray(0, 5)), size: bytes.length };
      },
      (await frame.getAttribute('src'))!,
    );
    expect(head.start).toBe('%PDF-');
    expect(head.size).toBeGreaterThan(5_000);
    await closeOf(preview).click();
    await expect(preview).toBeHidden();

    await designer.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('模板创建成功')).toBeVisible();
    await expect(page.locator('tr', { hasText: templateName })).toBeVisible();
  });

  await test.step('download the batch template: an .xlsx with one column per text blank, required ones marked', async () => {
    const row = page.locator('tr', { hasText: templateName });
    const download = await downloadBy(page, row.getByRole('button', { name: '下载批量模板' }));
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = await unzip(await bytesOf(download));
    const xlsx = [...files.keys()].find((f) => f.endsWith('.xlsx'));
    expect(xlsx, [...files.keys()].join(', ')).toBeTruthy();
    sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(files.get(xlsx!)! as unknown as ArrayBuffer);
    const headers = (sheet.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(['序号', '*姓名', '*身份证号', '*证书编号']);
  });

  await test.step('upload a filled batch with its photos zip and watch it end as 部分失败', async () => {
    const ws = sheet.worksheets[0]!;
    holders.forEach((h, i) => {
      ws.getRow(i + 2).values = [String(i + 1), h.name, h.id_card, h.certificate_no];
    });
    const filled = Buffer.from(await sheet.xlsx.writeBuffer());
    const zip = await photosZip(
      holders.map((h, i) => ({ idCard: h.id_card, data: png(150, 200, [60 + i * 50, 90, 160]) })),
    );

    await page.getByRole('tab', { name: '批量生成', exact: true }).click();
    await page.getByRole('button', { name: /新建批量生成/ }).click();
    const dialog = modal(page, '新建批量生成');
    await dialog.getByRole('button', { name: '开始生成' }).click();
    await expect.poll(() => fieldErrors(dialog)).toEqual(['请输入名称', '请选择证书模板', '请上传文件']);

    await fillBatch(
      dialog,
      batchName,
      { name: '证书数据.xlsx', buffer: filled },
      { name: '照片.zip', buffer: zip },
    );

    const row = page.locator('tr', { hasText: batchName });
    await expect(row).toBeVisible();
    await expect(row.getByText('部分失败')).toBeVisible({ timeout: 120_000 });
    await expect(row).toContainText('3 / 2 / 1');
  });

  await test.step('open the batch: its details and certificates; view one', async () => {
    const row = page.locator('tr', { hasText: batchName });
    await row.getByRole('button', { name: '查看' }).click();
    const detail = modal(page, '证书详情');
    const info = detail.getByLabel('批次信息');
    await expect(info).toContainText(batchName);
    await expect(info.getByText('部分失败')).toHaveClass(/ant-tag-error/);
    await expect(info).toContainText(templateName);
    await expect(info).toContainText(companyName);
    await expect(info).toContainText('证书数据.xlsx');

    const list = detail.getByRole('region', { name: '证书列表' });
    await expect(rowsOf(list)).toHaveCount(3);
    const zhang = rowWith(list, '张三');
    await expect(zhang.getByText('生成成功')).toBeVisible();
    const wang = rowWith(list, '王五');
    await expect(wang.getByText('生成失败')).toBeVisible();
    await expect(wang).toContainText('证书编号');

    await zhang.getByRole('button', { name: '查看' }).click();
    const preview = modal(page, '张三.pdf');
    const frame = preview.locator('iframe');
    await expect(frame).toHaveAttribute('src', /\/api\/files\//);
    const pdf = await page.request.get((await frame.getAttribute('src'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const bytes = (await pdf.body()).toString('latin1');
    expect(bytes.slice(0, 5)).toBe('%PDF-');
    // Two pictures on the page: the background and 张三's photo from the zip.
    expect(bytes.match(/\/Subtype \/Image/g)).toHaveLength(2);
    await closeOf(preview).click();
    await expect(preview).toBeHidden();
  });

  await test.step('regenerate the failed certificate: the required value first, then 重新生成证书成功！', async () => {
    const detail = modal(page, '证书详情');
    const wang = rowWith(detail, '王五');
    await wang.getByRole('button', { name: '重新生成' }).click();
    const dialog = modal(page, '重新生成证书');
    await expect(dialog.getByPlaceholder('请输入姓名')).toHaveValue('王五');
    await dialog.getByRole('button', { name: '重新生成' }).click();
    await expect.poll(() => fieldErrors(dialog)).toEqual(['请填写 证书编号']);
    await dialog.getByPlaceholder('请输入证书编号').fill(`Y${stamp}0002`);
    await dialog.getByRole('button', { name: '重新生成' }).click();
    await expect(page.getByText('重新生成证书成功！')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(wang.getByText('生成成功')).toBeVisible();
  });

  await test.step('下载全部: a zip with every certificate', async () => {
    const detail = modal(page, '证书详情');
    const download = await downloadBy(page, detail.getByRole('link', { name: '下载全部' }));
    const files = await unzip(await bytesOf(download));
    const pdfs = [...files.keys()].filter((f) => f.endsWith('.pdf'));
    expect(pdfs).toHaveLength(3);
    for (const name of pdfs) expect(files.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    await closeOf(detail).click();
    await expect(detail).toBeHidden();
  });

  await test.step('the message centre: 查看证书 of the done message opens the same batch', async () => {
    await page.getByRole('button', { name: '消息中心' }).click();
    const centre = page.getByRole('dialog', { name: '消息中心' });
    await centre.getByRole('tab', { name: '全部通知' }).click();
    const message = centre
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: '查看证书' }) });
    await message.first().getByRole('button', { name: '查看证书' }).click();
    const detail = modal(page, '证书详情');
    await expect(detail.getByLabel('批次信息')).toContainText(batchName);
    await closeOf(detail).click();
    await expect(detail).toBeHidden();
    await centre.getByRole('button', { name: '关闭' }).click();
    await expect(centre).toBeHidden();
  });

  await test.step('the public page of a certificate opens without login; an unknown id says so', async () => {
    const batches = await apiData<{ list: { _id: string; name: string }[] }>(
      api.get('/api/customCertificateBatchUploadRecords', { params: { name: batchName } }),
    );
    const batchId = batches.list.find((b) => b.name === batchName)!._id;
    const certificates = await apiData<{
      list: { _id: string; verify_path: string; blanks: { name: string; val: string }[] }[];
    }>(
      api.get(`/api/customCertificateBatchUploadRecords/${batchId}/certificateList`, {
        params: { name: '张三' },
      }),
    );
    const zhang = certificates.list[0]!;

    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const phone = await visitor.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(zhang.verify_path);
    await expect(phone.getByText('有效', { exact: true })).toBeVisible();
    const info = phone.getByLabel('证书信息');
    await expect(info).toContainText('张三');
    await expect(info).toContainText('1101**********1234');
    await expect(info).not.toContainText('110101199003071234');
    await expect(info).toContainText(`Y${stamp}0001`);
    await expect(info).toContainText(companyName);
    // Nothing spills sideways on a phone-sized window.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await phone.goto('/information-link/00000000-0000-4000-8000-000000000000');
    await expect(phone.getByText('证书不存在或已失效')).toBeVisible();
    await visitor.close();
  });

  await test.step('a bigger batch shows 生成中 with its progress and counts before it ends as 已完成', async () => {
    const count = 80;
    const people = Array.from({ length: count }, (_, i) => ({
      name: `学员${i + 1}`,
      id_card: `440106199001${String(i + 1).padStart(6, '0')}`,
      certificate_no: `Y${stamp}${String(i + 1).padStart(4, '0')}`,
    }));
    // Phone-camera-sized photos: each is decoded and scaled for its certificate, so the batch takes seconds.
    const photo = png(1500, 2000, [180, 120, 90]);
    const zip = await photosZip(people.map((p) => ({ idCard: p.id_card, data: photo })));
    const progressName = `进度批次${stamp}`;

    await page.getByRole('button', { name: /新建批量生成/ }).click();
    await fillBatch(
      modal(page, '新建批量生成'),
      progressName,
      { name: '进度.xlsx', buffer: await filledSheet(people) },
      { name: '进度照片.zip', buffer: zip },
    );

    const row = page.locator('tr', { hasText: progressName });
    await expect(row.getByText('生成中')).toBeVisible();
    const progress = row.getByRole('progressbar', { name: `${progressName}生成进度` });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/^\d+%$/);
    await expect(row).toContainText(new RegExp(`${count} / \\d+ / 0`));
    // The bar moves on (or the batch ends, and the bar goes) as the list asks again every 2 s. Read without waiting
    // for the bar: a getAttribute() on a bar that went meanwhile would wait for it until the poll timed out.
    await expect
      .poll(
        () =>
          progress.evaluateAll((bars) => (bars.length ? Number(bars[0].getAttribute('aria-valuenow')) : 100)),
        { timeout: 180_000 },
      )
      .toBeGreaterThan(0);
    await expect(row.getByText('已完成')).toBeVisible({ timeout: 180_000 });
    await expect(row).toContainText(`${count} / ${count} / 0`);
  });

  await api.dispose();
});
