import type { PublicCertificate } from '@skill-cert/shared/custom-certificates';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedCertificate } from '../../../test/fixtures/certificates.ts';
import { enterpriseToken } from '../../../test/fixtures/custom-certificates.ts';
import { companyOf } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { PUBLIC_NOT_FOUND, SEARCH_NOT_FOUND } from './public-page.ts';
import { certificates } from './tables.ts';

const ctx = useTestApp();
let companyId = '';
beforeEach(async () => {
  companyId = await companyOf(ctx.app.db, 'qiye');
});

const page = (id: string) => api<PublicCertificate>(ctx.app, 'GET', `/api/public/certificates/${id}`);
/** Each search test from its own address: the limit counts per address across the file. */
let address = 0;
const search = (query: string, ip = `10.0.0.${++address}`) =>
  api<{ _id: string }>(ctx.app, 'GET', `/api/public/certificateSearch?${query}`, { ip });
const q = (no: string, name: string) =>
  `certificate_no=${encodeURIComponent(no)}&name=${encodeURIComponent(name)}`;

describe('GET /api/public/certificates/{id}', () => {
  it('a valid granted certificate: the national fields, the ID number masked, the issuer and date, 有效', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 7, { workType: null });
    const res = await page(c.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: c.id,
      holder_name: '张三',
      id_card_masked: `${c.idNumber.slice(0, 4)}**********${c.idNumber.slice(-4)}`,
      issuer: '示例智能制造有限公司',
      issue_date: '2026-06-01',
      template_name: '职业技能等级证书',
      certificate_no: c.certificateNo,
      valid: true,
      status: 1,
      status_text: '有效',
      revoked_date: null,
      replaced_by_id: null,
    });
    expect(res.body.data.fields).toEqual([
      { label: '证件类型', value: '居民身份证' },
      { label: '职业名称', value: '电工' },
      { label: '工种/职业方向', value: '--' },
      { label: '职业技能等级', value: '四级/中级工' },
      { label: '评价机构名称', value: '示例智能制造有限公司' },
      { label: '证书编号', value: c.certificateNo },
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain(c.idNumber);
  });

  it('a revoked certificate says 已撤销 with the date of revocation, and is not valid', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1, {
      status: 2,
      revokedAt: new Date('2026-07-02T01:00:00Z'),
      revokeReason: '信息有误',
    });
    const res = await page(c.id);
    expect(res.body.data).toMatchObject({
      valid: false,
      status: 2,
      status_text: '已撤销',
      revoked_date: '2026-07-02',
    });
    // The reason is the company's business, not the public's.
    expect(JSON.stringify(res.body.data)).not.toContain('信息有误');
  });

  it('a replaced certificate says 已换发 and names the certificate that replaced it', async () => {
    const old = await seedCertificate(ctx.app.db, companyId, 1, { status: 3 });
    const fresh = await seedCertificate(ctx.app.db, companyId, 2, { replacesId: old.id });
    await ctx.app.db.update(certificates).set({ replacedById: fresh.id }).where(eq(certificates.id, old.id));
    expect((await page(old.id)).body.data).toMatchObject({
      valid: false,
      status: 3,
      status_text: '已换发',
      replaced_by_id: fresh.id,
    });
    expect((await page(fresh.id)).body.data).toMatchObject({ valid: true, replaced_by_id: null });
  });

  it('a draft (not yet confirmed), an unknown and a malformed id answer 404 without holder details', async () => {
    const draft = await seedCertificate(ctx.app.db, companyId, 1, { status: 0 });
    for (const id of [draft.id, '0190a000-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await page(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: PUBLIC_NOT_FOUND, data: null });
    }
  });
});

describe('GET /api/public/certificateSearch', () => {
  it('finds an issued certificate when the number and the name both match', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1, { holderName: '李四' });
    const res = await search(q(` ${c.certificateNo} `, '李四'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: c.id });
  });

  it('answers one 404 when either part is wrong, and for a draft: it never says which part failed', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1, { holderName: '李四' });
    const draft = await seedCertificate(ctx.app.db, companyId, 2, { holderName: '王五', status: 0 });
    for (const query of [
      q(c.certificateNo!, '李'),
      q(c.certificateNo!, '张三'),
      q(`${c.certificateNo!.slice(0, -1)}9`, '李四'),
      q(draft.certificateNo!, '王五'),
    ]) {
      const res = await search(query);
      expect([query, res.status, res.body.message]).toEqual([query, 404, SEARCH_NOT_FOUND]);
    }
  });

  it('both parts are required, in Chinese', async () => {
    expect((await search('name=李四')).body.message).toBe('请输入证书编号');
    expect((await search('certificate_no=Y0001&name=')).body.message).toBe('请输入姓名');
  });

  it('allows 10 searches a minute per address, then 429 in Chinese; another address is not affected', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1, { holderName: '李四' });
    for (let i = 0; i < 10; i++)
      expect((await search(q(c.certificateNo!, '李四'), '10.9.9.9')).status).toBe(200);
    const limited = await search(q(c.certificateNo!, '李四'), '10.9.9.9');
    expect([limited.status, limited.body.message]).toEqual([429, '请求过于频繁，请稍后再试']);
    expect((await search(q(c.certificateNo!, '李四'), '10.9.9.10')).status).toBe(200);
  });

  it('the enterprise token changes nothing: the search is public', async () => {
    const token = await enterpriseToken(ctx.app);
    const c = await seedCertificate(ctx.app.db, companyId, 1, { holderName: '李四' });
    const res = await api(ctx.app, 'GET', `/api/public/certificateSearch?${q(c.certificateNo!, '李四')}`, {
      token,
      ip: '10.8.8.8',
    });
    expect(res.status).toBe(200);
  });
});
