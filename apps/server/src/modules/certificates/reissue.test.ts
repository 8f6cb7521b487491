import { NATIONAL_TEMPLATE_ID, type ReissueResult } from '@skill-cert/shared/certificate';
import type { GrantCertificateRow, GrantDetail } from '@skill-cert/shared/certificateGrant';
import type { Paged } from '@skill-cert/shared/pagination';
import { formatDate } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../../test/harness.ts';
import { seedFilingWithCodes, seedGrantablePlan, waitForGrant } from '../certificate-grants/test-grants.ts';
import { enterpriseToken, otherCompanyToken, watchProgress } from '../custom-certificates/test-fixtures.ts';
import { companyOf } from '../level-evaluations/test-plans.ts';
import { CERTIFICATE_NOT_FOUND } from './reissue.ts';
import { certificates } from './tables.ts';

const ctx = useTestApp();
let admin = '';
let grant: GrantDetail;
let rows: GrantCertificateRow[];

/** A confirmed grant of two certificates of qiye. */
beforeEach(async () => {
  admin = await enterpriseToken(ctx.app);
  const { planId } = await seedGrantablePlan(ctx.app.db, await companyOf(ctx.app.db, 'qiye'), { passed: 2 });
  const res = await api<GrantDetail>(ctx.app, 'POST', '/api/certificateGrants', {
    token: admin,
    body: { evaluation_id: planId, template_id: NATIONAL_TEMPLATE_ID, issue_date: '2025-06-01' },
  });
  grant = await waitForGrant(ctx.app, admin, res.body.data._id);
  expect(
    (await api(ctx.app, 'POST', `/api/certificateGrants/${grant._id}/confirm`, { token: admin })).body.code,
  ).toBe(200);
  rows = (
    await api<Paged<GrantCertificateRow>>(
      ctx.app,
      'GET',
      `/api/certificateGrants/${grant._id}/certificates`,
      {
        token: admin,
      },
    )
  ).body.data.list;
});

const reissue = (id: string, token = admin, body: unknown = { reason: '证书损坏' }) =>
  api<ReissueResult>(ctx.app, 'POST', `/api/certificates/${id}/reissue`, { token, body });

const row = async (id: string) =>
  (await ctx.app.db.select().from(certificates).where(eq(certificates.id, id)))[0];

describe('POST /api/certificates/{id}/reissue (issue 21 point 6)', () => {
  it('replaces a valid certificate: the old is 已换发, the new is 有效 at once with a new number of the same prefix and this year, rendered in the background', async () => {
    const old = rows[0];
    expect(old.certificate_no).toBe('Y000111000001254000001');
    const progress = watchProgress();
    let res: Awaited<ReturnType<typeof reissue>>;
    try {
      res = await reissue(old._id);
      expect(res.body.code, res.body.message).toBe(200);
      await progress.recorded(grant._id, 1);
    } finally {
      progress.stop();
    }
    const year = formatDate(new Date()).slice(2, 4);
    expect(res.body.data.certificate_no).toBe(`Y000111000001${year}4000001`);
    const before = await row(old._id);
    const after = await row(res.body.data._id);
    expect(before).toMatchObject({ status: 3, replacedById: after.id });
    expect(after).toMatchObject({
      status: 1,
      replacesId: before.id,
      holderName: before.holderName,
      idNumber: before.idNumber,
      occupationCode: before.occupationCode,
      level: before.level,
      sourceId: grant._id,
      reissueReason: '证书损坏',
      produceStatus: 1,
      issueDate: formatDate(new Date()),
    });
    expect(after.confirmedAt).not.toBeNull();
    expect(after.certificateNo).toBe(res.body.data.certificate_no);
    // The grant counts it; a second reissue of the same year continues the serial.
    const detail = await api<GrantDetail>(ctx.app, 'GET', `/api/certificateGrants/${grant._id}`, {
      token: admin,
    });
    expect(detail.body.data).toMatchObject({ total: 3, success_count: 3, status: 2 });
    const again = await reissue(res.body.data._id, admin, { reason: '再次损坏', issue_date: '2026-01-05' });
    expect(again.body.data.certificate_no).toBe(`Y000111000001${year}4000002`);
    expect((await row(again.body.data._id)).issueDate).toBe('2026-01-05');
  });

  it('reissues a revoked certificate too; a replaced one is refused', async () => {
    await ctx.app.db
      .update(certificates)
      .set({ status: 2, revokeReason: '信息有误', revokedAt: new Date() })
      .where(eq(certificates.id, rows[1]._id));
    const res = await reissue(rows[1]._id);
    expect(res.body.code).toBe(200);
    expect((await row(rows[1]._id)).status).toBe(3);
    const twice = await reissue(rows[1]._id);
    expect([twice.status, twice.body.message]).toEqual([400, '该证书已换发，请对换发后的新证书操作']);
  });

  it('needs a reason; members get 403; a draft or another company’s certificate is 404', async () => {
    const noReason = await reissue(rows[0]._id, admin, {});
    expect([noReason.status, noReason.body.message]).toEqual([400, '请输入换发原因']);
    const member = await enterpriseToken(ctx.app, 'duojuese');
    const refused = await reissue(rows[0]._id, member);
    expect([refused.status, refused.body.message]).toEqual([403, '仅企业管理员可以执行此操作']);
    const other = await otherCompanyToken(ctx.app);
    await seedFilingWithCodes(ctx.app.db, await companyOf(ctx.app.db, 'xinqiye'), { institution: '0002' });
    const foreign = await reissue(rows[0]._id, other);
    expect([foreign.status, foreign.body.message]).toEqual([404, CERTIFICATE_NOT_FOUND]);
    await ctx.app.db.update(certificates).set({ status: 0 }).where(eq(certificates.id, rows[0]._id));
    const draft = await reissue(rows[0]._id);
    expect([draft.status, draft.body.message]).toEqual([404, CERTIFICATE_NOT_FOUND]);
    expect((await row(rows[0]._id)).status).toBe(0);
  });
});
