import type { GrantCertificateRow, GrantDetail } from '@skill-cert/shared/certificate-grants';
import {
  ISSUE_DATE_GRACE_DAYS,
  NATIONAL_TEMPLATE_ID,
  type ReissueResult,
} from '@skill-cert/shared/certificates';
import type { PublicCertificate } from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { addDays, formatDate } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  seedFilingWithCodes,
  seedGrantablePlan,
  waitForGrant,
} from '../../../test/fixtures/certificate-grants.ts';
import {
  enterpriseToken,
  otherCompanyToken,
  watchProgress,
} from '../../../test/fixtures/custom-certificates.ts';
import { companyOf } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { CERTIFICATE_NOT_FOUND } from './reissue.ts';
import { certificates } from './tables.ts';

// Renders the certificates it reissues in worker threads: long work (test/time-limits.ts).
allowRendering();

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

describe('POST /api/certificates/{id}/reissue', () => {
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
    const tomorrow = addDays(formatDate(new Date()), 1);
    const again = await reissue(res.body.data._id, admin, { reason: '再次损坏', issue_date: tomorrow });
    expect(again.body.data.certificate_no).toBe(`Y000111000001${year}4000002`);
    expect((await row(again.body.data._id)).issueDate).toBe(tomorrow);
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

  it('an impossible issue date (2026-02-30) is 400 naming 发证日期, and nothing changes', async () => {
    const res = await reissue(rows[0]._id, admin, { reason: '证书损坏', issue_date: '2026-02-30' });
    expect([res.status, res.body.message]).toEqual([400, '发证日期不是有效日期：2026-02-30 这一天不存在']);
    expect((await row(rows[0]._id)).status).toBe(1);
  });

  it('the issue date follows the grant rule: not before the replaced certificate’s, not after today plus the grace', async () => {
    for (const day of ['0099-06-01', '1899-06-01', '9999-12-31']) {
      const res = await reissue(rows[0]._id, admin, { reason: '证书损坏', issue_date: day });
      expect([day, res.status, res.body.message]).toEqual([day, 400, '发证日期的年份应在1900至2100之间']);
    }
    const early = await reissue(rows[0]._id, admin, { reason: '证书损坏', issue_date: '2025-05-31' });
    expect([early.status, early.body.message]).toEqual([400, '发证日期不能早于原证书的发证日期']);
    const latest = addDays(formatDate(new Date()), ISSUE_DATE_GRACE_DAYS);
    const late = await reissue(rows[0]._id, admin, { reason: '证书损坏', issue_date: addDays(latest, 1) });
    expect([late.status, late.body.message]).toEqual([
      400,
      `发证日期不能晚于${latest}（今天起${ISSUE_DATE_GRACE_DAYS}天内）`,
    ]);
    expect((await row(rows[0]._id)).status).toBe(1);
    const progress = watchProgress();
    try {
      const ok = await reissue(rows[0]._id, admin, { reason: '证书损坏', issue_date: '2025-06-01' });
      expect(ok.body.code, ok.body.message).toBe(200);
      await progress.recorded(grant._id, 1);
    } finally {
      progress.stop();
    }
  });

  it('undoing a revocation by a reissue is told on both public pages, with the reason and the revocation day', async () => {
    await ctx.app.db
      .update(certificates)
      .set({ status: 2, revokeReason: '信息有误', revokedAt: new Date('2026-07-02T01:00:00Z') })
      .where(eq(certificates.id, rows[1]._id));
    const progress = watchProgress();
    let fresh = '';
    try {
      const res = await reissue(rows[1]._id, admin, { reason: '经复核，撤销有误，予以恢复' });
      expect(res.body.code, res.body.message).toBe(200);
      fresh = res.body.data._id;
      await progress.recorded(grant._id, 1);
    } finally {
      progress.stop();
    }
    const page = async (id: string) =>
      (await api<PublicCertificate>(ctx.app, 'GET', `/api/public/certificates/${id}`)).body.data;
    expect(await page(rows[1]._id)).toMatchObject({
      status: 3,
      revoked_date: '2026-07-02',
      replaced_by_id: fresh,
      reinstated: { revoked_date: '2026-07-02', reason: '经复核，撤销有误，予以恢复', other_id: fresh },
    });
    expect(await page(fresh)).toMatchObject({
      status: 1,
      valid: true,
      reinstated: { revoked_date: '2026-07-02', reason: '经复核，撤销有误，予以恢复', other_id: rows[1]._id },
    });
    // A reissue of a certificate that was never revoked undoes nothing.
    expect((await page(rows[0]._id)).reinstated).toBeNull();
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
