import {
  CANDIDATE_SHEET_COLUMNS,
  type ExamineeRow,
  type TestPlanDetail,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jpeg, xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  addExaminees,
  approvedInstitutionFiling,
  createTestPlan,
  examinee,
  messageStored,
  newestMessage,
  ok,
  planUrl,
  registeringPlan,
  testPlanBody,
} from '../../../test/fixtures/institutions.ts';
import { testIdNumber } from '../../../test/fixtures/level-evaluations.ts';
import { downloadXlsx, postFile } from '../../../test/fixtures/level-evaluations-app.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { runExamineeImport } from './examinee-import.ts';
import { levelEvaluationImports, levelEvaluations } from './tables.ts';

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const refusal = async (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const res = await api(ctx.app, method, url, { token, body });
  return [res.status, res.body.message];
};
const listOf = async (token: string, planId: string, query = '') =>
  ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(planId, `/examinees?per_page=50${query}`));

const sheetRow = (
  i: number,
  overrides: Partial<Record<(typeof CANDIDATE_SHEET_COLUMNS)[number], string | number>> = {},
) => {
  const values: Record<string, string | number> = {
    姓名: `导入${i}`,
    证件类型: '居民身份证',
    证件号码: testIdNumber(i),
    '工作单位/部门': '某某公司',
    考生类型: '新考',
    ...overrides,
  };
  return CANDIDATE_SHEET_COLUMNS.map((c) => values[c] ?? '');
};
const sheetOf = (rows: (string | number)[][]) => xlsx([...CANDIDATE_SHEET_COLUMNS], rows);

/** Imports a sheet and waits for the job's examinee_import_result_notice; answers the importer's newest message. */
async function importAndWait(token: string, planId: string, content: Buffer) {
  const told = messageStored(ctx.app, TemplateKey.EXAMINEE_IMPORT_RESULT, planId);
  const res = await postFile<{ job_id: string }>(
    ctx.app,
    planUrl(planId, '/examinees/import'),
    '考生名单.xlsx',
    content,
    token,
  );
  if (res.body.code !== 200) {
    told.stop();
    return { started: res, message: null };
  }
  expect(res.body.message).toBe('已开始导入，完成后将通过消息通知您');
  await told.done;
  return { started: res, message: await newestMessage(ctx.app, token) };
}

describe('examinees added one by one', () => {
  it('are 待审核, derive 性别 and 出生日期, and one ID number is once per plan', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const [added] = await addExaminees(ctx.app, token, plan._id, [examinee(1, '甲公司')]);
    expect(added).toMatchObject({ status: 0, status_text: '待审核', ticket_no: null, work_unit: '甲公司' });
    expect(added.gender_text).not.toBeNull();
    const again = await refusal(token, 'POST', planUrl(plan._id, '/examinees'), { examinees: [examinee(1)] });
    expect(again[0]).toBe(400);
    expect(again[1]).toContain('已是本');
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail.examinee_counts).toEqual({ pending: 1, approved: 0, rejected: 0, seated: 0 });
    expect(detail.pending_examinee_count).toBe(1);
  });

  it('a bad ID number is 400 naming it: checksum, 15-digit, scientific notation', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const url = planUrl(plan._id, '/examinees');
    const wrong = `${testIdNumber(1).slice(0, 17)}${testIdNumber(1).endsWith('0') ? '1' : '0'}`;
    expect(await refusal(token, 'POST', url, { examinees: [{ ...examinee(1), id_number: wrong }] })).toEqual([
      400,
      '证件号码校验不通过，请核对',
    ]);
    expect(
      await refusal(token, 'POST', url, { examinees: [{ ...examinee(1), id_number: '110105600101001' }] }),
    ).toEqual([400, '证件号码为15位旧号码，请改为18位居民身份证号']);
    expect(
      await refusal(token, 'POST', url, { examinees: [{ ...examinee(1), id_number: '4.40981E+17' }] }),
    ).toEqual([400, '证件号码被 Excel 转成了科学计数法，请将该列设为文本后重新填写']);
  });

  it('are edited and removed in 草稿 and 报名中 only; another plan’s examinee is 404', async () => {
    const token = await jigou();
    const { plan, examinees, filing } = await registeringPlan(ctx.app, token, { n: 2 });
    const [a, b] = examinees;
    const edited = await ok<ExamineeRow>(ctx.app, token, 'PATCH', planUrl(plan._id, `/examinees/${a._id}`), {
      ...examinee(1, '新单位'),
    });
    // The review stays as it is.
    expect(edited).toMatchObject({ work_unit: '新单位', status: 1 });
    expect(
      (await api(ctx.app, 'DELETE', planUrl(plan._id, `/examinees/${b._id}`), { token })).body.code,
    ).toBe(200);
    const other = await createTestPlan(ctx.app, token, testPlanBody(filing));
    expect(await refusal(token, 'PATCH', planUrl(other._id, `/examinees/${a._id}`), examinee(1))).toEqual([
      404,
      '考生不存在或已删除',
    ]);
    expect(await refusal(token, 'DELETE', planUrl(other._id, `/examinees/${a._id}`))).toEqual([
      404,
      '考生不存在或已删除',
    ]);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const late = await refusal(token, 'POST', planUrl(plan._id, '/examinees'), { examinees: [examinee(9)] });
    expect(late[0]).toBe(400);
    expect(late[1]).toContain('已编排');
  });
});

describe('the 考生 list', () => {
  it('reads a page, its total and each examinee’s scores, photo and seats in one statement, whatever the page size', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 25, seats: 13 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const { bySize } = await listStatements(ctx.app, token, planUrl(plan._id, '/examinees'), [10, 20, 50]);
    // The route's permission key and its plan, then the list: one statement for 10, 20 or 50 rows.
    expect(bySize).toEqual([3, 3, 3]);
    const page = await ok<Paged<ExamineeRow>>(
      ctx.app,
      token,
      'GET',
      planUrl(plan._id, '/examinees?per_page=10&page=3'),
    );
    expect(page.meta.total).toBe(25);
    expect(page.list).toHaveLength(5);
    for (const row of page.list) {
      expect(row.seats.length).toBeGreaterThan(0);
      expect(row.seats.map((s) => s.start_time_str)).toEqual(
        [...row.seats.map((s) => s.start_time_str)].sort(),
      );
      expect(row.seats[0]).toMatchObject({ session_code: '01', seat_no: expect.any(Number) });
    }
    const past = await ok<Paged<ExamineeRow>>(
      ctx.app,
      token,
      'GET',
      planUrl(plan._id, '/examinees?per_page=10&page=5'),
    );
    expect([past.list.length, past.meta.total]).toEqual([0, 25]);
  });
});

describe("an examinee's photo", () => {
  it('uploads as a 1-inch photo in 草稿 and 报名中; another plan’s examinee is 404', async () => {
    const token = await jigou();
    const { plan, examinees, filing } = await registeringPlan(ctx.app, token, { n: 1 });
    const [a] = examinees;
    const res = await postFile<ExamineeRow>(
      ctx.app,
      planUrl(plan._id, `/examinees/${a._id}/photo`),
      '一寸照.jpg',
      jpeg(295, 413),
      token,
    );
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.photo?.file_id).toBeTruthy();
    const other = await createTestPlan(ctx.app, token, testPlanBody(filing));
    const foreign = await postFile(
      ctx.app,
      planUrl(other._id, `/examinees/${a._id}/photo`),
      '一寸照.jpg',
      jpeg(295, 413),
      token,
    );
    expect([foreign.status, foreign.body.message]).toEqual([404, '考生不存在或已删除']);
  });
});

describe('the review of registrations', () => {
  it('通过 and 驳回 with a reason; only 待审核 ones; a 驳回 one is corrected and resubmitted', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const [a, b, c] = await addExaminees(ctx.app, token, plan._id, [examinee(1), examinee(2), examinee(3)]);
    const review = planUrl(plan._id, '/examinees/review');
    expect(await refusal(token, 'POST', review, { examinee_ids: [b._id], action: 'reject' })).toEqual([
      400,
      '请输入驳回原因',
    ]);
    expect(await ok(ctx.app, token, 'POST', review, { examinee_ids: [a._id], action: 'approve' })).toEqual({
      approved: 1,
      rejected: 0,
    });
    expect(
      await ok(ctx.app, token, 'POST', review, {
        examinee_ids: [b._id],
        action: 'reject',
        reason: '照片不清晰',
      }),
    ).toEqual({ approved: 0, rejected: 1 });
    expect(await refusal(token, 'POST', review, { examinee_ids: [a._id, c._id], action: 'approve' })).toEqual(
      [400, '所选考生中有1名不是待审核状态，请刷新后重新选择'],
    );
    const rejected = (await listOf(token, plan._id, '&status=2')).list;
    expect(rejected.map((e) => [e._id, e.status_text, e.review_reason])).toEqual([
      [b._id, '已驳回', '照片不清晰'],
    ]);
    expect(await refusal(token, 'POST', planUrl(plan._id, `/examinees/${a._id}/resubmit`))).toEqual([
      400,
      '只有已驳回的报名可以重新提交',
    ]);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, `/examinees/${b._id}`), examinee(2, '改正后的单位'));
    const again = await ok<ExamineeRow>(
      ctx.app,
      token,
      'POST',
      planUrl(plan._id, `/examinees/${b._id}/resubmit`),
    );
    expect(again).toMatchObject({ status: 0, status_text: '待审核', work_unit: '改正后的单位' });
    const missing = await refusal(token, 'POST', review, {
      examinee_ids: ['00000000-0000-7000-8000-000000000000'],
      action: 'approve',
    });
    expect(missing).toEqual([404, '考生不存在或已删除']);
  });

  it('is open in 草稿, 报名中 and 已编排, closed from 考试中', async () => {
    const token = await jigou();
    const { plan, examinees } = await registeringPlan(ctx.app, token, { n: 1 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'));
    expect(
      await refusal(token, 'POST', planUrl(plan._id, '/examinees/review'), {
        examinee_ids: [examinees[0]._id],
        action: 'approve',
      }),
    ).toEqual([400, '当前状态（考试中）不能审核报名']);
  });
});

describe('the Excel import, a background job', () => {
  it('imports the good rows (待审核) and tells the importer: counts, the error workbook as url, 查看考生', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    await addExaminees(ctx.app, token, plan._id, [examinee(5)]);
    const rows = [
      sheetRow(1),
      sheetRow(2, { '工作单位/部门': '乙公司' }),
      sheetRow(1),
      sheetRow(3, { 证件号码: '110105600101001' }),
      sheetRow(4, { 证件号码: '4.40981E+17' }),
      sheetRow(5),
    ];
    const { message } = await importAndWait(token, plan._id, await sheetOf(rows));
    expect(message).toMatchObject({
      content: '「2026年电工四级考试」考生导入完成：成功 2 名，失败 4 名，请下载错误报告修改后重新导入',
      message_category_name: '导入通知',
      data: { _id: plan._id, template_key: 'examinee_import_result_notice' },
    });
    expect(message?.url).toBeTruthy();
    const list = (await listOf(token, plan._id)).list;
    expect(list.map((e) => [e.name, e.status_text])).toEqual([
      ['考生5', '待审核'],
      ['导入1', '待审核'],
      ['导入2', '待审核'],
    ]);
    const file = await ok<{ url: string }>(ctx.app, token, 'GET', message!.url as string);
    const sheet = (await downloadXlsx(ctx.app, file.url, token)).worksheets[0];
    const reasonOf = (row: number) =>
      String(sheet.getRow(row).getCell(CANDIDATE_SHEET_COLUMNS.length + 1).value);
    const nameOf = (row: number) => String(sheet.getRow(row).getCell(1).value);
    expect([nameOf(2), reasonOf(2)]).toEqual(['导入1', expect.stringContaining('与第 2 行重复')]);
    expect([nameOf(3), reasonOf(3)]).toEqual(['导入3', expect.stringContaining('15位旧号码')]);
    expect([nameOf(4), reasonOf(4)]).toEqual(['导入4', expect.stringContaining('科学计数法')]);
    expect([nameOf(5), reasonOf(5)]).toEqual(['导入5', expect.stringContaining('已是本考试计划的考生')]);
  });

  it('an all-good sheet says so without a url', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const { message } = await importAndWait(token, plan._id, await sheetOf([sheetRow(1), sheetRow(2)]));
    expect(message).toMatchObject({
      content: '「2026年电工四级考试」考生导入完成：成功 2 名，失败 0 名，请审核报名',
      url: null,
    });
  });

  it('a sheet that cannot be read imports nothing and says why', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const { message } = await importAndWait(token, plan._id, await sheetOf([]));
    expect(message?.content).toBe(
      '「2026年电工四级考试」考生导入失败：考生名单中没有数据，请至少填写一行后导入',
    );
    expect(message?.data).toEqual({ _id: plan._id, template_key: 'examinee_import_result_notice' });
    const missingColumn = await importAndWait(token, plan._id, await xlsx(['姓名'], [['张三']]));
    expect(missingColumn.message?.content).toContain('考生名单缺少必填列「证件号码」');
    expect((await listOf(token, plan._id)).list).toEqual([]);
  });

  it('a plan no longer taking examinees when the job runs imports nothing and says so', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    await importAndWait(token, plan._id, await sheetOf([sheetRow(1)]));
    const [first] = await ctx.app.db
      .select()
      .from(levelEvaluationImports)
      .where(eq(levelEvaluationImports.evaluationId, plan._id));
    // The same sheet again, read by the job after the plan moved on (考试中).
    const [again] = await ctx.app.db
      .insert(levelEvaluationImports)
      .values({ evaluationId: plan._id, fileId: first.fileId, createdBy: first.createdBy })
      .returning();
    await ctx.app.db.update(levelEvaluations).set({ status: 12 }).where(eq(levelEvaluations.id, plan._id));
    await runExamineeImport(ctx.app, again.id);
    const message = await newestMessage(ctx.app, token);
    expect(message.content).toBe('「2026年电工四级考试」考生导入失败：当前状态（考试中）不能修改考生');
    expect((await listOf(token, plan._id)).list.map((e) => e.name)).toEqual(['导入1']);
  });

  it('is refused at once outside 草稿 and 报名中, and for a file that is not a spreadsheet', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 1 });
    const notSheet = await postFile(
      ctx.app,
      planUrl(plan._id, '/examinees/import'),
      'a.txt',
      Buffer.from('hello'),
      token,
    );
    expect(notSheet.status).toBe(400);
    expect(notSheet.body.message).toContain('Excel');
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const late = await postFile(
      ctx.app,
      planUrl(plan._id, '/examinees/import'),
      'a.xlsx',
      await sheetOf([sheetRow(1)]),
      token,
    );
    expect(late.status).toBe(400);
  });

  it('the template is the candidate sheet', async () => {
    const token = await jigou();
    await approvedInstitutionFiling(ctx.app, token);
    const book = await downloadXlsx(ctx.app, '/api/testPlans/examineeTemplate', token);
    const headers = (book.worksheets[0].getRow(1).values as string[]).slice(1).map((h) => h.replace('*', ''));
    expect(headers).toEqual([...CANDIDATE_SHEET_COLUMNS]);
  });
});
