import type { MessagePage } from '@skill-cert/shared/messages';
import type { OccupationCatalogue } from '@skill-cert/shared/occupations';
import type { Paged } from '@skill-cert/shared/pagination';
import type {
  PlatformCompanyDetail,
  RecordApplicationDetail,
  RecordApplicationRow,
} from '@skill-cert/shared/records';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondEnterprise, uploadAs } from '../../../test/fixtures/companies.ts';
import { api, login, samples, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { addMember } from '../companies/service.ts';
import { companies } from '../companies/tables.ts';
import { createUser, findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();

const ID_A = '110101198001010010';
const ID_B = '330106199002150020';
const ID_C = '440305198511200036';

const person = (name: string, id_number: string) => ({
  name,
  id_number,
  phone: '13912345678',
  qualification: '电工 二级/技师',
});

/** Everything a submitted application needs. */
const fullBody = (extra: Record<string, unknown> = {}) => ({
  scopes: [
    { occupation_code: '6-31-01-03', levels: [4, 3] },
    { occupation_code: '6-18-02-04', work_type: '电焊工', levels: [5] },
  ],
  evaluation_basis: 1,
  sites: [{ name: '一号实训楼', region_code: '330106', address: '文三路 100 号' }],
  examiners: [person('张考评', ID_A)],
  supervisors: [person('李督导', ID_B)],
  remark: '首次备案',
  ...extra,
});

const upload = (token: string, name: string, content: Buffer) => uploadAs(ctx, token, name, content);

const enterprise = () => login(ctx.app, 'qiye');
const platform = () => login(ctx.app, 'pingtai');

async function create(token: string, body: unknown) {
  return api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', { token, body });
}

async function submitted(token: string): Promise<RecordApplicationDetail> {
  const res = await create(token, fullBody({ submit: true }));
  expect(res.body.code).toBe(200);
  return res.body.data;
}

/** xinqiye creates a second company and is its administrator. */
const otherCompany = async (): Promise<string> => (await secondEnterprise(ctx)).token;

describe('GET /api/occupations', () => {
  it('serves the catalogue from 职业目录: major groups, occupations with codes, 工种, the levels their standards set, enabled and 综合评审', async () => {
    const { token } = await enterprise();
    const res = await api<OccupationCatalogue>(ctx.app, 'GET', '/api/occupations', { token });
    const all = res.body.data.categories.flatMap((c) => c.occupations);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.find((o) => o.code === '6-31-01-03')).toEqual({
      code: '6-31-01-03',
      name: '电工',
      levels: [5, 4, 3, 2, 1],
      work_types: [],
      enabled: true,
      comprehensive_review: true,
    });
    expect(all.find((o) => o.code === '6-18-02-04')?.work_types).toContain('电焊工');
    expect(res.body.data.levels[0]).toEqual({ code: 5, name: '五级/初级工' });
    expect(new Set(all.map((o) => o.code)).size).toBe(all.length);
  });

  it('needs a session', async () => {
    expect((await api(ctx.app, 'GET', '/api/occupations')).status).toBe(401);
  });
});

describe('enterprise record applications', () => {
  it('a draft may be incomplete; it is stored with its first step on the timeline', async () => {
    const { token } = await enterprise();
    const res = await create(token, { scopes: [{ occupation_code: '6-31-01-03', levels: [3, 5, 5] }] });
    expect(res.body).toMatchObject({ code: 200, message: '草稿已保存' });
    const d = res.body.data;
    expect(d).toMatchObject({ status: 0, status_text: '草稿', editable: true, deletable: true });
    expect(d.record_no).toMatch(/^BA\d{8}[A-Z2-9]{6}$/);
    expect(d.scopes[0]).toMatchObject({
      occupation_name: '电工',
      levels: [5, 3],
      level_names: ['五级/初级工', '三级/高级工'],
    });
    expect(d.timeline.map((t) => [t.action_text, t.user_name])).toEqual([['创建申请', 'qiye']]);
  });

  it('create and submit at once: 待审核, names from the catalogue, regions named, two steps', async () => {
    const { token } = await enterprise();
    const d = await submitted(token);
    expect(d).toMatchObject({
      status: 1,
      status_text: '待审核',
      editable: false,
      deletable: false,
      company_name: '示例智能制造有限公司',
      evaluation_basis: 1,
      evaluation_basis_text: '国家职业标准',
      scope_summary: '电工（四级/中级工、三级/高级工）；焊工·电焊工（五级/初级工）',
      site_count: 1,
      examiner_count: 1,
      supervisor_count: 1,
    });
    expect(d.sites[0].region_names).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(d.examiners[0]).toMatchObject({ name: '张考评', id_number: ID_A });
    expect(d.timeline.map((t) => t.action)).toEqual(['create', 'submit']);
    expect(d.submit_time_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('submitting an incomplete application names what is missing', async () => {
    const { token } = await enterprise();
    const missing = await create(token, fullBody({ supervisors: [], submit: true }));
    expect(missing.body).toEqual({ code: 400, message: '请至少添加一名质量督导员', data: null });
    const draft = await create(token, { scopes: [{ occupation_code: '6-31-01-03', levels: [5] }] });
    const res = await api(ctx.app, 'POST', `/api/recordApplications/${draft.body.data._id}/submit`, {
      token,
    });
    expect(res.body).toMatchObject({ code: 400, message: '请选择评价依据，请编辑后再提交' });
  });

  it('a draft saves with only an occupation chosen: rows with blanks are kept, rows with nothing are dropped', async () => {
    const { token } = await enterprise();
    const res = await create(token, {
      scopes: [{ occupation_code: '6-31-01-03', work_type: null, levels: [] }],
      evaluation_basis: 1,
      sites: [{ name: '', region_code: '', address: '' }],
      examiners: [{ name: '张考评', id_number: '', phone: '', qualification: '' }],
      supervisors: [{}],
    });
    expect(res.body).toMatchObject({ code: 200, message: '草稿已保存' });
    const d = res.body.data;
    expect(d.scopes).toMatchObject([{ occupation_code: '6-31-01-03', occupation_name: '电工', levels: [] }]);
    expect(d.sites).toHaveLength(0);
    expect(d.examiners).toMatchObject([{ name: '张考评', id_number: '', phone: '' }]);
    expect(d.supervisors).toHaveLength(0);
    expect(d.scope_summary).toBe('电工');
  });

  it('a draft checks the format of what is filled in, naming the row', async () => {
    const { token } = await enterprise();
    const res = await create(token, {
      examiners: [{ name: '张考评', id_number: '110101198001010011' }],
    });
    expect(res.body).toEqual({ code: 400, message: '第1名考评员：身份证号不正确，请核对', data: null });
    const phone = await create(token, { supervisors: [{ phone: '12345' }] });
    expect(phone.body.code).toBe(400);
    expect(phone.body.message).toMatch(/^第1名质量督导员：/);
  });

  it('submitting a draft with blanks says which field of which row is missing', async () => {
    const { token } = await enterprise();
    const body = fullBody({ examiners: [person('张考评', ID_A), { name: '王考评', id_number: ID_C }] });
    const draft = await create(token, body);
    expect(draft.body.code).toBe(200);
    const res = await api(ctx.app, 'POST', `/api/recordApplications/${draft.body.data._id}/submit`, {
      token,
    });
    expect(res.body).toMatchObject({ code: 400, message: '第2名考评员：请输入手机号，请编辑后再提交' });
    const atOnce = await create(token, { ...body, submit: true });
    expect(atOnce.body).toMatchObject({ code: 400, message: '第2名考评员：请输入手机号' });
  });

  it('refuses an occupation, 工种 or level that is not in the catalogue', async () => {
    const { token } = await enterprise();
    const cases: [unknown, string][] = [
      [
        [{ occupation_code: '9-99-99-99', levels: [5] }],
        '第1个评价职业：职业分类大典中没有编码为 9-99-99-99 的职业',
      ],
      [[{ occupation_code: '6-31-01', levels: [5] }], '第1个评价职业：评价职业不正确'],
      [
        [{ occupation_code: '6-18-02-04', work_type: '水焊工', levels: [5] }],
        '第1个评价职业：「焊工」没有工种「水焊工」',
      ],
      [
        [{ occupation_code: '6-31-01-03', work_type: '电焊工', levels: [5] }],
        '第1个评价职业：「电工」不分工种，请不要填写工种',
      ],
      [
        [{ occupation_code: '4-07-03-02', levels: [5] }],
        '第1个评价职业：「企业人力资源管理师」没有五级/初级工等级',
      ],
      [[{ occupation_code: '6-31-01-03', levels: [6] }], '第1个评价职业：评价等级不正确'],
      [
        [
          { occupation_code: '6-31-01-03', levels: [5] },
          { occupation_code: '6-31-01-03', levels: [4] },
        ],
        '评价职业重复：6-31-01-03',
      ],
    ];
    for (const [scopes, message] of cases) {
      const res = await create(token, { scopes });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A draft may still lack the levels; submitting asks for them.
    const noLevels = await create(
      token,
      fullBody({ scopes: [{ occupation_code: '6-31-01-03', levels: [] }] }),
    );
    expect(noLevels.body.code).toBe(200);
    const submitted = await create(
      token,
      fullBody({ scopes: [{ occupation_code: '6-31-01-03', levels: [] }], submit: true }),
    );
    expect(submitted.body.message).toBe('第1个评价职业：请选择评价等级');
  });

  it('refuses a bad ID number, phone or site region, naming the row', async () => {
    const { token } = await enterprise();
    const badId = await create(
      token,
      fullBody({ examiners: [person('张考评', ID_A), person('王考评', '110101198001010011')] }),
    );
    expect(badId.body).toEqual({ code: 400, message: '第2名考评员：身份证号不正确，请核对', data: null });
    const dup = await create(
      token,
      fullBody({ examiners: [person('张考评', ID_A), person('王考评', ID_A)] }),
    );
    expect(dup.body.message).toBe('第2名考评员的身份证号与前面重复');
    const badPhone = await create(
      token,
      fullBody({ supervisors: [{ ...person('李督导', ID_B), phone: '12345' }] }),
    );
    expect(badPhone.body.message).toBe('第1名质量督导员：手机号格式不正确');
    const noName = await create(token, fullBody({ supervisors: [{ ...person('', ID_B) }], submit: true }));
    expect(noName.body.message).toBe('第1名质量督导员：请输入姓名');
    const badRegion = await create(
      token,
      fullBody({ sites: [{ name: '场地', region_code: '999999', address: '某路' }] }),
    );
    expect(badRegion.body.message).toBe('第1个考核场地：请选择场地所在地区');
    const badBasis = await create(token, fullBody({ evaluation_basis: 3 }));
    expect(badBasis.body.message).toBe('评价依据只能是国家职业标准或企业评价规范');
  });

  it('企业评价规范 needs its file on submit; the file and attachments are shown with their names', async () => {
    const { token } = await enterprise();
    const noFile = await create(token, fullBody({ evaluation_basis: 2, submit: true }));
    expect(noFile.body).toMatchObject({ code: 400, message: '请上传企业评价规范文件' });
    const norm = await upload(token, '企业评价规范.pdf', samples.pdf);
    const extra = await upload(token, '场地照片.png', samples.png);
    const res = await create(
      token,
      fullBody({ evaluation_basis: 2, basis_file_id: norm, attachment_ids: [extra], submit: true }),
    );
    expect(res.body.code).toBe(200);
    expect(res.body.data.basis_file).toEqual({
      file_id: norm,
      webPath: `/api/files/${norm}`,
      originName: '企业评价规范.pdf',
    });
    expect(res.body.data.attachments.map((a) => a.originName)).toEqual(['场地照片.png']);
  });

  it("refuses another company's file as basis or attachment", async () => {
    const otherToken = await otherCompany();
    const foreign = await upload(otherToken, '别家的规范.pdf', samples.pdf);
    const { token } = await enterprise();
    const basis = await create(token, fullBody({ evaluation_basis: 2, basis_file_id: foreign }));
    expect(basis.body).toMatchObject({ code: 400, message: '请重新上传企业评价规范文件' });
    const attach = await create(token, fullBody({ attachment_ids: [foreign] }));
    expect(attach.body).toMatchObject({ code: 400, message: '附件不存在，请重新上传' });
  });

  it('a submitted application cannot be edited, submitted again or deleted', async () => {
    const { token } = await enterprise();
    const d = await submitted(token);
    const edit = await api(ctx.app, 'PATCH', `/api/recordApplications/${d._id}`, { token, body: fullBody() });
    expect(edit.body).toEqual({ code: 400, message: '该备案申请已提交审核，审核完成前不能修改', data: null });
    const again = await api(ctx.app, 'POST', `/api/recordApplications/${d._id}/submit`, { token });
    expect(again.body.message).toBe('该备案申请已提交审核，请勿重复提交');
    const del = await api(ctx.app, 'DELETE', `/api/recordApplications/${d._id}`, { token });
    expect(del.body.message).toBe('只有草稿状态的备案申请可以删除');
  });

  it('a draft can be edited, submitted and deleted', async () => {
    const { token } = await enterprise();
    const draft = (await create(token, { scopes: [{ occupation_code: '6-31-01-03', levels: [5] }] })).body
      .data;
    const edited = await api<RecordApplicationDetail>(
      ctx.app,
      'PATCH',
      `/api/recordApplications/${draft._id}`,
      {
        token,
        body: fullBody(),
      },
    );
    expect(edited.body).toMatchObject({ code: 200, message: '保存成功' });
    expect(edited.body.data.scopes).toHaveLength(2);
    expect(edited.body.data.status).toBe(0);
    const sent = await api<RecordApplicationDetail>(
      ctx.app,
      'POST',
      `/api/recordApplications/${draft._id}/submit`,
      { token },
    );
    expect(sent.body.data.timeline.map((t) => t.action)).toEqual(['create', 'update', 'submit']);

    const other = (await create(token, {})).body.data;
    expect(
      (await api(ctx.app, 'DELETE', `/api/recordApplications/${other._id}`, { token })).body.message,
    ).toBe('删除成功');
    expect((await api(ctx.app, 'GET', `/api/recordApplications/${other._id}`, { token })).status).toBe(404);
  });

  it('lists with status filter, search by number or occupation, and pagination', async () => {
    const { token } = await enterprise();
    const a = await submitted(token);
    await create(token, { scopes: [{ occupation_code: '4-10-01-05', levels: [5] }] });
    for (let i = 0; i < 10; i++) await create(token, {});
    const list = (q: string) =>
      api<Paged<RecordApplicationRow>>(ctx.app, 'GET', `/api/recordApplications${q}`, { token });
    const page1 = await list('');
    expect(page1.body.data.meta).toMatchObject({ total: 12, last_page: 2, per_page: 10 });
    expect(page1.body.data.list).toHaveLength(10);
    expect((await list('?page=2')).body.data.list).toHaveLength(2);
    expect((await list('?status=1')).body.data.list.map((r) => r._id)).toEqual([a._id]);
    expect((await list(`?keyword=${encodeURIComponent('养老')}`)).body.data.list[0].scope_summary).toBe(
      '养老护理员（五级/初级工）',
    );
    expect((await list(`?keyword=${a.record_no.toLowerCase()}`)).body.data.list.map((r) => r._id)).toEqual([
      a._id,
    ]);
    expect((await list('?status=7')).body).toMatchObject({ code: 400, message: '状态只能是 0、1、2 或 3' });
    expect((await list('?per_page=15')).body.message).toBe('每页条数应为 10、20、30 或 50');
  });

  it("the list reads a page, its total, each one's company, scopes and counts in one statement whatever the page size, a page read before in none", async () => {
    const { token } = await enterprise();
    for (let i = 0; i < 3; i++) await submitted(token);
    for (let i = 0; i < 52; i++) await create(token, {});
    const { bySize, repeated } = await listStatements(ctx.app, token, '/api/recordApplications');
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
    // The same page through a keyword on the scopes.
    const { bySize: searched } = await listStatements(
      ctx.app,
      token,
      `/api/recordApplications?keyword=${encodeURIComponent('电焊')}`,
      [10],
    );
    expect(searched).toEqual([1]);
  });

  it("a page read before shows the platform's decision, a changed scope and the company's new name", async () => {
    const { token } = await enterprise();
    const a = await submitted(token);
    const rows = async (as = token) =>
      (
        await api<Paged<RecordApplicationRow>>(ctx.app, 'GET', '/api/recordApplications', { token: as })
      ).body.data.list.map((r) => [
        r._id,
        r.status_text,
        r.site_count,
        r.examiner_count,
        r.scope_summary,
        r.company_name,
      ]);
    const scopes = '电工（四级/中级工、三级/高级工）；焊工·电焊工（五级/初级工）';
    expect(await rows()).toEqual([[a._id, '待审核', 1, 1, scopes, '示例智能制造有限公司']]);
    const res = await api(ctx.app, 'POST', `/api/platform/recordApplications/${a._id}/reject`, {
      token: (await platform()).token,
      body: { reason: '考评员资格证明不全' },
    });
    expect(res.body.code, res.body.message).toBe(200);
    expect(await rows()).toEqual([[a._id, '已驳回', 1, 1, scopes, '示例智能制造有限公司']]);
    const changed = await api(ctx.app, 'PATCH', `/api/recordApplications/${a._id}`, {
      token,
      body: fullBody({ scopes: [{ occupation_code: '6-31-01-03', levels: [4] }], examiners: [] }),
    });
    expect(changed.body.code, changed.body.message).toBe(200);
    expect(await rows()).toEqual([[a._id, '已驳回', 1, 0, '电工（四级/中级工）', '示例智能制造有限公司']]);
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    await ctx.app.db
      .update(companies)
      .set({ name: '示例智能制造股份有限公司' })
      .where(eq(companies.id, companyId));
    expect((await rows())[0]?.[5]).toBe('示例智能制造股份有限公司');
    // Another company's same query reads its own page.
    expect(await rows(await otherCompany())).toEqual([]);
  });

  it('a user without a company, or of another role, cannot use them', async () => {
    const lone = await login(ctx.app, 'xinqiye');
    const res = await api(ctx.app, 'GET', '/api/recordApplications', { token: lone.token });
    expect(res.body).toMatchObject({ code: 403, message: '您还没有加入企业' });
    const { token } = await platform();
    expect((await api(ctx.app, 'GET', '/api/recordApplications', { token })).status).toBe(403);
  });

  it('a frozen company gets the acknowledge notice (code 61) on every record route', async () => {
    const admin = await platform();
    const { token } = await enterprise();
    const d = await submitted(token);
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/freeze`, { token: admin.token });
    for (const [method, url] of [
      ['GET', '/api/recordApplications'],
      ['POST', '/api/recordApplications'],
      ['GET', `/api/recordApplications/${d._id}`],
      ['PATCH', `/api/recordApplications/${d._id}`],
      ['POST', `/api/recordApplications/${d._id}/submit`],
      ['DELETE', `/api/recordApplications/${d._id}`],
    ] as const) {
      const res = await api(ctx.app, method, url, {
        token,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.body.code, `${method} ${url}`).toBe(61);
    }
  });
});

describe('tenant boundary', () => {
  it("another company's application is not found for every enterprise endpoint, whatever the id", async () => {
    const { token } = await enterprise();
    const mine = await submitted(token);
    const draft = (await create(token, {})).body.data;
    const otherToken = await otherCompany();
    for (const id of [mine._id, draft._id]) {
      for (const [method, url, body] of [
        ['GET', `/api/recordApplications/${id}`, undefined],
        ['PATCH', `/api/recordApplications/${id}`, fullBody()],
        ['POST', `/api/recordApplications/${id}/submit`, undefined],
        ['DELETE', `/api/recordApplications/${id}`, undefined],
      ] as const) {
        const res = await api(ctx.app, method, url, { token: otherToken, body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.message).toBe('备案申请不存在');
      }
    }
    const list = await api<Paged<RecordApplicationRow>>(ctx.app, 'GET', '/api/recordApplications', {
      token: otherToken,
    });
    expect(list.body.data.meta.total).toBe(0);
    // Nothing changed for the owner.
    const still = await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${draft._id}`, {
      token,
    });
    expect(still.body.data.timeline).toHaveLength(1);
  });

  it('a malformed id is a 400 naming the application', async () => {
    const { token } = await enterprise();
    const res = await api(ctx.app, 'GET', '/api/recordApplications/not-an-id', { token });
    expect(res.body).toEqual({ code: 400, message: '备案申请不存在', data: null });
  });
});

describe('platform review', () => {
  it('reject with a reason → the company is told → edit and resubmit → approve → 已通过, every step on the timeline', async () => {
    const ent = await enterprise();
    const d = await submitted(ent.token);
    const admin = await platform();

    const noReason = await api(ctx.app, 'POST', `/api/platform/recordApplications/${d._id}/reject`, {
      token: admin.token,
      body: { reason: '  ' },
    });
    expect(noReason.body).toEqual({ code: 400, message: '请输入驳回原因', data: null });
    const noBody = await api(ctx.app, 'POST', `/api/platform/recordApplications/${d._id}/reject`, {
      token: admin.token,
    });
    expect(noBody.body.message).toBe('请输入驳回原因');

    const rejected = await api<RecordApplicationDetail>(
      ctx.app,
      'POST',
      `/api/platform/recordApplications/${d._id}/reject`,
      { token: admin.token, body: { reason: '考评员资格证明不全' } },
    );
    expect(rejected.body.data).toMatchObject({
      status: 3,
      status_text: '已驳回',
      reject_reason: '考评员资格证明不全',
    });
    const inbox = await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: ent.token });
    expect(inbox.body.data.list[0]).toMatchObject({
      message_category_name: '备案通知',
      content: `您的备案申请（${d.record_no}）被平台驳回：考评员资格证明不全`,
      data: { _id: d._id, template_key: 'record_application_decided' },
    });

    const edited = await api<RecordApplicationDetail>(ctx.app, 'PATCH', `/api/recordApplications/${d._id}`, {
      token: ent.token,
      body: fullBody({ examiners: [person('张考评', ID_A), person('赵考评', ID_C)] }),
    });
    expect(edited.body.data).toMatchObject({
      status: 3,
      reject_reason: '考评员资格证明不全',
      examiner_count: 2,
    });
    const resent = await api<RecordApplicationDetail>(
      ctx.app,
      'POST',
      `/api/recordApplications/${d._id}/submit`,
      { token: ent.token },
    );
    expect(resent.body.data).toMatchObject({ status: 1, reject_reason: null });

    const approved = await api<RecordApplicationDetail>(
      ctx.app,
      'POST',
      `/api/platform/recordApplications/${d._id}/approve`,
      { token: admin.token },
    );
    expect(approved.body).toMatchObject({
      code: 200,
      message: '已通过',
      data: { status: 2, status_text: '已通过' },
    });
    const twice = await api(ctx.app, 'POST', `/api/platform/recordApplications/${d._id}/approve`, {
      token: admin.token,
    });
    expect(twice.body).toMatchObject({ code: 400, message: '该备案申请已通过，只有待审核的申请可以审核' });

    const final = await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${d._id}`, {
      token: ent.token,
    });
    expect(final.body.data.timeline.map((t) => [t.action_text, t.user_name, t.note])).toEqual([
      ['创建申请', 'qiye', null],
      ['提交审核', 'qiye', null],
      ['审核驳回', 'pingtai', '考评员资格证明不全'],
      ['修改申请', 'qiye', null],
      ['重新提交审核', 'qiye', null],
      ['审核通过', 'pingtai', null],
    ]);
    const editApproved = await api(ctx.app, 'PATCH', `/api/recordApplications/${d._id}`, {
      token: ent.token,
      body: fullBody(),
    });
    expect(editApproved.body.message).toBe('该备案申请已通过审核，不能再修改');
    const told = await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: ent.token });
    expect(told.body.data.list[0]).toMatchObject({
      content: `您的备案申请（${d.record_no}）已通过平台审核`,
      data: { _id: d._id, template_key: 'record_application_decided' },
    });
  });

  it('the platform lists submitted applications of every company, filters them, and never sees drafts', async () => {
    const ent = await enterprise();
    const a = await submitted(ent.token);
    const draft = (await create(ent.token, {})).body.data;
    const otherToken = await otherCompany();
    const b = await submitted(otherToken);
    const admin = await platform();
    const list = (q: string) =>
      api<Paged<RecordApplicationRow>>(ctx.app, 'GET', `/api/platform/recordApplications${q}`, {
        token: admin.token,
      });
    expect((await list('')).body.data.list.map((r) => r._id).sort()).toEqual([a._id, b._id].sort());
    expect((await list('?status=1')).body.data.meta.total).toBe(2);
    expect((await list('?status=0')).body.data.meta.total).toBe(0);
    expect((await list(`?company_id=${a.company_id}`)).body.data.list.map((r) => r._id)).toEqual([a._id]);
    expect((await list(`?keyword=${encodeURIComponent('新创')}`)).body.data.list.map((r) => r._id)).toEqual([
      b._id,
    ]);
    expect((await list('?company_id=x')).body.message).toBe('企业不存在');
    const hidden = await api(ctx.app, 'GET', `/api/platform/recordApplications/${draft._id}`, {
      token: admin.token,
    });
    expect(hidden.status).toBe(404);
    const decideDraft = await api(ctx.app, 'POST', `/api/platform/recordApplications/${draft._id}/approve`, {
      token: admin.token,
    });
    expect(decideDraft.status).toBe(404);
    const detail = await api<RecordApplicationDetail>(
      ctx.app,
      'GET',
      `/api/platform/recordApplications/${a._id}`,
      {
        token: admin.token,
      },
    );
    expect(detail.body.data).toMatchObject({ record_no: a.record_no, company_name: '示例智能制造有限公司' });
  });

  it('company detail lists every administrator and counts every application, however many there are', async () => {
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    for (let i = 0; i < 60; i++) {
      const user = await createUser(ctx.app.db, {
        name: `成员${i}`,
        phone: `139${String(i).padStart(8, '0')}`,
        roleTypeIds: [1],
        companyId,
      });
      await addMember(ctx.app.db, companyId, user.id, i === 59 ? 1 : 2);
    }
    const ent = await enterprise();
    for (let i = 0; i < 3; i++) await submitted(ent.token);
    const admin = await platform();
    const res = await api<PlatformCompanyDetail>(ctx.app, 'GET', `/api/platform/companies/${companyId}`, {
      token: admin.token,
    });
    expect(res.body.data.member_count).toBe(62);
    expect(res.body.data.admins.map((m) => m.name)).toEqual(['qiye', '成员59']);
    expect(res.body.data).toMatchObject({ application_count: 3, approved_count: 0 });
    // The applications themselves are paged by the review list of that company.
    const page = await api<Paged<RecordApplicationRow>>(
      ctx.app,
      'GET',
      `/api/platform/recordApplications?company_id=${companyId}&per_page=10&page=1`,
      { token: admin.token },
    );
    expect(page.body.data.meta.total).toBe(3);
  });

  it('company detail: the record, administrators, member count and counts of its submitted applications', async () => {
    const ent = await enterprise();
    const a = await submitted(ent.token);
    await create(ent.token, {});
    const admin = await platform();
    await api(ctx.app, 'POST', `/api/platform/recordApplications/${a._id}/approve`, {
      token: admin.token,
      body: { note: '材料齐全' },
    });
    const res = await api<PlatformCompanyDetail>(ctx.app, 'GET', `/api/platform/companies/${a.company_id}`, {
      token: admin.token,
    });
    expect(res.body.data.company).toMatchObject({ _id: a.company_id, name: '示例智能制造有限公司' });
    expect(res.body.data.admins.map((m) => m.name)).toEqual(['qiye']);
    expect(res.body.data.member_count).toBe(2);
    expect(res.body.data).toMatchObject({ application_count: 1, approved_count: 1 });
    const unknown = await api(
      ctx.app,
      'GET',
      '/api/platform/companies/00000000-0000-4000-8000-000000000000',
      {
        token: admin.token,
      },
    );
    expect(unknown.body).toMatchObject({ code: 404, message: '企业不存在' });
    const approvedNote = await api<RecordApplicationDetail>(
      ctx.app,
      'GET',
      `/api/recordApplications/${a._id}`,
      {
        token: ent.token,
      },
    );
    expect(approvedNote.body.data.timeline.at(-1)).toMatchObject({ action: 'approve', note: '材料齐全' });
  });

  it('enterprise and institution users get 403 on every platform route; the operator may read but not decide', async () => {
    const ent = await enterprise();
    const d = await submitted(ent.token);
    const routes = [
      ['GET', '/api/platform/recordApplications'],
      ['GET', `/api/platform/recordApplications/${d._id}`],
      ['POST', `/api/platform/recordApplications/${d._id}/approve`],
      ['POST', `/api/platform/recordApplications/${d._id}/reject`],
      ['GET', `/api/platform/companies/${d.company_id}`],
    ] as const;
    for (const account of ['qiye', 'jigou']) {
      const { token } = await login(ctx.app, account);
      for (const [method, url] of routes) {
        const res = await api(ctx.app, method, url, {
          token,
          body: method === 'POST' ? { reason: 'x' } : undefined,
        });
        expect(res.status, `${account} ${method} ${url}`).toBe(403);
      }
    }
    const op = await login(ctx.app, 'yunying');
    expect(
      (await api(ctx.app, 'GET', '/api/platform/recordApplications', { token: op.token })).body.code,
    ).toBe(200);
    expect(
      (await api(ctx.app, 'GET', `/api/platform/companies/${d.company_id}`, { token: op.token })).body.code,
    ).toBe(200);
    for (const action of ['approve', 'reject']) {
      const res = await api(ctx.app, 'POST', `/api/platform/recordApplications/${d._id}/${action}`, {
        token: op.token,
        body: { reason: '不行' },
      });
      expect(res.body).toMatchObject({ code: 403, message: '没有权限执行此操作' });
    }
    const still = await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${d._id}`, {
      token: ent.token,
    });
    expect(still.body.data.status).toBe(1);
  });
});
