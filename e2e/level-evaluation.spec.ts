import type { APIRequestContext, Page } from '@playwright/test';
import { isValidIdCard } from '@skill-cert/shared/id-card';
import { CANDIDATE_SHEET_COLUMNS } from '@skill-cert/shared/level-evaluations';
import ExcelJS from 'exceljs';
import { expect, newStamp } from './enterprise.ts';
import { draftPlan } from './evaluation-plans.ts';
import { DEMO_PASSWORD, loginWithPassword, test } from './fixtures.ts';
import { dialogSaying, field, optionsOf, pageActions, pickOption, rowsOf } from './ui.ts';

/**
 * Level evaluation on the real stack: qiye (the demo enterprise's administrator) creates a plan in the
 * step form, imports 20 candidates from an xlsx built here, submits it and approves it (a company with one
 * administrator may approve its own plan, and the timeline says so), enters every score by keyboard in the score
 * table, submits the results and approves them; with 0 publicity days the plan reaches 已通过.
 *
 * The approved filing the plan needs is made here through the API (qiye files, the platform approves), so the
 * test does not depend on the demo content.
 */

const stamp = newStamp();
const PLAN_NAME = `电工四级评价${stamp}`;
const CANDIDATES = 20;

/** An 18-digit ID number with its check character (GB 11643). */
function idNumber(seq: number): string {
  const body = `11010119900101${String(100 + seq).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find((id) => isValidIdCard(id)) as string;
}

async function token(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/api/login', { data: { name, password: DEMO_PASSWORD } });
  return (await res.json()).data.token as string;
}

/** qiye files 电工 四级 with one site, examiner and supervisor; the platform approves it. Answers the record number. */
async function approvedFiling(request: APIRequestContext): Promise<string> {
  const person = (seq: number, name: string) => ({
    name,
    id_number: idNumber(seq),
    phone: `1390${stamp.slice(-4)}${String(100 + seq).slice(-3)}`,
    qualification: '电工 二级/技师',
  });
  const filed = await request.post('/api/recordApplications', {
    headers: { Authorization: `Bearer ${await token(request, 'qiye')}` },
    data: {
      scopes: [{ occupation_code: '6-31-01-03', levels: [4] }],
      evaluation_basis: 1,
      sites: [{ name: `评价实训楼${stamp}`, region_code: '110101', address: '东城区示例路1号' }],
      examiners: [person(1, `考评员${stamp.slice(-4)}`)],
      supervisors: [person(2, `督导员${stamp.slice(-4)}`)],
      submit: true,
    },
  });
  const body = await filed.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  const approved = await request.post(`/api/platform/recordApplications/${body.data._id}/approve`, {
    headers: { Authorization: `Bearer ${await token(request, 'pingtai')}` },
    data: {},
  });
  expect((await approved.json()).code).toBe(200);
  return body.data.record_no as string;
}

/** The candidate sheet of the template's columns, the ID column as text. */
async function candidateSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('考生');
  sheet.addRow([...CANDIDATE_SHEET_COLUMNS]);
  sheet.getColumn(3).numFmt = '@';
  for (let i = 1; i <= CANDIDATES; i++)
    sheet.addRow([
      `考生${String(i).padStart(2, '0')}`,
      '居民身份证',
      idNumber(10 + i),
      '',
      '',
      '高中',
      '',
      '',
      '',
      '',
      '新考',
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Picks the option showing `option` in the select labelled `label`. */
const choose = (page: Page, label: string, option: string) =>
  pickOption(field(page, label), new RegExp(option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

/** The page on screen (the tabs keep other pages, hidden). */
const card = (page: Page) => page.locator('.app-page:visible').first();
/** The page's heading: its title and status. */
const heading = (page: Page) => card(page).getByRole('heading').first();

/** The administrator opens the plan from its tab of /evaluation-approve and approves it (no opinion). */
async function approveFromList(page: Page, tab: '计划审批' | '成绩审核') {
  await page.goto('/evaluation-approve');
  await page.getByRole('tab', { name: new RegExp(tab) }).click();
  await page.locator('tr', { hasText: PLAN_NAME }).getByRole('button', { name: '审批' }).click();
  await pageActions(page)
    .getByRole('button', { name: /^通\s?过$/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^通\s?过$/ })
    .click();
  await expect(page).toHaveURL(/\/evaluation-approve$/);
}

test('等级评价: create → import 20 candidates → submit → approve → scores by keyboard → results approved → 已通过', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const recordNo = await approvedFiling(request);
  let planPath = '';

  await test.step('qiye fills the step form and saves a draft', async () => {
    await loginWithPassword(page, 'qiye');
    await expect(page).toHaveURL(/\/record-application$/);
    await page.goto('/evaluation-list/add');
    await page.getByPlaceholder('例如：2026年第一期电工四级评价').fill(PLAN_NAME);
    await choose(page, '备案', recordNo);
    await choose(page, '职业/工种', '电工');
    await choose(page, '评价等级', '四级/中级工');
    await page.getByPlaceholder('开始日期').click();
    await page.getByPlaceholder('开始日期').fill('2026-03-01');
    await page.getByPlaceholder('开始日期').press('Enter');
    await page.getByPlaceholder('结束日期').fill('2026-03-05');
    await page.getByPlaceholder('结束日期').press('Enter');
    await page.getByLabel('公示天数').fill('0');
    await page.getByRole('button', { name: /场地与人员/ }).click();
    await choose(page, '考核场地', `评价实训楼${stamp}`);
    await choose(page, '考评员', `考评员${stamp.slice(-4)}`);
    await page.keyboard.press('Escape');
    await choose(page, '质量督导员', `督导员${stamp.slice(-4)}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect(page).toHaveURL(/\/evaluation-list\/edit\/[0-9a-f-]+$/);
    // The edit page (a lazy chunk) has replaced the add page: on a busy machine the add page stays on screen a
    // moment after the address changed, and a click there is lost with it.
    await expect(heading(page)).toContainText('编辑评价');
    planPath = new URL(page.url()).pathname.replace('/edit/', '/detail/');
  });

  await test.step('20 candidates are imported from an xlsx', async () => {
    await card(page)
      .getByRole('button', { name: /考生名单/ })
      .click();
    await page.getByRole('button', { name: '导入考生' }).click();
    const dialog = page.getByRole('dialog', { name: '导入考生' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '考生名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await candidateSheet(),
    });
    await expect(dialog.getByText('考生名单.xlsx')).toBeVisible();
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByText(`共 ${CANDIDATES} 行，已导入 ${CANDIDATES} 行`)).toBeVisible();
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(page.getByText(`共 ${CANDIDATES} 条`)).toBeVisible();
  });

  await test.step('the plan is submitted and its administrator approves it', async () => {
    await page.getByRole('button', { name: '提交审批' }).click();
    // Asked first, as the list's 提交审批 asks.
    await dialogSaying(page, '提交审批吗')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`${planPath}$`));
    await expect(heading(page).getByText('待审批')).toBeVisible();
    await approveFromList(page, '计划审批');
  });

  await test.step('every score is entered by keyboard and saved cell by cell', async () => {
    await page.goto(planPath);
    await expect(heading(page).getByText('进行中')).toBeVisible();
    await card(page).getByRole('tab', { name: '成绩' }).click();
    const table = card(page);
    await pickOption(table.getByLabel('页码'), '20 条/页');
    // Rows in the server's order: the keys walk from the first cell to the last.
    await table.locator('input[data-cell="0:0"]').click();
    for (let i = 1; i <= CANDIDATES; i++) {
      // The last candidate misses the practical part: q enters 缺考.
      await page.keyboard.type(String(60 + (i % 40)));
      await page.keyboard.press('Tab');
      await page.keyboard.type(i === CANDIDATES ? 'q' : String(70 + (i % 30)));
      await page.keyboard.press(i === CANDIDATES ? 'Enter' : 'Tab');
    }
    await expect(table.getByText('已保存')).toHaveCount(CANDIDATES * 2);
    await expect(table.locator(`input[data-cell="${CANDIDATES - 1}:1"]`)).toHaveValue('缺考');
    // Each candidate's row shows its result.
    const showing = (result: string) =>
      rowsOf(table).filter({ has: page.getByText(result, { exact: true }) });
    await expect(showing('合格')).toHaveCount(CANDIDATES - 1);
    await expect(showing('缺考')).toHaveCount(1);
  });

  await test.step('results are submitted and approved: with 0 publicity days the plan is 已通过', async () => {
    await page.reload();
    await card(page).getByRole('button', { name: '提交成绩审核' }).click();
    await dialogSaying(page, '的成绩审核吗').getByRole('button', { name: '确定' }).click();
    await expect(heading(page).getByText('成绩待审核')).toBeVisible();
    await approveFromList(page, '成绩审核');
    await page.goto(planPath);
    await expect(heading(page).getByText('已通过')).toBeVisible();
    await card(page).getByRole('tab', { name: '流程记录' }).click();
    await expect(card(page).getByText('成绩审核通过')).toBeVisible();
  });
});

test('从员工添加: a member becomes a candidate, the dialog asking the ID number and filling name and phone', async ({
  page,
  request,
}) => {
  const { id } = await draftPlan(request, `员工考生评价${stamp}`);
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await page.goto(`/evaluation-list/edit/${id}`);
  await expect(heading(page)).toContainText('编辑评价');
  await card(page)
    .getByRole('button', { name: /考生名单/ })
    .click();
  await page.getByRole('button', { name: '从员工添加' }).click();
  const dialog = page.getByRole('dialog', { name: '从员工添加考生' });
  await dialog.getByRole('combobox', { name: '选择员工' }).fill('duojuese');
  await (await optionsOf(dialog.getByRole('combobox', { name: '选择员工' })))
    .filter({ hasText: 'duojuese' })
    .click();
  await expect(dialog.getByLabel('duojuese的姓名')).toHaveValue('duojuese');
  await expect(dialog.getByText('13800000005', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: /^添\s?加$/ }).click();
  await expect(dialog.getByText('请输入证件号码')).toBeVisible();
  await dialog.getByLabel('duojuese的证件号码').fill(idNumber(90));
  await dialog.getByRole('button', { name: /^添\s?加$/ }).click();
  await expect(page.getByText('已添加 1 名考生')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = card(page).locator('tr', { hasText: idNumber(90) });
  await expect(row).toContainText('duojuese');
  await expect(row).toContainText('13800000005');
});
