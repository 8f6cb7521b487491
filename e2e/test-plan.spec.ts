import type { APIRequestContext } from '@playwright/test';
import { CANDIDATE_SHEET_COLUMNS } from '@skill-cert/shared/level-evaluations';
import ExcelJS from 'exceljs';
import { newStamp } from './enterprise.ts';
import { call, idNumber } from './evaluation-plans.ts';
import { DEMO_PASSWORD, expect, keepMessageBox, loginWithPassword, pushedMessage, test } from './fixtures.ts';
import { arrangeSeats, renderRoomTickets } from './seating.ts';

/**
 * 考试计划 on the real stack (机构端): jigou (the demo institution's administrator, whose filing as 社会培训评价组织 is
 * approved) creates a plan in the browser (新增考试计划 names the draft and opens its editor); its scope, dates and a
 * theory session with one room are set through the API, and the plan is published in the editor (发布报名). Then:
 * 导入考生 (an .xlsx of three examinees and one wrong ID number) runs in the background; the notice
 * examinee_import_result_notice arrives live and its 查看考生 opens the plan at ?type=3; the three registrations are
 * approved together (批量通过); 编排考场 seats them by work unit; 生成准考证 renders the room's PDF (a page a seat),
 * downloaded and read: the first seat's name, masked ID number and ticket number are in its text.
 */

const stamp = newStamp();
const PLAN_NAME = `电工四级考试${stamp}`;
const people = ['甲', '乙', '丙'].map((n, i) => ({
  name: `考生${n}${stamp.slice(-3)}`,
  id_number: idNumber(600 + i),
  work_unit: i < 2 ? '示例电力公司' : '示例燃气公司',
}));

/** The examinee sheet: the template's columns, three good rows and one with a wrong check digit. */
async function examineeSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('考生名单');
  sheet.addRow([...CANDIDATE_SHEET_COLUMNS]);
  const row = (name: string, id: string, unit: string) =>
    CANDIDATE_SHEET_COLUMNS.map((c) =>
      c === '姓名'
        ? name
        : c === '证件类型'
          ? '居民身份证'
          : c === '证件号码'
            ? id
            : c === '工作单位/部门'
              ? unit
              : c === '考生类型'
                ? '新考'
                : null,
    );
  for (const p of people) sheet.addRow(row(p.name, p.id_number, p.work_unit));
  const wrong = idNumber(650);
  sheet.addRow(
    row(`错号${stamp.slice(-3)}`, `${wrong.slice(0, 17)}${wrong.endsWith('0') ? '1' : '0'}`, '示例电力公司'),
  );
  sheet.getColumn(3).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Filing {
  _id: string;
  scopes: { occupation_code: string; work_type: string | null; levels: number[] }[];
  sites: { _id: string }[];
  examiners: { _id: string }[];
  supervisors: { _id: string }[];
}

async function jigouToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', { data: { name: 'jigou', password: DEMO_PASSWORD } });
  return (await login.json()).data.token as string;
}

/** The plan's scope, dates and people on jigou's approved filing, and a theory session with one room of 10 seats. */
async function completePlan(request: APIRequestContext, token: string, id: string) {
  const { filings } = await call<{ filings: Filing[] }>(request, token, 'GET', '/api/testPlans/options');
  const filing = filings.find((f) =>
    f.scopes.some((s) => s.occupation_code === '6-31-01-03' && s.levels.includes(4)),
  )!;
  await call(request, token, 'PATCH', `/api/testPlans/${id}`, {
    name: PLAN_NAME,
    record_application_id: filing._id,
    occupation_code: '6-31-01-03',
    work_type: null,
    level: 4,
    methods: [{ method: 1, full_mark: 100, pass_mark: 60 }],
    start_date: '2026-12-20',
    end_date: '2026-12-20',
    registration_start_date: '2026-12-01',
    registration_end_date: '2026-12-15',
    site_id: filing.sites[0]!._id,
    examiner_ids: [filing.examiners[0]!._id],
    supervisor_ids: [filing.supervisors[0]!._id],
    publicity_days: 0,
  });
  const list = await call<{ sessions: { _id: string }[] }>(
    request,
    token,
    'POST',
    `/api/testPlans/${id}/sessions`,
    {
      method: 1,
      name: '上午场',
      start_time: '2026-12-20 09:00',
      end_time: '2026-12-20 11:00',
    },
  );
  await call(request, token, 'POST', `/api/testPlans/${id}/rooms`, {
    session_id: list.sessions[0]!._id,
    name: '第一考场',
    room_type: 1,
    seats: 10,
    address: '考试楼 101 室',
    invigilators: ['监考甲', '监考乙'],
    examiners: [],
  });
}

test('考试计划: create → publish → import examinees → the notice opens 查看考生 → approve → seat → a room’s tickets read', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await keepMessageBox(page);
  const token = await jigouToken(request);
  await loginWithPassword(page, 'jigou');
  await expect(page).toHaveURL(/\/record-center$/);

  let planId = '';
  await test.step('新增考试计划 names a draft and opens its editor', async () => {
    await page.goto('/test-plan');
    await page
      .getByRole('button', { name: /新增考试计划/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '新增考试计划' });
    await dialog.getByLabel('考试计划名称').fill(PLAN_NAME);
    await dialog.getByRole('button', { name: '创建并编辑' }).click();
    await expect(page).toHaveURL(/\/test-plan\/edit\/[0-9a-f-]{36}$/);
    planId = page.url().split('/').at(-1)!;
    await expect(page.getByText('发布报名前还需完善')).toBeVisible();
  });

  await test.step('with its scope, dates and a room, 发布报名 opens the registration', async () => {
    await completePlan(request, token, planId);
    await page.reload();
    await page.getByRole('button', { name: '发布报名' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已发布，开始报名')).toBeVisible();
    await expect(page.getByRole('heading', { name: PLAN_NAME }).getByText('报名中')).toBeVisible();
  });

  await test.step('导入考生 runs in the background; the notice arrives and 查看考生 opens ?type=3', async () => {
    await page.getByRole('tab', { name: /基本信息/ }).click();
    await page.getByRole('tab', { name: /考生/ }).click();
    await page.getByRole('button', { name: '导入考生' }).click();
    const dialog = page.getByRole('dialog', { name: '导入考生' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '考生名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await examineeSheet(),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByText('已开始导入，完成后将通过消息通知您')).toBeVisible();
    await dialog.getByRole('button', { name: /完\s*成/ }).click();

    await page.getByRole('tab', { name: /基本信息/ }).click();
    await expect(page).toHaveURL(/type=1$/);
    const notice = await pushedMessage(page, `「${PLAN_NAME}」考生导入完成：成功 3 名，失败 1 名`, 120_000);
    await expect(notice.getByRole('button', { name: '下载' })).toBeVisible();
    await notice.getByRole('button', { name: '查看考生' }).click();
    await expect(page).toHaveURL(new RegExp(`/test-plan/edit/${planId}\\?type=3$`));
    await expect(page.getByRole('tab', { name: /考生/ })).toHaveAttribute('aria-selected', 'true');
    for (const p of people)
      await expect(page.getByRole('row').filter({ hasText: p.name })).toContainText('待审核');
  });

  await test.step('批量通过 approves the three registrations', async () => {
    for (const p of people) await page.getByRole('checkbox', { name: `选择 ${p.name}` }).check();
    await page.getByRole('button', { name: '批量通过' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await expect(page.getByText('已通过 3 名考生的报名')).toBeVisible();
    for (const p of people)
      await expect(page.getByRole('row').filter({ hasText: p.name })).toContainText('已通过');
  });

  let tickets: Record<string, string> = {};
  await test.step('编排考场 by work unit seats them and fixes their ticket numbers', async () => {
    await page.getByRole('tab', { name: '编排与准考证' }).click();
    await expect(
      page.getByRole('region', { name: '编排考场' }).getByRole('radio', { name: '按工作单位打乱' }),
    ).toBeChecked();
    // The ticket number is the row's last cell (the ID number sits before the work unit).
    tickets = await arrangeSeats(
      page,
      people.map((p) => p.name),
    );
  });

  await test.step('生成准考证 renders the room; its PDF downloads and holds each ticket', async () => {
    const pdf = await renderRoomTickets(page);
    // A page a seat; the text read is the first page's: seat 001 (the ticket number ends with the seat).
    expect(pdf.pages).toBe(3);
    const text = pdf.texts.join('');
    const first = people.find((p) => tickets[p.name]!.endsWith('001'))!;
    expect(text).toContain(first.name);
    expect(text).toContain(tickets[first.name]!);
    expect(text).toContain(`${first.id_number.slice(0, 4)}**********${first.id_number.slice(-4)}`);
    expect(text).not.toContain(first.id_number);
    expect(text).toContain('座位号：001');
    expect(text).toContain('第一考场');
  });
});
