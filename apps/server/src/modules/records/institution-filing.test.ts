import { NO_APPROVED_INSTITUTION_FILING } from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationDetail, RecordApplicationRow } from '@skill-cert/shared/records';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondInstitution, smsLogin } from '../../../test/fixtures/institutions.ts';
import { filingBody } from '../../../test/fixtures/level-evaluations.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { companies } from '../companies/tables.ts';
import { findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const platform = async () => (await login(ctx.app, 'pingtai')).token;
const base = '/api/institution/recordApplications';

async function file(token: string, body: object = filingBody()) {
  const res = await api<RecordApplicationDetail>(ctx.app, 'POST', base, { token, body });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

describe("备案中心: the institution's filing", () => {
  it('is a record application of kind 2 (社会培训评价组织), listed in the platform queue with its kind', async () => {
    const token = await jigou();
    const filed = await file(token);
    expect(filed.status_text).toBe('待审核');
    const own = await api<Paged<RecordApplicationRow>>(ctx.app, 'GET', base, { token });
    expect(own.body.data.list.map((r) => [r._id, r.kind, r.kind_text])).toEqual([
      [filed._id, 2, '社会培训评价组织'],
    ]);
    const enterprise = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
      token: (await login(ctx.app, 'qiye')).token,
      body: filingBody(),
    });
    const admin = await platform();
    const queue = await api<Paged<RecordApplicationRow>>(ctx.app, 'GET', '/api/platform/recordApplications', {
      token: admin,
    });
    expect(
      queue.body.data.list.map((r) => [r._id, r.kind_text]).sort((a, b) => a[0].localeCompare(b[0])),
    ).toEqual(
      [
        [filed._id, '社会培训评价组织'],
        [enterprise.body.data._id, '用人单位'],
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    const institutions = await api<Paged<RecordApplicationRow>>(
      ctx.app,
      'GET',
      '/api/platform/recordApplications?kind=2',
      { token: admin },
    );
    expect(institutions.body.data.list.map((r) => r._id)).toEqual([filed._id]);
    const bad = await api(ctx.app, 'GET', '/api/platform/recordApplications?kind=3', { token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, '备案类型只能是 1 或 2']);
  });

  it("the platform's approval in the same queue gives the institution its code and its sites their codes, and tells its staff", async () => {
    const token = await jigou();
    const filed = await file(token);
    const approved = await api<RecordApplicationDetail>(
      ctx.app,
      'POST',
      `/api/platform/recordApplications/${filed._id}/approve`,
      { token: await platform(), body: {} },
    );
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data.sites.every((s) => /^\d+$/.test(s.site_code ?? ''))).toBe(true);
    const institution = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
    const [row] = await ctx.app.db.select().from(companies).where(eq(companies.id, institution));
    expect(row.institutionCode).toMatch(/^\d{4}$/);
    const inbox = await api<{ list: { data: { _id: string | null; template_key: string | null } }[] }>(
      ctx.app,
      'GET',
      '/api/message',
      { token },
    );
    expect(inbox.body.data.list[0].data).toEqual({
      _id: filed._id,
      template_key: 'record_application_decided',
    });
  });

  it('keeps the enterprise rules: a draft is edited and deleted, a submitted one is not deleted', async () => {
    const token = await jigou();
    const draft = await file(token, { ...filingBody(), submit: false });
    expect(draft.status_text).toBe('草稿');
    const patched = await api<RecordApplicationDetail>(ctx.app, 'PATCH', `${base}/${draft._id}`, {
      token,
      body: { ...filingBody(), submit: false, evaluation_basis: 1 },
    });
    expect(patched.body.code, patched.body.message).toBe(200);
    const submitted = await api<RecordApplicationDetail>(ctx.app, 'POST', `${base}/${draft._id}/submit`, {
      token,
    });
    expect(submitted.body.data.status_text).toBe('待审核');
    const deleted = await api(ctx.app, 'DELETE', `${base}/${draft._id}`, { token });
    expect(deleted.status).toBe(400);
    const other = await file(token, { ...filingBody(), submit: false });
    expect((await api(ctx.app, 'DELETE', `${base}/${other._id}`, { token })).body.code).toBe(200);
  });

  it("another institution's filing, or an enterprise's, is 404 as if missing", async () => {
    const filed = await file(await jigou());
    const enterprise = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
      token: (await login(ctx.app, 'qiye')).token,
      body: filingBody(),
    });
    const b = await secondInstitution(ctx);
    for (const id of [filed._id, enterprise.body.data._id])
      for (const [method, url] of [
        ['GET', `${base}/${id}`],
        ['PATCH', `${base}/${id}`],
        ['POST', `${base}/${id}/submit`],
        ['DELETE', `${base}/${id}`],
      ] as const) {
        const res = await api(ctx.app, method, url, {
          token: b.token,
          body: method === 'PATCH' ? filingBody() : undefined,
        });
        expect([method, res.status, res.body.message]).toEqual([method, 404, '备案申请不存在']);
      }
    expect((await api<Paged<unknown>>(ctx.app, 'GET', base, { token: b.token })).body.data.list).toEqual([]);
  });

  it('an institution user cannot reach the enterprise filing routes, nor an enterprise user these', async () => {
    const asInstitution = await api(ctx.app, 'GET', '/api/recordApplications', { token: await jigou() });
    expect([asInstitution.status, asInstitution.body.message]).toEqual([403, '仅企业端可以执行此操作']);
    const asEnterprise = await api(ctx.app, 'GET', base, { token: (await login(ctx.app, 'qiye')).token });
    expect([asEnterprise.status, asEnterprise.body.message]).toEqual([403, '仅机构端可以执行此操作']);
  });

  it('writing needs institution:record:edit: a member without it reads but cannot file', async () => {
    const token = await jigou();
    const roles = await api<{ _id: string }>(ctx.app, 'POST', '/api/institution/roles', {
      token,
      body: { name: '备案查看', remark: null },
    });
    const menus = await api<{ _id: string; key: string | null; children: unknown[] }[]>(
      ctx.app,
      'GET',
      '/api/institution/menus',
      { token },
    );
    const page = menus.body.data.find((m) => m.key === 'institution:record:list')!;
    await api(ctx.app, 'PUT', `/api/institution/roles/${roles.body.data._id}/menus`, {
      token,
      body: { menu_ids: [page._id] },
    });
    await api(ctx.app, 'POST', '/api/institution/staff', {
      token,
      body: { name: '蒋查看', phone: '13922220021', role_ids: [roles.body.data._id] },
    });
    const member = await smsLogin(ctx, '13922220021');
    expect((await api(ctx.app, 'GET', base, { token: member.token })).body.code).toBe(200);
    const write = await api(ctx.app, 'POST', base, { token: member.token, body: filingBody() });
    expect([write.status, write.body.message]).toEqual([403, '没有权限执行此操作']);
  });

  it('test plans answer the code-61 notice until the filing is approved, then open', async () => {
    const token = await jigou();
    const before = await api(ctx.app, 'GET', '/api/testPlans', { token });
    expect([before.body.code, before.body.message]).toEqual([61, NO_APPROVED_INSTITUTION_FILING]);
    const filed = await file(token);
    const pending = await api(ctx.app, 'GET', '/api/testPlans', { token });
    expect(pending.body.code).toBe(61);
    await api(ctx.app, 'POST', `/api/platform/recordApplications/${filed._id}/approve`, {
      token: await platform(),
      body: {},
    });
    expect((await api(ctx.app, 'GET', '/api/testPlans', { token })).body.code).toBe(200);
  });
});
