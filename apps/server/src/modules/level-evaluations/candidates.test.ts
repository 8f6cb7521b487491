import { randomBytes } from 'node:crypto';
import type { MemberRow } from '@skill-cert/shared/companies';
import { IMAGE_LIMIT_TEXT } from '@skill-cert/shared/constants';
import {
  CANDIDATE_SHEET_COLUMNS,
  type CandidatePhotoResult,
  type CandidateRow,
  EvaluationStatus,
  type ImportResult,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { describe, expect, it } from 'vitest';
import { jpeg, jpegClaiming, rawZip, xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  base,
  downloadXlsx,
  expectPlanNotFound,
  otherCompanyUser,
  planRow,
  postFile,
  useEvaluationApp,
} from '../../../test/fixtures/level-evaluations-app.ts';
import { seedPlan, validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';
import { alreadyCandidate } from './candidates.ts';

const { ctx, as } = useEvaluationApp();
const person = (i: number, extra: Record<string, unknown> = {}) => ({
  name: `考生${i}`,
  id_number: validId(i),
  ...extra,
});

async function add(planId: string, candidates: unknown[], token = as.token) {
  return api<CandidateRow[]>(ctx.app, 'POST', `${base(planId)}/candidates`, { token, body: { candidates } });
}

async function list(planId: string, query = '') {
  const res = await api<Paged<CandidateRow>>(
    ctx.app,
    'GET',
    `${base(planId)}/candidates?per_page=50${query}`,
    { token: as.token },
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

async function counts(planId: string) {
  const row = await planRow(ctx.app, planId);
  return { candidates: row.candidateCount, passes: row.passCount };
}

const post = <T>(url: string, filename: string, content: Buffer, token = as.token) =>
  postFile<T>(ctx.app, url, filename, content, token);

const importSheet = (planId: string, content: Buffer, filename = '考生名单.xlsx') =>
  post<ImportResult>(`${base(planId)}/candidates/import`, filename, content);

const sheetRow = (
  i: number,
  overrides: Partial<Record<(typeof CANDIDATE_SHEET_COLUMNS)[number], string | number>> = {},
) => {
  const values: Record<string, string | number> = {
    姓名: `考生${i}`,
    证件类型: '居民身份证',
    证件号码: validId(i),
    性别: i % 2 ? '男' : '女',
    手机号: '',
    文化程度: '大专',
    '工作单位/部门': '生产部',
    岗位: '电工',
    工作年限: '3',
    申报条件: '',
    考生类型: '新考',
    ...overrides,
  };
  return CANDIDATE_SHEET_COLUMNS.map((c) => values[c] ?? '');
};
const sheetOf = (rows: (string | number)[][]) => xlsx([...CANDIDATE_SHEET_COLUMNS], rows);

describe('adding candidates', () => {
  it('derives 性别 and 出生日期 from a 居民身份证 number and keeps the plan counts', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const res = await add(plan, [person(1, { gender: 2 }), person(2)]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => [c.name, c.gender_text, c.birthday])).toEqual([
      ['考生1', '男', '1960-01-01'],
      ['考生2', '女', '1960-01-01'],
    ]);
    expect(await counts(plan)).toEqual({ candidates: 2, passes: 0 });
    expect((await list(plan)).list.map((c) => c.name)).toEqual(['考生1', '考生2']);
  });

  it('takes one ID number once per plan, naming the person and the number', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await add(plan, [person(1)]);
    const again = await add(plan, [person(2), { name: '李四', id_number: validId(1) }]);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(`考生1（证件号码 ${validId(1)}）已是本评价计划的考生`);
    const twiceInBody = await add(plan, [person(3), person(3)]);
    expect(twiceInBody.body.message).toContain(`证件号码 ${validId(3)}`);
    expect(await counts(plan)).toEqual({ candidates: 1, passes: 0 });
  });

  it('refuses a bad checksum with the field named', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const wrong = `${validId(1).slice(0, 17)}${validId(1).endsWith('0') ? '1' : '0'}`;
    const res = await add(plan, [{ name: '张三', id_number: wrong }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('证件号码校验不通过');
  });

  it('a picked member must be of the caller company; the picker leaves out members already candidates', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const member = await findUserByAccount(ctx.app.db, 'duojuese');
    const stranger = await findUserByAccount(ctx.app.db, 'pingtai');
    const refused = await add(plan, [person(1, { user_id: stranger?.id })]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('不是本企业的员工');
    const before = await api<Paged<MemberRow>>(ctx.app, 'GET', `${base(plan)}/staffOptions?keyword=duo`, {
      token: as.token,
    });
    expect(before.body.data.list.map((m) => m.name)).toEqual(['duojuese']);
    expect((await add(plan, [person(1, { user_id: member?.id, name: 'duojuese' })])).status).toBe(200);
    const after = await api<Paged<MemberRow>>(ctx.app, 'GET', `${base(plan)}/staffOptions`, {
      token: as.token,
    });
    expect(after.body.data.list.map((m) => m.name)).toEqual(['qiye']);
  });

  it('a member added from the staff with only an ID number: name and phone come from the account', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const member = (await findUserByAccount(ctx.app.db, 'duojuese'))!;
    const res = await add(plan, [{ user_id: member.id, id_number: validId(1) }]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => [c.user_id, c.name, c.phone, c.id_number, c.gender_text])).toEqual([
      [member.id, member.name, member.phone, validId(1), '男'],
    ]);
  });

  it("a name and phone typed for a member win over the account's", async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const member = (await findUserByAccount(ctx.app.db, 'duojuese'))!;
    const res = await add(plan, [
      { user_id: member.id, name: '段多角', phone: '13912345678', id_number: validId(1) },
    ]);
    expect(res.body.data.map((c) => [c.name, c.phone])).toEqual([['段多角', '13912345678']]);
  });

  it('a member without an ID number is refused naming the ID number, not the name', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const member = (await findUserByAccount(ctx.app.db, 'duojuese'))!;
    const res = await add(plan, [{ user_id: member.id }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请输入证件号码');
    const wrong = await add(plan, [{ user_id: member.id, id_number: '1101' }]);
    expect(wrong.body.message).toBe('证件号码应为18位居民身份证号');
    expect(await counts(plan)).toEqual({ candidates: 0, passes: 0 });
  });

  it('someone typed in (no member) still needs a name', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const res = await add(plan, [{ id_number: validId(1) }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请输入姓名');
  });

  it('a stranger picked as a member is refused even without a name', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const stranger = (await findUserByAccount(ctx.app.db, 'pingtai'))!;
    const res = await add(plan, [{ user_id: stranger.id, id_number: validId(1) }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('所选员工不是本企业的员工，请从员工列表中选择');
  });

  it('candidates change only in 草稿, 已驳回 and 进行中', async () => {
    for (const status of [EvaluationStatus.DRAFT, EvaluationStatus.REJECTED, EvaluationStatus.IN_PROGRESS]) {
      const plan = await seedPlan(ctx.app.db, as.companyId, { status });
      const [row] = (await add(plan, [person(1)])).body.data;
      const patched = await api<CandidateRow>(ctx.app, 'PATCH', `${base(plan)}/candidates/${row._id}`, {
        token: as.token,
        body: person(1, { name: '改名' }),
      });
      expect(patched.body.data.name).toBe('改名');
      expect(
        (await api(ctx.app, 'DELETE', `${base(plan)}/candidates/${row._id}`, { token: as.token })).status,
      ).toBe(200);
      expect(await counts(plan)).toEqual({ candidates: 0, passes: 0 });
    }
    for (const [status, text] of [
      [EvaluationStatus.PENDING, '待审批'],
      [EvaluationStatus.RESULTS_PENDING, '成绩待审核'],
      [EvaluationStatus.PUBLICITY, '公示中'],
      [EvaluationStatus.PASSED, '已通过'],
    ] as const) {
      const plan = await seedPlan(ctx.app.db, as.companyId, { status });
      const res = await add(plan, [person(1)]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`当前状态（${text}）不能修改考生`);
      const imported = await importSheet(plan, await sheetOf([sheetRow(1)]));
      expect(imported.body.message).toBe(`当前状态（${text}）不能修改考生`);
    }
  });
});

describe('importing candidates', () => {
  /** Refused with its Chinese message and nothing imported. */
  async function refused(plan: string, res: { status: number; body: { message: string } }, message: string) {
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await counts(plan)).toEqual({ candidates: 0, passes: 0 });
  }
  /** Answered with an error report and nothing imported. */
  async function reported(
    plan: string,
    res: { status: number; body: { data: ImportResult } },
    reason: string,
  ) {
    expect(res.status).toBe(200);
    const result = res.body.data;
    expect(result.imported).toBe(0);
    expect(result.error_file_url).toMatch(/^\/api\/files\//);
    const sheet = (await downloadXlsx(ctx.app, result.error_file_url as string, as.token)).worksheets[0];
    expect(sheet.getRow(1).getCell(CANDIDATE_SHEET_COLUMNS.length + 1).value).toBe('错误原因');
    const reasons = sheet
      .getColumn(CANDIDATE_SHEET_COLUMNS.length + 1)
      .values.map(String)
      .join('\n');
    expect(reasons).toContain(reason);
    expect(await counts(plan)).toEqual({ candidates: 0, passes: 0 });
    return result;
  }

  it('a clean sheet imports every row in sheet order, 性别 and 出生日期 from the ID number', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const rows = Array.from({ length: 20 }, (_, i) => sheetRow(i + 1));
    const res = await importSheet(plan, await sheetOf(rows));
    expect(res.body.data).toEqual({ imported: 20, total: 20, failed: 0, error_file_url: null, warnings: [] });
    const page = await list(plan);
    expect(page.list.map((c) => c.name)).toEqual(rows.map((r) => r[0]));
    expect(page.list[0]).toMatchObject({ gender_text: '男', birthday: '1960-01-01', education: '大专' });
    expect(await counts(plan)).toEqual({ candidates: 20, passes: 0 });
  });

  it('warns where the sheet 性别 disagrees with the ID number, and keeps the ID number gender', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const res = await importSheet(plan, await sheetOf([sheetRow(1, { 性别: '女' })]));
    expect(res.body.data.imported).toBe(1);
    expect(res.body.data.warnings).toEqual(['第2行：性别与身份证号不一致，已按身份证号记为男']);
    expect((await list(plan)).list[0].gender_text).toBe('男');
  });

  it('wrong file type', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await refused(plan, await importSheet(plan, jpeg(20, 20), '考生.jpg'), '考生名单应为 Excel（.xlsx）文件');
  });

  it('10 MB of garbage named .xlsx', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await refused(
      plan,
      await importSheet(plan, randomBytes(10 * 1024 * 1024)),
      '考生名单应为 Excel（.xlsx）文件',
    );
  });

  it('a zip named .xlsx that holds no workbook', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const zip = rawZip([{ name: 'a.txt', data: Buffer.from('hello') }]);
    await refused(plan, await importSheet(plan, zip), '文件不是有效的 Excel（.xlsx）文件');
  });

  it('an empty sheet', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await refused(plan, await importSheet(plan, await xlsx([], [])), '表格是空的');
    await refused(plan, await importSheet(plan, await sheetOf([])), '考生名单中没有数据');
  });

  it('missing required columns, named', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const res = await importSheet(plan, await xlsx(['姓名', '性别'], [['张三', '男']]));
    await refused(plan, res, '考生名单缺少必填列「证件号码」');
  });

  it('duplicate ID numbers in the sheet and against existing candidates', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await reported(plan, await importSheet(plan, await sheetOf([sheetRow(1), sheetRow(1)])), '与第 2 行重复');
    await add(plan, [person(5)]);
    const res = await importSheet(plan, await sheetOf([sheetRow(4), sheetRow(5)]));
    expect(res.body.data).toMatchObject({ imported: 0, total: 2, failed: 1 });
    expect(res.body.message).toContain('未导入任何考生');
    expect(await counts(plan)).toEqual({ candidates: 1, passes: 0 });
  });

  it('a sheet with other errors reports its repeated ID numbers at once, in the sheet and against the plan', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    await add(plan, [person(5)]);
    const rows = [
      sheetRow(1, { 手机号: '12345' }),
      sheetRow(1),
      sheetRow(2, { 考生类型: '其他' }),
      sheetRow(2, { 姓名: '' }),
      sheetRow(5, { 工作年限: '很久' }),
    ];
    const result = (await importSheet(plan, await sheetOf(rows))).body.data;
    expect(result).toMatchObject({ imported: 0, total: 5, failed: 5 });
    expect(await counts(plan)).toEqual({ candidates: 1, passes: 0 });
    const sheet = (await downloadXlsx(ctx.app, result.error_file_url as string, as.token)).worksheets[0];
    const reasonOf = (row: number) =>
      String(sheet.getRow(row).getCell(CANDIDATE_SHEET_COLUMNS.length + 1).value);
    expect(reasonOf(2)).toContain('手机号');
    expect(reasonOf(3)).toContain(`证件号码 ${validId(1)} 与第 2 行重复`);
    expect(reasonOf(4)).toContain('考生类型「其他」不正确');
    expect(reasonOf(5)).toContain('请输入姓名');
    expect(reasonOf(5)).toContain(`证件号码 ${validId(2)} 与第 4 行重复`);
    expect(reasonOf(6)).toContain('工作年限应为数字');
    expect(reasonOf(6)).toContain(alreadyCandidate('考生5', validId(5)));
  });

  it('an ID number Excel turned into scientific notation (a number cell, or its text)', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const asNumber = sheetRow(1, { 证件号码: Number(validId(1).slice(0, 17)) * 10 });
    const asText = sheetRow(2, { 证件号码: '4.40981E+17' });
    const result = await reported(
      plan,
      await importSheet(plan, await sheetOf([asNumber, asText])),
      '科学计数法',
    );
    expect(result.failed).toBe(2);
  });

  it('a bad checksum', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const wrong = `${validId(1).slice(0, 17)}${validId(1).endsWith('0') ? '1' : '0'}`;
    await reported(
      plan,
      await importSheet(plan, await sheetOf([sheetRow(1, { 证件号码: wrong })])),
      '校验不通过',
    );
  });

  it('the template has the columns, a text ID column, drop-down lists and an example row', async () => {
    // Evaluation routes answer once the company has an approved filing, which a plan brings.
    await seedPlan(ctx.app.db, as.companyId);
    const workbook = await downloadXlsx(ctx.app, '/api/levelEvaluations/candidateTemplate', as.token);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1).map((h) => h.replace('*', ''));
    expect(headers).toEqual([...CANDIDATE_SHEET_COLUMNS]);
    expect(sheet.getColumn(3).numFmt).toBe('@');
    expect(sheet.getCell('B2').dataValidation?.formulae?.[0]).toContain('居民身份证');
    expect(sheet.getCell('A2').value).toBe('张三（示例，请删除）');
  });

  it('the template uploaded with its example row is refused, naming the row; nothing is imported', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const workbook = await downloadXlsx(ctx.app, '/api/levelEvaluations/candidateTemplate', as.token);
    workbook.worksheets[0].addRow(sheetRow(1));
    const unchanged = await importSheet(plan, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.message).toBe('第 2 行是模板示例，请删除后再导入');
    expect(await counts(plan)).toEqual({ candidates: 0, passes: 0 });
    // Wherever it is: the example copied below real rows names its own row.
    const below = await importSheet(
      plan,
      await sheetOf([sheetRow(1), sheetRow(2), sheetRow(3, { 姓名: '张三（示例，请删除）' })]),
    );
    expect(below.body.message).toBe('第 4 行是模板示例，请删除后再导入');
    // Deleted, the rows go in.
    const fixed = await importSheet(plan, await sheetOf([sheetRow(1), sheetRow(2)]));
    expect(fixed.body.data.imported).toBe(2);
  });
});

describe('photos', () => {
  it('one candidate photo, and a zip matched by 证件号码 or 姓名-证件号码', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const rows = (await add(plan, [person(1), person(2), person(3)])).body.data;
    const one = await post<CandidateRow>(
      `${base(plan)}/candidates/${rows[0]._id}/photo`,
      '一寸照.jpg',
      jpeg(60, 80),
    );
    expect(one.body.data.photo?.originName).toBe('一寸照.jpg');
    const zip = rawZip([
      { name: `${validId(2)}.jpg`, data: jpeg(60, 80) },
      { name: `照片/考生3-${validId(3)}.jpg`, data: jpeg(60, 80, 30) },
      { name: '无名氏.jpg', data: jpeg(60, 80) },
    ]);
    const res = await post<CandidatePhotoResult>(`${base(plan)}/candidates/photos`, '照片.zip', zip);
    expect(res.body.data).toMatchObject({
      matched: 2,
      matched_names: ['考生2', '考生3'],
      unmatched_count: 1,
      unmatched_photos: ['无名氏.jpg'],
      without_photo: 0,
    });
    const wrong = await post(
      `${base(plan)}/candidates/${rows[0]._id}/photo`,
      'a.pdf',
      Buffer.from('%PDF-1.4\n'),
    );
    expect(wrong.body.message).toBe('照片应为 JPG/PNG 格式图片');
  });
});

describe('photo size', () => {
  it('a photo too big to render (20000×20000, or a header declaring 60000×60000) is refused at upload, not at the grant', async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const [row] = (await add(plan, [person(1)])).body.data;
    for (const side of [20000, 60000]) {
      const res = await post<CandidateRow>(
        `${base(plan)}/candidates/${row._id}/photo`,
        '大照片.jpg',
        jpegClaiming(side, side),
      );
      expect([res.status, res.body.message]).toEqual([
        400,
        `照片尺寸过大（${side}×${side} 像素），请缩小到 ${IMAGE_LIMIT_TEXT}后重新上传`,
      ]);
    }
    const listed = await api<Paged<CandidateRow>>(ctx.app, 'GET', `${base(plan)}/candidates`, {
      token: as.token,
    });
    expect(listed.body.data.list[0].photo).toBeNull();
  });
});

describe('tenant boundary', () => {
  it("another company's plan answers 404 on every candidate route", async () => {
    const plan = await seedPlan(ctx.app.db, as.companyId);
    const [row] = (await add(plan, [person(1)])).body.data;
    const other = await otherCompanyUser(ctx.app);
    const c = `${base(plan)}/candidates/${row._id}`;
    await expectPlanNotFound(ctx.app, other, [
      ['GET', `${base(plan)}/candidates`],
      ['POST', `${base(plan)}/candidates`, { candidates: [person(2)] }],
      ['PATCH', c, person(1)],
      ['DELETE', c],
      ['GET', `${base(plan)}/staffOptions`],
    ]);
    for (const url of [`${base(plan)}/candidates/import`, `${base(plan)}/candidates/photos`, `${c}/photo`]) {
      const res = await post(url, 'a.xlsx', await sheetOf([sheetRow(2)]), other);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect(await counts(plan)).toEqual({ candidates: 1, passes: 0 });
  });
});
