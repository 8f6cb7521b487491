import type { CompanyInfo } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';
import { companies } from './tables.ts';

const ctx = useTestApp();

describe('platform company administration', () => {
  it('lists companies with search and status filter', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const all = await api<{ list: CompanyInfo[]; meta: { total: number } }>(
      ctx.app,
      'GET',
      '/api/platform/companies',
      { token },
    );
    expect(all.body.data.meta.total).toBe(2);
    const found = await api<{ list: CompanyInfo[] }>(
      ctx.app,
      'GET',
      `/api/platform/companies?keyword=${encodeURIComponent('智能制造')}`,
      { token },
    );
    expect(found.body.data.list.map((c) => c.name)).toEqual(['示例智能制造有限公司']);
  });

  const list = async (token: string, query = '') =>
    (await api<Paged<CompanyInfo>>(ctx.app, 'GET', `/api/platform/companies${query}`, { token })).body;

  it('tells enterprises (企业) from institutions (培训评价机构) and filters by type', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const all = await list(token);
    expect(Object.fromEntries(all.data.list.map((c) => [c.name, [c.type, c.type_text]]))).toEqual({
      示例智能制造有限公司: [1, '企业'],
      示例职业技能培训评价中心: [2, '培训评价机构'],
    });
    expect((await list(token, '?type=1')).data.list.map((c) => c.name)).toEqual(['示例智能制造有限公司']);
    expect((await list(token, '?type=2')).data.list.map((c) => c.name)).toEqual(['示例职业技能培训评价中心']);
    expect((await list(token, '?type=3')).code).toBe(400);
  });

  it('filters by status: 正常 (1) and 已冻结 (0)', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const companyId = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
    await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/freeze`, { token });
    expect((await list(token, '?status=0')).data.list.map((c) => c.name)).toEqual([
      '示例职业技能培训评价中心',
    ]);
    expect((await list(token, '?status=1')).data.list.map((c) => c.name)).toEqual(['示例智能制造有限公司']);
    expect((await list(token, '?status=1&type=2')).data.list).toEqual([]);
    expect((await list(token, '?status=2')).code).toBe(400);
  });

  it('pages newest first with the meta of spec §9, and searches % and _ literally', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const base = Date.parse('2026-02-01T00:00:00Z');
    await ctx.app.db.insert(companies).values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `分页企业${String(i + 1).padStart(2, '0')}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await list(token, '?per_page=10&page=1');
    expect(first.data.meta).toEqual({ total: 14, count: 14, page: 1, per_page: 10, last_page: 2 });
    expect(first.data.list).toHaveLength(10);
    const second = await list(token, '?per_page=10&page=2');
    expect(second.data.list).toHaveLength(4);
    const names = [...first.data.list, ...second.data.list].map((c) => c.name);
    expect(new Set(names).size).toBe(14);
    expect(second.data.list.map((c) => c.name)).toEqual([
      '分页企业04',
      '分页企业03',
      '分页企业02',
      '分页企业01',
    ]);
    expect((await list(token, '?per_page=20')).data.list).toHaveLength(14);
    expect((await list(token, '?per_page=15')).code).toBe(400);
    // A keyword of % or _ matches those characters, not everything.
    expect((await list(token, `?keyword=${encodeURIComponent('%')}`)).data.meta.total).toBe(0);
    expect((await list(token, `?keyword=${encodeURIComponent('分页企业0_')}`)).data.meta.total).toBe(0);
    expect((await list(token, `?keyword=${encodeURIComponent('分页企业0')}`)).data.meta.total).toBe(9);
  });

  it('freezing shows the enterprise users a notice (code 61) instead of their screens; unfreezing restores them', async () => {
    const admin = await login(ctx.app, 'pingtai');
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    expect(
      (await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/freeze`, { token: admin.token })).body
        .message,
    ).toBe('已冻结');
    const { token } = await login(ctx.app, 'qiye');
    const frozen = await api(ctx.app, 'GET', '/api/companies/members', { token });
    expect(frozen.status).toBe(200);
    expect(frozen.body).toEqual({
      code: 61,
      message: '您所在的企业已被平台冻结，暂不能使用该功能，请联系平台管理员',
      data: null,
    });
    expect(
      (await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/unfreeze`, { token: admin.token }))
        .body.message,
    ).toBe('已解冻');
    expect((await api(ctx.app, 'GET', '/api/companies/members', { token })).body.code).toBe(200);
  });

  it('the operator role may list but not freeze; an enterprise user may do neither', async () => {
    const op = await login(ctx.app, 'yunying');
    expect((await api(ctx.app, 'GET', '/api/platform/companies', { token: op.token })).body.code).toBe(200);
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    expect(
      (await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/freeze`, { token: op.token })).status,
    ).toBe(403);
    const ent = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'GET', '/api/platform/companies', { token: ent.token })).status).toBe(403);
  });
});
