import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondEnterprise } from '../../../test/fixtures/companies.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { companies } from '../companies/tables.ts';
import { findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();

const person = (name: string, id_number: string) => ({
  name,
  id_number,
  phone: '13912345678',
  qualification: '电工 二级/技师',
});

const body = (sites = 2) => ({
  scopes: [{ occupation_code: '6-31-01-03', levels: [4, 3] }],
  evaluation_basis: 1,
  sites: Array.from({ length: sites }, (_, i) => ({
    name: `实训楼${i + 1}`,
    region_code: '330106',
    address: `文三路 ${i + 1} 号`,
  })),
  examiners: [person('张考评', '110101198001010010')],
  supervisors: [person('李督导', '330106199002150020')],
  submit: true,
});

async function submitted(token: string, sites = 2): Promise<RecordApplicationDetail> {
  const res = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
    token,
    body: body(sites),
  });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

const approve = (token: string, id: string, payload?: unknown) =>
  api<RecordApplicationDetail>(ctx.app, 'POST', `/api/platform/recordApplications/${id}/approve`, {
    token,
    body: payload,
  });

const codesOf = (d: RecordApplicationDetail) => ({
  institution_code: d.institution_code,
  province_code: d.province_code,
  codes_proposed: d.codes_proposed,
  sites: d.sites.map((s) => s.site_code),
});

async function companyOf(account: string) {
  const user = await findUserByAccount(ctx.app.db, account);
  return user?.companyId as string;
}

describe('institution and site codes of a filing', () => {
  it('the reviewer sees the proposed codes; approval assigns them; the enterprise sees them only once approved', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { token: reviewer } = await login(ctx.app, 'pingtai');
    const d = await submitted(token);
    expect(codesOf(d)).toEqual({
      institution_code: null,
      province_code: null,
      codes_proposed: false,
      sites: [null, null],
    });
    const review = await api<RecordApplicationDetail>(
      ctx.app,
      'GET',
      `/api/platform/recordApplications/${d._id}`,
      { token: reviewer },
    );
    // qiye's company is in 110108 (北京): province 11.
    expect(codesOf(review.body.data)).toEqual({
      institution_code: '0001',
      province_code: '11',
      codes_proposed: true,
      sites: ['000001', '000002'],
    });
    const approved = await approve(reviewer, d._id);
    expect(approved.body.code).toBe(200);
    expect(codesOf(approved.body.data)).toMatchObject({ institution_code: '0001', codes_proposed: false });
    const own = await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${d._id}`, {
      token,
    });
    expect(codesOf(own.body.data)).toEqual({
      institution_code: '0001',
      province_code: '11',
      codes_proposed: false,
      sites: ['000001', '000002'],
    });
  });

  it('the reviewer may change the proposal before approving', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { token: reviewer } = await login(ctx.app, 'pingtai');
    const d = await submitted(token);
    const res = await approve(reviewer, d._id, {
      institution_code: '4321',
      site_codes: [{ site_id: d.sites[1]._id, site_code: '000007' }],
    });
    expect(res.body.code).toBe(200);
    // The site not typed takes the next free code.
    expect(codesOf(res.body.data)).toMatchObject({ institution_code: '4321', sites: ['000001', '000007'] });
  });

  it('refuses codes of the wrong form, in Chinese naming the field', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { token: reviewer } = await login(ctx.app, 'pingtai');
    const d = await submitted(token);
    const bad = await approve(reviewer, d._id, { institution_code: '12a' });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining('评价机构代码应为4位数字')]);
    const badSite = await approve(reviewer, d._id, {
      site_codes: [{ site_id: d.sites[0]._id, site_code: '123' }],
    });
    expect([badSite.status, badSite.body.message]).toEqual([
      400,
      expect.stringContaining('考核站点代码应为6位数字'),
    ]);
    const twice = await approve(reviewer, d._id, {
      site_codes: [
        { site_id: d.sites[0]._id, site_code: '000005' },
        { site_id: d.sites[1]._id, site_code: '000005' },
      ],
    });
    expect([twice.status, twice.body.message]).toEqual([
      400,
      '考核场地「实训楼2」：考核站点代码 000005 重复',
    ]);
    // Nothing was assigned by the refused approvals.
    const [company] = await ctx.app.db
      .select({ code: companies.institutionCode })
      .from(companies)
      .where(eq(companies.id, await companyOf('qiye')));
    expect(company.code).toBeNull();
  });

  it('an institution code is unique among companies; a company keeps the one it has', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { token: reviewer } = await login(ctx.app, 'pingtai');
    const other = await secondEnterprise(ctx);
    const first = await submitted(other.token, 1);
    expect((await approve(reviewer, first._id, { institution_code: '0001' })).body.code).toBe(200);

    const d = await submitted(token, 1);
    const taken = await approve(reviewer, d._id, { institution_code: '0001' });
    expect([taken.status, taken.body.message]).toEqual([400, '评价机构代码 0001 已被其他企业使用，请换一个']);
    // The proposal skips the taken code.
    expect((await approve(reviewer, d._id)).body.data.institution_code).toBe('0002');

    // A second filing of the same company: the code stays; its sites continue the company's numbering.
    const again = await submitted(token, 1);
    const changed = await approve(reviewer, again._id, { institution_code: '0009' });
    expect([changed.status, changed.body.message]).toEqual([400, '该企业已有评价机构代码 0002，不能修改']);
    const usedSite = await approve(reviewer, again._id, {
      site_codes: [{ site_id: again.sites[0]._id, site_code: '000001' }],
    });
    expect([usedSite.status, usedSite.body.message]).toEqual([
      400,
      '考核场地「实训楼1」：考核站点代码 000001 已被本企业的其他考核场地使用',
    ]);
    expect(codesOf((await approve(reviewer, again._id)).body.data)).toMatchObject({
      institution_code: '0002',
      sites: ['000002'],
    });
  });
});
