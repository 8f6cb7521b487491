import type { InstitutionStaffRow } from '@skill-cert/shared/companies';
import type {
  ExamineeRow,
  TestPlanDetail,
  TestPlanRow,
  TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { describe, expect, it } from 'vitest';
import { messageStored, ok, planUrl } from '../../../test/fixtures/institutions.ts';
import { login, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { seedInstitutionStaffDemo } from '../companies/institution-demo.ts';
import { renderDemoTickets, seedInstitutionDemo } from './institution-demo.ts';

// Renders in worker threads (tickets or certificates): long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();

async function seeded() {
  await seedInstitutionDemo(ctx.app.db);
  await seedInstitutionStaffDemo(ctx.app.db);
  const { token } = await login(ctx.app, 'jigou');
  const plans = (await ok<Paged<TestPlanRow>>(ctx.app, token, 'GET', '/api/testPlans')).list;
  const byStatus = (text: string) => plans.find((p) => p.status_text === text)!;
  return { token, plans, byStatus };
}

describe("the institution demo (start-only, SEED_DEMO): every page of jigou's menu shows work", () => {
  it('an approved filing as 社会培训评价组织 and three test plans: 报名中, 已编排, 公示中; running again adds nothing', async () => {
    await seedInstitutionDemo(ctx.app.db);
    const { token, plans } = await seeded();
    expect(plans.map((p) => p.status_text).sort()).toEqual(['公示中', '已编排', '报名中'].sort());
    const filings = await ok<Paged<RecordApplicationRow>>(
      ctx.app,
      token,
      'GET',
      '/api/institution/recordApplications',
    );
    expect(filings.list.map((f) => [f.kind_text, f.status_text])).toEqual([['社会培训评价组织', '已通过']]);
  });

  it('the plan 报名中 has registrations to review, approved ones and rejected ones with a reason', async () => {
    const { token, byStatus } = await seeded();
    const plan = byStatus('报名中');
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail.examinee_counts).toEqual({ pending: 14, approved: 20, rejected: 2, seated: 0 });
    expect(detail.session_count).toBe(2);
    expect(detail.abilities.can_review_examinees).toBe(true);
    const rejected = (
      await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(plan._id, '/examinees?status=2'))
    ).list;
    expect(rejected.every((e) => e.review_reason)).toBe(true);
  });

  it('the seated plan has every examinee seated with a ticket number; its tickets render when the server is ready', async () => {
    const { token, byStatus } = await seeded();
    const plan = byStatus('已编排');
    const examinees = (
      await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(plan._id, '/examinees?per_page=50'))
    ).list;
    expect(examinees).toHaveLength(40);
    expect(examinees.every((e) => /^\d{18}$/.test(e.ticket_no ?? '') && e.seats.length === 2)).toBe(true);
    const told = messageStored(ctx.app, TemplateKey.ADMISSION_TICKETS_DONE, plan._id, 180_000);
    await renderDemoTickets(ctx.app);
    await told.done;
    const tickets = await ok<TicketOverview>(ctx.app, token, 'GET', planUrl(plan._id, '/tickets'));
    expect(tickets.status_text).toBe('已生成');
    expect(tickets.rooms.every((r) => r.file)).toBe(true);
    // Once rendered, not again.
    await renderDemoTickets(ctx.app);
    expect((await ok<TicketOverview>(ctx.app, token, 'GET', planUrl(plan._id, '/tickets'))).status_text).toBe(
      '已生成',
    );
  }, 240_000);

  it('the plan 公示中 has results with 缺考 and 违纪 among them', async () => {
    const { token, byStatus } = await seeded();
    const plan = byStatus('公示中');
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail.result_counts).toMatchObject({ absent: 1, discipline: 1 });
    expect(detail.pass_count).toBeGreaterThan(0);
    expect(detail.timeline.map((t) => t.action).at(-1)).toBe('approveResults');
  });

  it('机构设置: two roles of its own and two staff members holding them', async () => {
    const { token } = await seeded();
    await seedInstitutionStaffDemo(ctx.app.db);
    const staff = await ok<Paged<InstitutionStaffRow>>(ctx.app, token, 'GET', '/api/institution/staff');
    expect(staff.list.map((m) => [m.name, m.roles.map((r) => r.name)]).sort()).toEqual(
      [
        ['jigou', []],
        ['王考务', ['考务人员']],
        ['赵审核', ['成绩审核员']],
      ].sort(),
    );
  });
});
