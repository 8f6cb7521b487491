import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { GrantStatus } from '@skill-cert/shared/certificate-grants';
import ExcelJS from 'exceljs';
import { rampPng } from '../apps/server/test/fixtures/render/png.ts';
import { expect, newStamp } from './enterprise.ts';
import { call, idNumber, passedPlan } from './evaluation-plans.ts';
import { DEMO_PASSWORD, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, dialogTitled, errorsShown, field, pageActions, pickOption } from './ui.ts';

/**
 * Acting once (DESIGN.md): every kind of create and state change of the enterprise pages, double-clicked in the
 * browser as qiye, makes one record or one change and shows no error beside the success. The records are counted
 * through the API afterwards. Creates: 新增证书 提交 (a batch), 新建模板 保存 (a template), 新增评价 保存草稿 (a plan),
 * 开始生成 (a grant). State changes: 删除 a batch, 提交审批 on the edit page, 确认发证 of a grant (each asked first: the
 * button and the dialog's OK both double-clicked).
 */

const stamp = newStamp();
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** No error message or alert anywhere on the page (the second click's refusal would show one). */
async function expectNoError(page: Page) {
  await expect(errorsShown(page)).toHaveCount(0);
}

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', { data: { name: 'qiye', password: DEMO_PASSWORD } });
  return (await login.json()).data.token as string;
}

/** How many rows a list of qiye's finds for `query`. */
async function countOf(request: APIRequestContext, path: string, query: Record<string, string>) {
  const params = new URLSearchParams({ ...query, page: '1', per_page: '50' });
  const data = await call<{ meta: { total: number } }>(
    request,
    await token(request),
    'GET',
    `${path}?${params}`,
  );
  return data.meta.total;
}

/** The confirmation dialog saying `text`: its OK button double-clicked. */
async function confirmTwice(page: Page, text: string | RegExp, ok: string | RegExp) {
  const dialogs = dialogSaying(page, text);
  await expect(dialogs).toHaveCount(1);
  await dialogs.getByRole('button', { name: ok }).dblclick();
}

/** Picks `option` (the first one when none is named) in the select labelled `label`. */
const choose = (scope: Locator, label: string, option?: string) => pickOption(field(scope, label), option);

test.beforeEach(async ({ page }) => {
  await loginWithPassword(page, 'qiye');
  await expect(page).not.toHaveURL(/\/login/);
});

test('证书生成: 提交 double-clicked makes one batch; 删除 double-clicked deletes it once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `双击批次${stamp}`;
  await page.goto('/offline-certificate/add');
  const form = page.getByRole('form', { name: '证书生成' });
  await form.getByPlaceholder(/例如/).fill(name);
  await choose(form, '职业', '电工');
  await choose(form, '职业技能等级', '四级/中级工');
  await choose(form, '考核站点');
  for (const [placeholder, day] of [
    ['评价开始日期', '2026-10-10'],
    ['评价结束日期', '2026-10-12'],
    ['请选择发证日期', '2026-11-20'],
  ]) {
    const input = page.getByPlaceholder(placeholder);
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('证书信息');
  ws.addRow(['姓名', '证件类型', '证件号码', '理论知识考试', '技能操作考核', '工作业绩评审', '综合评审']);
  ws.addRow([`双击甲${stamp.slice(-3)}`, '居民身份证', idNumber(700), '85', '合格', '', '']);
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: '证书信息表.xlsx',
      mimeType: XLSX_MIME,
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
  await expect(form.getByText('证书信息表.xlsx', { exact: true })).toBeVisible();

  await form.getByRole('button', { name: /提\s*交/ }).dblclick();
  await expect(page).toHaveURL(/\/offline-certificate$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expectNoError(page);
  expect(await countOf(request, '/api/offlineCertificateBatches', { keyword: name })).toBe(1);

  // The sheet is read in the background: 删除 once it is (a batch being read cannot be deleted).
  await expect(row.getByText('待确认')).toBeVisible({ timeout: 90_000 });
  await row.getByRole('button', { name: /删\s*除/ }).dblclick();
  await confirmTwice(page, `确定删除“${name}”吗`, /删\s*除/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expectNoError(page);
  expect(await countOf(request, '/api/offlineCertificateBatches', { keyword: name })).toBe(0);
});

test('证书模板: 保存 of a new template double-clicked makes one template', async ({ page, request }) => {
  const name = `双击模板${stamp}`;
  await page.goto('/certificate-template');
  await page.getByRole('button', { name: /新建模板/ }).click();
  const designer = dialogTitled(page, '新建模板');
  await designer.getByLabel('模板名称').fill(name);
  await designer
    .locator('input[type="file"]')
    .setInputFiles({ name: '底图.png', mimeType: 'image/png', buffer: rampPng(594, 420, [251, 230, 233]) });
  await expect(designer.getByAltText('证书底图', { exact: true })).toHaveAttribute('src', /\/api\/files\//);
  await designer.getByRole('button', { name: /添加默认字段/ }).click();
  await page.getByRole('menuitem', { name: '姓名', exact: true }).click();

  await designer.getByRole('button', { name: '保存' }).dblclick();
  await expect(designer).toBeHidden();
  await expect(page.locator('tr', { hasText: name })).toHaveCount(1);
  await expectNoError(page);
  expect(await countOf(request, '/api/customCertificateTemplates', { template_name: name })).toBe(1);
});

test('等级评价: 保存草稿 double-clicked makes one plan; 提交审批 double-clicked submits it once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `双击评价${stamp}`;
  await page.goto('/evaluation-list/add');
  await page.getByPlaceholder('例如：2026年第一期电工四级评价').fill(name);
  await page.getByRole('button', { name: '保存草稿' }).dblclick();
  await expect(page).toHaveURL(/\/evaluation-list\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^编辑评价/ })).toBeVisible();
  await expectNoError(page);
  expect(await countOf(request, '/api/levelEvaluations', { keyword: name })).toBe(1);

  // A complete draft with a candidate, made through the API, submitted in the browser.
  const full = `双击提交${stamp}`;
  const auth = await token(request);
  const options = await call<{
    filings: {
      _id: string;
      scopes: { occupation_code: string; work_type: string | null; levels: number[] }[];
      sites: { _id: string }[];
      examiners: { _id: string }[];
      supervisors: { _id: string }[];
    }[];
  }>(request, auth, 'GET', '/api/levelEvaluations/options');
  const filing = options.filings.find(
    (f) => f.scopes.length && f.sites.length && f.examiners.length && f.supervisors.length,
  )!;
  const plan = await call<{ _id: string }>(request, auth, 'POST', '/api/levelEvaluations', {
    name: full,
    record_application_id: filing._id,
    occupation_code: filing.scopes[0]!.occupation_code,
    work_type: filing.scopes[0]!.work_type,
    level: filing.scopes[0]!.levels[0],
    methods: [{ method: 1, full_mark: 100, pass_mark: 60 }],
    start_date: '2026-03-01',
    end_date: '2026-03-05',
    site_id: filing.sites[0]!._id,
    examiner_ids: [filing.examiners[0]!._id],
    supervisor_ids: [filing.supervisors[0]!._id],
    publicity_days: 0,
  });
  await call(request, auth, 'POST', `/api/levelEvaluations/${plan._id}/candidates`, {
    candidates: [{ name: `双击考生${stamp.slice(-3)}`, id_number: idNumber(701) }],
  });
  await page.goto(`/evaluation-list/edit/${plan._id}`);
  await expect(page.getByRole('heading', { name: new RegExp(full) })).toBeVisible();
  await page.getByRole('button', { name: '提交审批' }).dblclick();
  await confirmTwice(page, `确定将评价计划“${full}”提交审批吗？`, /确\s*定/);
  await expect(page).toHaveURL(new RegExp(`/evaluation-list/detail/${plan._id}$`));
  await expect(page.getByRole('heading').getByText('待审批')).toBeVisible();
  await expectNoError(page);
  const timeline = await call<{ timeline: { action: string }[] }>(
    request,
    auth,
    'GET',
    `/api/levelEvaluations/${plan._id}`,
  );
  expect(timeline.timeline.filter((t) => t.action === 'submit')).toHaveLength(1);
});

test('发证: 开始生成 double-clicked starts one grant; 确认发证 double-clicked confirms it once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `双击发证${stamp}`;
  const planId = await passedPlan(request, name, [
    { name: `双击获证${stamp.slice(-3)}`, id_number: idNumber(702), score: 90 },
  ]);
  await page.goto(`/grant-certificate/add/${planId}`);
  await expect(page.getByText(`发放证书：${name}`)).toBeVisible();
  await page.getByRole('button', { name: '开始生成' }).dblclick();
  await expect(page).toHaveURL(/\/grant-certificate\/confirm-add\/[0-9a-f-]{36}$/);
  await expectNoError(page);
  expect(await countOf(request, '/api/certificateGrants', { keyword: name })).toBe(1);

  const confirm = pageActions(page).getByRole('button', { name: '确认发证' });
  await expect(confirm).toBeEnabled({ timeout: 90_000 });
  await confirm.dblclick();
  await confirmTwice(page, '张证书立即生效', '确认发证');
  await expect(page).toHaveURL(/\/grant-certificate\/detail\/[0-9a-f-]{36}$/);
  await expectNoError(page);
  const grants = await call<{ list: { status: number }[] }>(
    request,
    await token(request),
    'GET',
    `/api/certificateGrants?${new URLSearchParams({ keyword: name })}`,
  );
  expect(grants.list.map((g) => g.status)).toEqual([GrantStatus.GRANTED]);
});
