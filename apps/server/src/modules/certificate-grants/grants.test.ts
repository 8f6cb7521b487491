import type {
  GrantCertificateRow,
  GrantDetail,
  GrantOptions,
  GrantRow,
} from '@skill-cert/shared/certificate-grants';
import {
  CERTIFICATE_NO,
  CertificateStatus,
  ISSUE_DATE_GRACE_DAYS,
  NATIONAL_TEMPLATE_ID,
} from '@skill-cert/shared/certificates';
import { EvaluationStatus } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { addDays, formatDate } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jpeg } from '../../../test/fixtures/certificate-engine.ts';
import {
  getGrant,
  seedFilingWithCodes,
  seedGrantablePlan,
  waitForGrant,
} from '../../../test/fixtures/certificate-grants.ts';
import { seedConfirmedGrant } from '../../../test/fixtures/certificate-grants-confirmed.ts';
import {
  enterpriseToken,
  otherCompanyToken,
  upload,
  watchProgress,
} from '../../../test/fixtures/custom-certificates.ts';
import { GRANTABLE_PLAN_DATES } from '../../../test/fixtures/level-evaluations-grant-plans.ts';
import { companyOf, seedApprovedFiling } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { certificates } from '../certificates/tables.ts';
import { companies } from '../companies/tables.ts';
import { PLAN_NOT_FOUND } from '../level-evaluations/plans.ts';
import { levelEvaluations } from '../level-evaluations/tables.ts';
import { messages } from '../messages/tables.ts';
import { CERTIFICATE_NOT_FOUND, GRANT_NOT_FOUND } from './grants.ts';
import { certificateGrants } from './tables.ts';

// Renders in worker threads (tickets or certificates): long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();
let admin = '';
let companyId = '';
beforeEach(async () => {
  admin = await enterpriseToken(ctx.app);
  companyId = await companyOf(ctx.app.db, 'qiye');
});

const start = (token: string, body: Record<string, unknown>) =>
  api<GrantDetail>(ctx.app, 'POST', '/api/certificateGrants', {
    token,
    body: { template_id: NATIONAL_TEMPLATE_ID, issue_date: '2026-11-20', ...body },
  });

async function started(planId: string, body: Record<string, unknown> = {}): Promise<GrantDetail> {
  const res = await start(admin, { evaluation_id: planId, ...body });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

const certificatesOf = async (grantId: string, token = admin, query = '') =>
  (
    await api<Paged<GrantCertificateRow>>(
      ctx.app,
      'GET',
      `/api/certificateGrants/${grantId}/certificates?per_page=50${query}`,
      { token },
    )
  ).body.data.list;

describe('GET /api/certificateGrants/options', () => {
  it('shows the plan, the national template first, the 合格 candidates with their photo flag, and no blocker', async () => {
    const photo = await upload(ctx.app, admin, '照片.jpg', jpeg(295, 413), 'image');
    const { planId, candidateIds } = await seedGrantablePlan(ctx.app.db, companyId, {
      passed: 3,
      photoFileId: photo,
      withPhoto: 2,
    });
    const res = await api<GrantOptions>(
      ctx.app,
      'GET',
      `/api/certificateGrants/options?evaluation_id=${planId}`,
      {
        token: admin,
      },
    );
    expect(res.body.data.evaluation).toMatchObject({
      _id: planId,
      level: 4,
      level_name: '四级/中级工',
      status: 5,
    });
    expect(res.body.data.templates[0]).toEqual({ _id: 'national', name: '职业技能等级证书', national: true });
    expect(res.body.data.candidates.map((c) => [c._id, c.has_photo])).toEqual([
      [candidateIds[0], true],
      [candidateIds[1], true],
      [candidateIds[2], false],
    ]);
    expect(res.body.data.blocked_reason).toBeNull();
  });

  it('says why a plan cannot be granted: not 已通过, or the company has no institution code', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { status: EvaluationStatus.PUBLICITY });
    const res = await api<GrantOptions>(
      ctx.app,
      'GET',
      `/api/certificateGrants/options?evaluation_id=${planId}`,
      {
        token: admin,
      },
    );
    expect(res.body.data.blocked_reason).toBe('该评价计划公示中，只有已通过的评价计划可以发证');
    const passed = await seedGrantablePlan(ctx.app.db, companyId);
    await ctx.app.db.update(companies).set({ institutionCode: null }).where(eq(companies.id, companyId));
    const noCode = await api<GrantOptions>(
      ctx.app,
      'GET',
      `/api/certificateGrants/options?evaluation_id=${passed.planId}`,
      { token: admin },
    );
    expect(noCode.body.data.blocked_reason).toBe('企业尚未分配评价机构代码，请等待平台审核通过备案后再发证');
  });
});

describe('GET /api/certificateGrants', () => {
  it("reads a page, its total and the plans' names in one statement whatever the page size, a page read before in none", async () => {
    const filing = await seedFilingWithCodes(ctx.app.db, companyId);
    for (let i = 0; i < 55; i++) {
      const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 0, filing, firstId: i });
      await seedConfirmedGrant(ctx.app.db, companyId, planId, 0);
    }
    const { bySize, repeated } = await listStatements(ctx.app, admin, '/api/certificateGrants');
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it("a page read before shows a grant's progress and its plan's new name", async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 3 });
    const grantId = await seedConfirmedGrant(ctx.app.db, companyId, planId, 3);
    const rows = async (token = admin) =>
      (await api<Paged<GrantRow>>(ctx.app, 'GET', '/api/certificateGrants', { token })).body.data.list.map(
        (g) => [g.success_count, g.evaluation_name, g.level_name],
      );
    expect(await rows()).toEqual([[3, '电工四级评价', '四级/中级工']]);
    await ctx.app.db
      .update(certificateGrants)
      .set({ successCount: 2 })
      .where(eq(certificateGrants.id, grantId));
    expect(await rows()).toEqual([[2, '电工四级评价', '四级/中级工']]);
    await ctx.app.db
      .update(levelEvaluations)
      .set({ name: '电工四级评价（更正）' })
      .where(eq(levelEvaluations.id, planId));
    expect(await rows()).toEqual([[2, '电工四级评价（更正）', '四级/中级工']]);
    // Another company's same query reads its own page.
    const other = await otherCompanyToken(ctx.app);
    await seedApprovedFiling(ctx.app.db, await companyOf(ctx.app.db, 'xinqiye'));
    expect(await rows(other)).toEqual([]);
  });
});

describe('granting', () => {
  it('start → numbers allocated at once, drafts rendered in the background → 待确认 with a message → confirm → valid, plan 已发证', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 3 });
    const grant = await started(planId);
    expect(grant).toMatchObject({
      status: 0,
      total: 3,
      template_name: '职业技能等级证书',
      issue_date: '2026-11-20',
    });
    // Y + 0001 + 11 (北京) + 000001 + 26 + 4 + serial.
    expect([grant.first_no, grant.last_no]).toEqual(['Y000111000001264000001', 'Y000111000001264000003']);

    const done = await waitForGrant(ctx.app, admin, grant._id);
    expect(done).toMatchObject({ status: 1, status_text: '待确认', success_count: 3, failed_count: 0 });
    const [message] = await ctx.app.db
      .select()
      .from(messages)
      .where(eq(messages.templateKey, TemplateKey.LEVEL_CERTIFICATE_DONE));
    expect(message).toMatchObject({ relatedId: grant._id });
    expect(message.content).toContain('共 3 张，请核对后确认发证');

    const list = await certificatesOf(grant._id);
    expect(list.map((c) => [c.certificate_no, c.produce_status, c.status])).toEqual([
      ['Y000111000001264000001', 1, 0],
      ['Y000111000001264000002', 1, 0],
      ['Y000111000001264000003', 1, 0],
    ]);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/certificateGrants/${grant._id}/certificates/${list[0]._id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);

    const confirmed = await api<GrantDetail>(ctx.app, 'POST', `/api/certificateGrants/${grant._id}/confirm`, {
      token: admin,
    });
    expect(confirmed.body).toMatchObject({ code: 200, data: { status: 2, status_text: '已发证' } });
    expect(confirmed.body.data.confirm_time_str).not.toBeNull();
    const rows = await ctx.app.db.select().from(certificates).where(eq(certificates.sourceId, grant._id));
    expect(rows.every((r) => r.status === CertificateStatus.VALID && r.confirmedAt)).toBe(true);
    const [plan] = await ctx.app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, planId));
    expect(plan.status).toBe(EvaluationStatus.GRANTED);

    const zip = await ctx.app.inject({
      method: 'GET',
      url: `/api/certificateGrants/${grant._id}/downloadCertificateZip`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Named after the plan: {计划编号}_{计划名称}_证书.zip.
    expect(plan.planNo).toBeTruthy();
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`${plan.planNo}_${plan.name}_证书.zip`)}`,
    );
    for (const r of rows) expect(zip.rawPayload.includes(Buffer.from(`${r.certificateNo}_`))).toBe(true);

    const page = await api<Paged<GrantRow>>(ctx.app, 'GET', '/api/certificateGrants?status=2', {
      token: admin,
    });
    expect(page.body.data.list.map((g) => [g._id, g.total, g.evaluation_name])).toEqual([
      [grant._id, 3, '电工四级评价'],
    ]);
  });

  it('scope selected grants only the chosen 合格 candidates; a candidate of another plan is refused', async () => {
    const { planId, candidateIds } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 3 });
    const other = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1, firstId: 100 });
    const foreign = await start(admin, {
      evaluation_id: planId,
      scope: 'selected',
      candidate_ids: [candidateIds[0], other.candidateIds[0]],
    });
    expect([foreign.status, foreign.body.message]).toEqual([
      400,
      '所选考生中有不属于本计划的合格考生，请刷新后重新选择',
    ]);
    const none = await start(admin, { evaluation_id: planId, scope: 'selected', candidate_ids: [] });
    expect([none.status, none.body.message]).toEqual([400, '请至少选择一名考生']);
    const grant = await started(planId, { scope: 'selected', candidate_ids: [candidateIds[2]] });
    expect(grant.total).toBe(1);
    await waitForGrant(ctx.app, admin, grant._id);
    expect((await certificatesOf(grant._id)).map((c) => c.holder_name)).toEqual(['考生00003']);
  });

  it('refuses a plan not 已通过, a second grant of one plan, and a company without its codes (400, Chinese)', async () => {
    const inProgress = await seedGrantablePlan(ctx.app.db, companyId, {
      status: EvaluationStatus.IN_PROGRESS,
    });
    const notPassed = await start(admin, { evaluation_id: inProgress.planId });
    expect([notPassed.status, notPassed.body.message]).toEqual([
      400,
      '该评价计划进行中，只有已通过的评价计划可以发证',
    ]);

    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const first = await started(planId);
    const again = await start(admin, { evaluation_id: planId });
    expect([again.status, again.body.message]).toEqual([400, '该评价计划已发起发证，不能重复发证']);
    await waitForGrant(ctx.app, admin, first._id);

    const noSite = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    await ctx.app.db
      .update(levelEvaluations)
      .set({ siteId: null })
      .where(eq(levelEvaluations.id, noSite.planId));
    const siteless = await start(admin, { evaluation_id: noSite.planId });
    expect([siteless.status, siteless.body.message]).toEqual([
      400,
      '考核站点尚未分配考核站点代码，无法生成证书编号',
    ]);

    const bad = await start(admin, {
      evaluation_id: noSite.planId,
      template_id: '00000000-0000-7000-8000-000000000000',
    });
    expect(bad.status).toBe(400);
    const badDate = await start(admin, { evaluation_id: planId, issue_date: '2026-13-01' });
    expect([badDate.status, badDate.body.message]).toEqual([400, expect.stringContaining('发证日期')]);
  });

  it('an impossible issue date (2026-02-30) is 400 naming 发证日期, never a 500', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const res = await start(admin, { evaluation_id: planId, issue_date: '2026-02-30' });
    expect([res.status, res.body.message]).toEqual([400, '发证日期不是有效日期：2026-02-30 这一天不存在']);
  });

  it('an issue date outside 1900–2100 is refused (0099-06-01, 1899-06-01, 9999-12-31)', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    for (const day of ['0099-06-01', '1899-06-01', '9999-12-31']) {
      const res = await start(admin, { evaluation_id: planId, issue_date: day });
      expect([day, res.status, res.body.message]).toEqual([day, 400, '发证日期的年份应在1900至2100之间']);
    }
    expect(await ctx.app.db.select().from(certificateGrants)).toEqual([]);
  });

  it("an issue date before the evaluation's end is refused", async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const day = addDays(GRANTABLE_PLAN_DATES.end, -1);
    const res = await start(admin, { evaluation_id: planId, issue_date: day });
    expect([res.status, res.body.message]).toEqual([400, '发证日期不能早于评价结束日期']);
    expect(await ctx.app.db.select().from(certificateGrants)).toEqual([]);
  });

  it(`an issue date more than ${ISSUE_DATE_GRACE_DAYS} days after today is refused; the last day of the grace and the evaluation's end are accepted`, async () => {
    const today = formatDate(new Date());
    const latest = addDays(today, ISSUE_DATE_GRACE_DAYS);
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const late = await start(admin, { evaluation_id: planId, issue_date: addDays(latest, 1) });
    expect([late.status, late.body.message]).toEqual([
      400,
      `发证日期不能晚于${latest}（今天起${ISSUE_DATE_GRACE_DAYS}天内）`,
    ]);
    const graced = await started(planId, { issue_date: latest });
    expect(graced.issue_date).toBe(latest);
    const other = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1, firstId: 20 });
    const onEnd = await started(other.planId, { issue_date: GRANTABLE_PLAN_DATES.end });
    expect(onEnd.issue_date).toBe(GRANTABLE_PLAN_DATES.end);
    await waitForGrant(ctx.app, admin, graced._id);
    await waitForGrant(ctx.app, admin, onEnd._id);
  });

  it('the options tell the evaluation’s end date, the earliest issue date', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const res = await api<GrantOptions>(
      ctx.app,
      'GET',
      `/api/certificateGrants/options?evaluation_id=${planId}`,
      {
        token: admin,
      },
    );
    expect(res.body.data.evaluation.end_date).toBe(GRANTABLE_PLAN_DATES.end);
  });

  it('members read grants but may not start, regenerate or confirm (403)', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const member = await enterpriseToken(ctx.app, 'duojuese');
    const refused = await start(member, { evaluation_id: planId });
    expect([refused.status, refused.body.message]).toEqual([403, '仅企业管理员可以执行此操作']);
    const grant = await started(planId);
    await waitForGrant(ctx.app, admin, grant._id);
    expect((await getGrant(ctx.app, member, grant._id)).status).toBe(1);
    const [row] = await certificatesOf(grant._id, member);
    const confirm = await api(ctx.app, 'POST', `/api/certificateGrants/${grant._id}/confirm`, {
      token: member,
    });
    expect(confirm.status).toBe(403);
    const regenerate = await api(
      ctx.app,
      'POST',
      `/api/certificateGrants/${grant._id}/certificates/${row._id}/regenerate`,
      { token: member },
    );
    expect(regenerate.status).toBe(403);
  });

  it('confirm is refused while generating or with a failed certificate; a failed one is regenerated, then confirm passes', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 2 });
    const grant = await started(planId);
    await waitForGrant(ctx.app, admin, grant._id);
    const confirm = () =>
      api(ctx.app, 'POST', `/api/certificateGrants/${grant._id}/confirm`, { token: admin });

    await ctx.app.db.update(certificateGrants).set({ status: 0 }).where(eq(certificateGrants.id, grant._id));
    expect((await confirm()).body.message).toBe('证书正在生成中，请生成完成后再确认发证');
    await ctx.app.db.update(certificateGrants).set({ status: 1 }).where(eq(certificateGrants.id, grant._id));

    const [first, second] = await certificatesOf(grant._id);
    const regenerate = (id: string) =>
      api(ctx.app, 'POST', `/api/certificateGrants/${grant._id}/certificates/${id}/regenerate`, {
        token: admin,
      });
    expect((await regenerate(first._id)).body.message).toBe('只有生成失败的证书可以重新生成');
    // The renderer failed one (as a missing photo would).
    await ctx.app.db
      .update(certificates)
      .set({ produceStatus: 2, failReason: '照片文件不存在，请重新上传', fileId: null })
      .where(eq(certificates.id, second._id));
    await ctx.app.db
      .update(certificateGrants)
      .set({ successCount: 1, failedCount: 1 })
      .where(eq(certificateGrants.id, grant._id));
    const refused = await confirm();
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '有 1 张证书生成失败或尚未生成，请重新生成后再确认发证',
    ]);

    const progress = watchProgress();
    try {
      expect((await regenerate(second._id)).body.code).toBe(200);
      await progress.recorded(grant._id, 1);
    } finally {
      progress.stop();
    }
    expect(await getGrant(ctx.app, admin, grant._id)).toMatchObject({ success_count: 2, failed_count: 0 });
    expect((await confirm()).body.code).toBe(200);
    const twice = await confirm();
    expect([twice.status, twice.body.message]).toEqual([400, '该批证书已确认发证']);
    expect((await regenerate(second._id)).body.message).toBe('该批证书已确认发证，不能重新生成');
  });

  it("another company's grant, certificate and plan answer 404", async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 1 });
    const grant = await started(planId);
    await waitForGrant(ctx.app, admin, grant._id);
    const [row] = await certificatesOf(grant._id);
    const other = await otherCompanyToken(ctx.app);
    await seedFilingWithCodes(ctx.app.db, await companyOf(ctx.app.db, 'xinqiye'), { institution: '0002' });
    const g = `/api/certificateGrants/${grant._id}`;
    for (const [method, url] of [
      ['GET', g],
      ['GET', `${g}/certificates`],
      ['POST', `${g}/confirm`],
      ['GET', `${g}/downloadCertificateZip`],
      ['GET', `${g}/certificates/${row._id}/file`],
      ['POST', `${g}/certificates/${row._id}/regenerate`],
    ] as const) {
      const res = await api(ctx.app, method, url, { token: other });
      expect([method, url, res.status, res.body.message]).toEqual([method, url, 404, GRANT_NOT_FOUND]);
    }
    const wrongCertificate = await api(
      ctx.app,
      'GET',
      `${g}/certificates/00000000-0000-7000-8000-000000000000/file`,
      { token: admin },
    );
    expect([wrongCertificate.status, wrongCertificate.body.message]).toEqual([404, CERTIFICATE_NOT_FOUND]);
    const options = await api(ctx.app, 'GET', `/api/certificateGrants/options?evaluation_id=${planId}`, {
      token: other,
    });
    expect([options.status, options.body.message]).toEqual([404, PLAN_NOT_FOUND]);
    const foreign = await start(other, { evaluation_id: planId });
    expect([foreign.status, foreign.body.message]).toEqual([404, PLAN_NOT_FOUND]);
    const list = await api<Paged<GrantRow>>(ctx.app, 'GET', '/api/certificateGrants', { token: other });
    expect(list.body.data.list).toEqual([]);
    expect(CERTIFICATE_NO.test(row.certificate_no)).toBe(true);
  });
});
