import type {
  EvaluationOptions,
  ImportResult,
  LevelEvaluationDetail,
} from '@skill-cert/shared/level-evaluations';
import type {
  OccupationBody,
  OccupationCatalogue,
  OccupationPage,
  OccupationRow,
} from '@skill-cert/shared/occupations';
import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { RoleType } from '@skill-cert/shared/roles';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { approvedFiling, filingBody, planBody } from '../../../test/fixtures/level-evaluations.ts';
import { downloadXlsx, postFile } from '../../../test/fixtures/level-evaluations-app.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { defaultMenus, defaultRoles } from '../access/defaults.ts';
import { localPathOf } from '../files/service.ts';
import { resultProblems } from '../offline-certificates/rules.ts';
import { occupationCatalogue as shipped } from './catalogue.ts';
import { ensureOccupationCatalogue } from './service.ts';
import { occupationSeeds, occupations, occupationWorkTypes } from './tables.ts';

const ctx = useTestApp();
const URL = '/api/platform/occupations';
const platform = async () => (await login(ctx.app, 'pingtai')).token;
const enterprise = async () => (await login(ctx.app, 'qiye')).token;

const body = (over: Partial<OccupationBody> = {}): OccupationBody => ({
  code: '4-99-99-01',
  name: '示例职业',
  levels: [5, 4, 3, 2, 1],
  comprehensive_review: true,
  sort: 0,
  status: 1,
  work_types: [{ name: '示例工种', kind: 1, status: 1 }],
  ...over,
});

async function idOf(code: string): Promise<string> {
  const [row] = await ctx.app.db.select().from(occupations).where(eq(occupations.code, code));
  return row.id;
}

const catalogueOf = async (token: string) =>
  (await api<OccupationCatalogue>(ctx.app, 'GET', '/api/occupations', { token })).body.data;
const findIn = (c: OccupationCatalogue, code: string) =>
  c.categories.flatMap((x) => x.occupations).find((o) => o.code === code);

describe('the shipped catalogue seeds 职业目录', () => {
  it('every shipped occupation and 工种 is in the table, and GET /api/occupations reads the table', async () => {
    const rows = await ctx.app.db.select().from(occupations);
    const codes = shipped.flatMap((c) => c.occupations.map((o) => o.code));
    expect(rows.map((r) => r.code).sort()).toEqual([...codes].sort());
    await ctx.app.db
      .update(occupations)
      .set({ name: '电工（改）' })
      .where(eq(occupations.code, '6-31-01-03'));
    expect(findIn(await catalogueOf(await enterprise()), '6-31-01-03')?.name).toBe('电工（改）');
  });

  it('adds what it never added (by code), keeps what the platform edited, and never brings back what it deleted', async () => {
    const { db } = ctx.app;
    // Edited: 电工's name and levels; removed: 焊工's 气焊工; deleted: 电子竞技员.
    await db
      .update(occupations)
      .set({ name: '电工（平台修改）', levels: [5, 4] })
      .where(eq(occupations.code, '6-31-01-03'));
    await db.delete(occupationWorkTypes).where(eq(occupationWorkTypes.name, '气焊工'));
    await db.delete(occupations).where(eq(occupations.code, '4-13-99-00'));
    // A release that ships what this database never saw: 车工 and 焊工/钎焊工 as if new.
    await db.delete(occupations).where(eq(occupations.code, '6-18-01-01'));
    await db.delete(occupationWorkTypes).where(eq(occupationWorkTypes.name, '钎焊工'));
    await db.delete(occupationSeeds).where(inArray(occupationSeeds.key, ['6-18-01-01', '6-18-02-04/钎焊工']));

    expect(await ensureOccupationCatalogue(db)).toEqual({ occupations: 1, workTypes: 1 });
    const c = await catalogueOf(await enterprise());
    expect(findIn(c, '6-18-01-01')?.name).toBe('车工');
    expect(findIn(c, '6-18-02-04')?.work_types).toContain('钎焊工');
    expect(findIn(c, '6-18-02-04')?.work_types).not.toContain('气焊工');
    expect(findIn(c, '6-31-01-03')).toMatchObject({ name: '电工（平台修改）', levels: [5, 4] });
    expect(findIn(c, '4-13-99-00')).toBeUndefined();
    expect(await ensureOccupationCatalogue(db)).toEqual({ occupations: 0, workTypes: 0 });
  });
});

describe('a disabled occupation is offered for nothing new; what uses it still reads it', () => {
  it('a new filing with it is refused; an existing one still reads and saves with it', async () => {
    const token = await enterprise();
    const draft = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
      token,
      body: { scopes: [{ occupation_code: '6-31-01-03', levels: [5] }] },
    });
    expect(draft.body.code, draft.body.message).toBe(200);
    const admin = await platform();
    const off = await api<OccupationRow>(ctx.app, 'PATCH', `${URL}/${await idOf('6-31-01-03')}/status`, {
      token: admin,
      body: { status: 0 },
    });
    expect([off.body.code, off.body.message, off.body.data.status]).toEqual([200, '已停用', 0]);

    const fresh = await api(ctx.app, 'POST', '/api/recordApplications', {
      token,
      body: { scopes: [{ occupation_code: '6-31-01-03', levels: [5] }] },
    });
    expect([fresh.status, fresh.body.message]).toEqual([
      400,
      '第1个评价职业：职业「电工」已在职业目录中停用，请选择其他职业',
    ]);
    const id = draft.body.data._id;
    const detail = await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${id}`, {
      token,
    });
    expect(detail.body.data.scopes[0]).toMatchObject({
      occupation_code: '6-31-01-03',
      occupation_name: '电工',
    });
    const kept = await api(ctx.app, 'PATCH', `/api/recordApplications/${id}`, {
      token,
      body: { scopes: [{ occupation_code: '6-31-01-03', levels: [5, 4] }] },
    });
    expect(kept.body.code, kept.body.message).toBe(200);
    // The catalogue still names it for the forms, marked disabled.
    expect(findIn(await catalogueOf(token), '6-31-01-03')?.enabled).toBe(false);
  });

  it('a new evaluation plan with it is refused; an existing plan still saves', async () => {
    const token = await enterprise();
    const f = await approvedFiling(ctx.app, token, filingBody());
    const plan = await api<LevelEvaluationDetail>(ctx.app, 'POST', '/api/levelEvaluations', {
      token,
      body: planBody(f),
    });
    expect(plan.body.code, plan.body.message).toBe(200);
    await api(ctx.app, 'PATCH', `${URL}/${await idOf('6-31-01-03')}/status`, {
      token: await platform(),
      body: { status: 0 },
    });
    // The plan form's options still list the filed scope, marked disabled, so an existing plan names it.
    const options = await api<EvaluationOptions>(ctx.app, 'GET', '/api/levelEvaluations/options', { token });
    expect(options.body.data.filings[0].scopes[0]).toMatchObject({
      occupation_code: '6-31-01-03',
      enabled: false,
    });
    const fresh = await api(ctx.app, 'POST', '/api/levelEvaluations', { token, body: planBody(f) });
    expect([fresh.status, fresh.body.message]).toEqual([
      400,
      '评价职业「电工」已在职业目录中停用，请选择其他职业',
    ]);
    const again = await api(ctx.app, 'PATCH', `/api/levelEvaluations/${plan.body.data._id}`, {
      token,
      body: planBody(f, { name: '改名后的计划' }),
    });
    expect(again.body.code, again.body.message).toBe(200);
  });

  it('an occupation whose levels 2 and 1 need no 综合评审 lets a level-2 plan be submitted without it', async () => {
    const token = await enterprise();
    const f = await approvedFiling(ctx.app, token, {
      ...filingBody(),
      scopes: [{ occupation_code: '6-31-01-03', levels: [2] }],
    });
    const plan = await api<LevelEvaluationDetail>(ctx.app, 'POST', '/api/levelEvaluations', {
      token,
      body: planBody(f, { level: 2 }),
    });
    expect(plan.body.code, plan.body.message).toBe(200);
    const { addCandidates } = await import('../../../test/fixtures/level-evaluations.ts');
    await addCandidates(ctx.app, plan.body.data._id, 1);
    const submit = () =>
      api(ctx.app, 'POST', `/api/levelEvaluations/${plan.body.data._id}/submit`, { token });
    const refused = await submit();
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '二级、一级的评价须包含综合评审，请补充后再提交',
    ]);
    await ctx.app.db
      .update(occupations)
      .set({ comprehensiveReview: false })
      .where(eq(occupations.code, '6-31-01-03'));
    const res = await submit();
    expect(res.body.code, res.body.message).toBe(200);
  });
});

describe('offline certificates read 综合评审 from 职业目录', () => {
  it('a level-2 holder needs a 综合评审 result unless the occupation needs none', () => {
    const passed = { '1': '合格', '2': '85' };
    expect(resultProblems(2, passed)).toEqual(['请填写综合评审结果']);
    expect(resultProblems(2, passed, false)).toEqual([]);
    expect(resultProblems(4, passed)).toEqual([]);
  });
});

describe('职业目录: add, edit, disable, delete', () => {
  it('adds an occupation with its 工种, lists it by keyword, 大类 and status, and edits it', async () => {
    const token = await platform();
    const added = await api<OccupationRow>(ctx.app, 'POST', URL, { token, body: body() });
    expect(added.body.code, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject({
      code: '4-99-99-01',
      category_name: '社会生产服务和生活服务人员',
      levels_text: '五级/初级工、四级/中级工、三级/高级工、二级/技师、一级/高级技师',
      work_types: [{ name: '示例工种', kind: 1, kind_name: '工种', status: 1 }],
    });
    const twice = await api(ctx.app, 'POST', URL, { token, body: body() });
    expect([twice.status, twice.body.message]).toEqual([400, '职业编码 4-99-99-01 已存在，请勿重复添加']);
    const list = async (q: string) =>
      (await api<OccupationPage>(ctx.app, 'GET', `${URL}${q}`, { token })).body.data;
    expect((await list('?keyword=示例工种')).list.map((r) => r.code)).toEqual(['4-99-99-01']);
    expect((await list('?keyword=6-31-01-03')).list.map((r) => r.name)).toEqual(['电工']);
    expect((await list('?category_code=6&per_page=50')).list.every((r) => r.code.startsWith('6-'))).toBe(
      true,
    );
    expect((await list('?status=0')).meta.total).toBe(0);

    const id = added.body.data._id;
    const edited = await api<OccupationRow>(ctx.app, 'PUT', `${URL}/${id}`, {
      token,
      body: body({
        name: '示例职业（新）',
        levels: [3, 4],
        comprehensive_review: false,
        work_types: [
          { name: '示例方向', kind: 2, status: 1 },
          { name: '示例工种', kind: 1, status: 0 },
        ],
      }),
    });
    expect(edited.body.code, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: '示例职业（新）',
      levels: [4, 3],
      comprehensive_review: false,
      work_types: [
        { name: '示例方向', kind_name: '职业方向', status: 1 },
        { name: '示例工种', status: 0 },
      ],
    });
    const deleted = await api(ctx.app, 'DELETE', `${URL}/${id}`, { token });
    expect([deleted.body.code, deleted.body.message]).toEqual([200, '删除成功']);
    expect((await api(ctx.app, 'GET', `${URL}/${id}`, { token })).status).toBe(404);
  });

  it('refuses to delete an occupation in use, saying where (备案, 评价计划), and to change its code', async () => {
    const token = await enterprise();
    const f = await approvedFiling(ctx.app, token, filingBody());
    await api(ctx.app, 'POST', '/api/recordApplications', { token, body: filingBody() });
    await api(ctx.app, 'POST', '/api/levelEvaluations', { token, body: planBody(f) });
    await api(ctx.app, 'POST', '/api/levelEvaluations', { token, body: planBody(f, { name: '第二个' }) });
    const admin = await platform();
    const id = await idOf('6-31-01-03');
    const res = await api(ctx.app, 'DELETE', `${URL}/${id}`, { token: admin });
    expect([res.status, res.body.message]).toEqual([
      400,
      '该职业已被 2 个备案、2 个评价计划使用，不能删除，可停用',
    ]);
    const recode = await api(ctx.app, 'PUT', `${URL}/${id}`, {
      token: admin,
      body: body({ code: '6-31-01-99', name: '电工', work_types: [] }),
    });
    expect([recode.status, recode.body.message]).toEqual([
      400,
      '该职业已被 2 个备案、2 个评价计划使用，不能修改职业编码',
    ]);
    // A 工种 in use is not removed either.
    const weld = await idOf('6-18-02-04');
    const dropped = await api(ctx.app, 'PUT', `${URL}/${weld}`, {
      token: admin,
      body: body({ code: '6-18-02-04', name: '焊工', work_types: [] }),
    });
    expect([dropped.status, dropped.body.message]).toEqual([
      400,
      '工种「电焊工」已被 2 个备案使用，不能删除，可停用',
    ]);
  });
});

/** A workbook of the occupation sheet's columns with these rows. */
async function sheetOf(
  rows: string[][],
  headers = ['职业编码', '职业名称', '评价等级', '二级一级须综合评审', '工种', '职业方向', '状态', '排序'],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('职业目录');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const importSheet = async (content: Buffer, token: string) =>
  postFile<ImportResult>(ctx.app, `${URL}/import`, '职业目录.xlsx', content, token);

describe('职业目录 import and export (.xlsx)', () => {
  it('a sheet with errors imports nothing and reports each row’s errors in Chinese', async () => {
    const token = await platform();
    const res = await importSheet(
      await sheetOf([
        ['4-99-99-01', '新职业甲', '五级、四级', '是', '甲工种', '', '启用', '1'],
        ['499-99-02', '', '六级', '也许', '', '', '暂停', 'x'],
        ['4-99-99-01', '重复的', '三级', '', '', '', '', ''],
      ]),
      token,
    );
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.message).toBe('导入失败：2 行有错误，未导入任何职业，请下载错误报告修改后重新导入');
    expect(res.body.data).toMatchObject({ imported: 0, total: 3, failed: 2 });
    expect(await ctx.app.db.select().from(occupations).where(eq(occupations.code, '4-99-99-01'))).toEqual([]);
    // The error report: the sheet back with 错误原因 per row.
    const fileId = res.body.data.error_file_url!.split('/').pop()!;
    const { findFiles } = await import('../files/service.ts');
    const [file] = await findFiles(ctx.app.db, [fileId]);
    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile(await localPathOf(ctx.app.storage, file.sha256));
    const reasons = report.worksheets[0].getColumn(9).values.slice(2).map(String);
    expect(reasons[0]).toBe('');
    expect(reasons[1]).toContain('评价等级「六级」不正确');
    expect(reasons[1]).toContain('二级一级须综合评审应填“是”或“否”');
    expect(reasons[1]).toContain('状态应填“启用”或“停用”');
    expect(reasons[1]).toContain('职业编码应为“大类-中类-小类-细类”格式');
    expect(reasons[1]).toContain('请输入职业名称');
    expect(reasons[2]).toBe('职业编码 4-99-99-01 与第 2 行重复');
  });

  it('refuses a sheet without the required columns, naming them', async () => {
    const res = await importSheet(await sheetOf([['x']], ['职业名称']), await platform());
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('缺少必填列「职业编码」');
  });

  it('the export imports back unchanged, and an edited export updates and adds', async () => {
    const token = await platform();
    await api(ctx.app, 'PATCH', `${URL}/${await idOf('6-31-01-03')}/status`, { token, body: { status: 0 } });
    await api(ctx.app, 'POST', URL, {
      token,
      body: body({ comprehensive_review: false, work_types: [{ name: '停用方向', kind: 2, status: 0 }] }),
    });
    const before = (await api<OccupationPage>(ctx.app, 'GET', `${URL}?per_page=50`, { token })).body.data;
    const workbook = await downloadXlsx(ctx.app, `${URL}/export`, token);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importSheet(content, token);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ imported: before.meta.total, failed: 0, error_file_url: null });
    const after = (await api<OccupationPage>(ctx.app, 'GET', `${URL}?per_page=50`, { token })).body.data;
    const strip = (rows: OccupationRow[]) =>
      rows.map(({ update_time_str: _u, work_types, ...r }) => ({
        ...r,
        work_types: work_types.map(({ _id, sort: _s, ...w }) => w),
      }));
    expect(strip(after.list)).toEqual(strip(before.list));

    const sheet = workbook.worksheets[0];
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).text === '4-99-99-01')!;
    row.getCell(2).value = '示例职业（导入修改）';
    sheet.addRow([
      '4-99-99-02',
      '导入的新职业',
      '三级、二级',
      '否',
      '新工种甲、新工种乙（停用）',
      '',
      '启用',
      '5',
    ]);
    const second = await importSheet(Buffer.from(await workbook.xlsx.writeBuffer()), token);
    expect(second.body.message).toBe(`已导入 ${before.meta.total + 1} 个职业`);
    const rows = (await api<OccupationPage>(ctx.app, 'GET', `${URL}?keyword=4-99-99`, { token })).body.data
      .list;
    expect(rows.map((r) => r.name)).toEqual(['示例职业（导入修改）', '导入的新职业']);
    expect(rows[1]).toMatchObject({
      levels: [3, 2],
      comprehensive_review: false,
      sort: 5,
      work_types: [
        { name: '新工种甲', status: 1 },
        { name: '新工种乙', status: 0 },
      ],
    });
  });
});

describe('职业目录 is the platform’s, by permission key', () => {
  const KEYS = ['add', 'edit', 'delete', 'import', 'export'].map((k) => `platform:occupation:${k}`);

  it('the page /occupation carries its buttons, and 运营人员 holds list and export only', () => {
    const page = defaultMenus[RoleType.PLATFORM].find((m) => m.key === 'platform:occupation:list');
    expect([page?.path, page?.addr, page?.name]).toEqual(['/occupation', 'platform/occupation', '职业目录']);
    expect(page?.children?.map((c) => c.key)).toEqual(KEYS);
    const yunying = defaultRoles.find((r) => r.name === '运营人员')!;
    expect(yunying.keys!.filter((k) => k.startsWith('platform:occupation:'))).toEqual([
      'platform:occupation:list',
      'platform:occupation:export',
    ]);
  });

  it('运营人员 may list, read and export; adding, editing, switching, deleting and importing answer 403', async () => {
    const { token } = await login(ctx.app, 'yunying');
    const id = await idOf('6-31-01-03');
    expect((await api(ctx.app, 'GET', URL, { token })).body.code).toBe(200);
    expect((await api(ctx.app, 'GET', `${URL}/${id}`, { token })).body.code).toBe(200);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `${URL}/export`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect((await api(ctx.app, 'POST', URL, { token, body: body() })).body.code).toBe(403);
    expect((await api(ctx.app, 'PUT', `${URL}/${id}`, { token, body: body() })).body.code).toBe(403);
    expect(
      (await api(ctx.app, 'PATCH', `${URL}/${id}/status`, { token, body: { status: 0 } })).body.code,
    ).toBe(403);
    expect((await api(ctx.app, 'DELETE', `${URL}/${id}`, { token })).body.code).toBe(403);
    expect((await importSheet(await sheetOf([]), token)).body.code).toBe(403);
  });

  it('an enterprise user reads the catalogue but none of 职业目录’s routes (403)', async () => {
    const token = await enterprise();
    expect((await api(ctx.app, 'GET', '/api/occupations', { token })).body.code).toBe(200);
    expect((await api(ctx.app, 'GET', URL, { token })).body.code).toBe(403);
    expect((await api(ctx.app, 'POST', URL, { token, body: body() })).body.code).toBe(403);
  });
});
