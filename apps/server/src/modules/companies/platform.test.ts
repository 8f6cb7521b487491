import type { CompanyInfo } from '@skill-cert/shared/company';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';

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
