import type { GrantCertificateRow, GrantDetail, GrantOptions } from '@skill-cert/shared/certificate-grants';
import { parseCertificateNumber } from '@skill-cert/shared/certificates';
import type { ExamineeRow, TestPlanDetail } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { formatDate } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../test/fixtures/certificate-engine.ts';
import {
  messageStored,
  newestMessage,
  ok,
  planUrl,
  registeringPlan,
} from '../../../test/fixtures/institutions.ts';
import { approvedFiling } from '../../../test/fixtures/level-evaluations.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { levelEvaluations } from '../level-evaluations/tables.ts';

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const grantUrl = (planId: string, tail = '') => planUrl(planId, `/certificateGrant${tail}`);

/** A test plan 已通过 (publicity of 0 days) with `passed` 合格 examinees and one 缺考. */
async function passedPlan(token: string, passed = 2) {
  const { plan } = await registeringPlan(ctx.app, token, { n: passed + 1 });
  await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
  await ok(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'));
  await ok(ctx.app, token, 'POST', planUrl(plan._id, '/endExam'));
  const examinees = (
    await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(plan._id, '/examinees?per_page=50'))
  ).list;
  await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
    scores: examinees.flatMap(
      (e, i): { candidate_id: string; method: number; score: number | null; mark: number | null }[] =>
        i < passed
          ? [
              { candidate_id: e._id, method: 1, score: 80, mark: null },
              { candidate_id: e._id, method: 2, score: 85, mark: null },
            ]
          : [
              { candidate_id: e._id, method: 1, score: null, mark: 1 },
              { candidate_id: e._id, method: 2, score: null, mark: 1 },
            ],
    ),
  });
  await ok(ctx.app, token, 'POST', planUrl(plan._id, '/submitResults'));
  await ctx.app.db
    .update(levelEvaluations)
    .set({ publicityDays: 0 })
    .where(eq(levelEvaluations.id, plan._id));
  await ok(ctx.app, token, 'POST', planUrl(plan._id, '/reviewResults'), { action: 'approve' });
  return { plan, examinees };
}

/** Starts the plan's grant on the national template and waits for its rendering to end. */
async function grant(token: string, planId: string) {
  const told = messageStored(ctx.app, TemplateKey.LEVEL_CERTIFICATE_DONE, planId, 120_000);
  const res = await api<GrantDetail>(ctx.app, 'POST', grantUrl(planId), {
    token,
    body: { template_id: 'national', issue_date: formatDate(new Date()) },
  });
  if (res.body.code !== 200) told.stop();
  expect(res.body).toMatchObject({ code: 200, message: '已开始生成证书' });
  await told.done;
  return ok<GrantDetail>(ctx.app, token, 'GET', grantUrl(planId));
}

describe('the grant of a test plan: the existing grant flow', () => {
  it('grants the 合格 examinees certificates numbered with S on the national template, then 已发证 and 已归档', async () => {
    const token = await jigou();
    const { plan, examinees } = await passedPlan(token, 2);
    const options = await ok<GrantOptions>(ctx.app, token, 'GET', grantUrl(plan._id, '/options'));
    expect(options.templates[0]).toMatchObject({ _id: 'national', national: true });
    expect(options.candidates.map((c) => c.name).sort()).toEqual(
      examinees
        .slice(0, 2)
        .map((e) => e.name)
        .sort(),
    );
    expect(await ok(ctx.app, token, 'GET', grantUrl(plan._id))).toBeNull();

    const done = await grant(token, plan._id);
    expect(done).toMatchObject({ status: 1, total: 2, success_count: 2 });
    const message = await newestMessage(ctx.app, token);
    // The institution opens the test plan (its 证书 tab), not the grant.
    expect(message.data).toEqual({ _id: plan._id, template_key: 'create_level_evaluate_certificate_done' });

    const certificates = await ok<Paged<GrantCertificateRow>>(
      ctx.app,
      token,
      'GET',
      grantUrl(plan._id, '/certificates'),
    );
    expect(certificates.list).toHaveLength(2);
    for (const c of certificates.list) {
      expect(c.certificate_no).toMatch(/^S/);
      expect(parseCertificateNumber(c.certificate_no)).not.toBeNull();
    }
    const file = await ctx.app.inject({
      method: 'GET',
      url: grantUrl(plan._id, `/certificates/${certificates.list[0]._id}/file`),
      headers: { authorization: `Bearer ${token}` },
    });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    const zip = await ctx.app.inject({
      method: 'GET',
      url: grantUrl(plan._id, '/zip'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zip.statusCode).toBe(200);
    expect((await unzip(zip.rawPayload)).size).toBe(2);
    const confirmed = await ok<GrantDetail>(ctx.app, token, 'POST', grantUrl(plan._id, '/confirm'));
    expect(confirmed.status).toBe(2);
    // Confirmed, each certificate is valid on its public page.
    const verified = await api<{ certificate_no: string; valid: boolean }>(
      ctx.app,
      'GET',
      `/api/public/certificates/${certificates.list[0]._id}`,
    );
    expect(verified.body.data).toMatchObject({
      certificate_no: certificates.list[0].certificate_no,
      valid: true,
    });
    const granted = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(granted).toMatchObject({ status_text: '已发证' });
    expect(granted.abilities.can_archive).toBe(true);
    const archived = await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/archive'));
    expect(archived.status_text).toBe('已归档');
    expect(archived.timeline.slice(-2).map((t) => t.action)).toEqual(['grant', 'archive']);
  }, 180_000);

  it('is refused before 已通过, and archiving before 已发证', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 1 });
    const early = await api(ctx.app, 'POST', grantUrl(plan._id), {
      token,
      body: { template_id: 'national', issue_date: formatDate(new Date()) },
    });
    expect([early.status, early.body.message]).toEqual([
      400,
      '该考试计划报名中，只有已通过的考试计划可以发证',
    ]);
    const archive = await api(ctx.app, 'POST', planUrl(plan._id, '/archive'), { token });
    expect([archive.status, archive.body.message]).toEqual([400, '当前状态（报名中）不能归档']);
    const none = await api(ctx.app, 'GET', grantUrl(plan._id, '/certificates'), { token });
    expect([none.status, none.body.message]).toEqual([400, '该考试计划尚未发证']);
  });

  it("an enterprise's grant routes never reach a test plan, nor these an enterprise's plan", async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 1 });
    const enterprise = (await login(ctx.app, 'qiye')).token;
    await approvedFiling(ctx.app, enterprise);
    const url = `/api/certificateGrants/options?evaluation_id=${plan._id}`;
    const viaEnterprise = await api(ctx.app, 'GET', url, { token: enterprise });
    expect([viaEnterprise.status, viaEnterprise.body.message]).toEqual([404, '评价计划不存在或已删除']);
    const asEnterprise = await api(ctx.app, 'GET', grantUrl(plan._id), { token: enterprise });
    expect([asEnterprise.status, asEnterprise.body.message]).toEqual([403, '仅机构端可以执行此操作']);
  });
});
