import type { RoleRow } from '@skill-cert/shared/access';
import type { AuditLogRow } from '@skill-cert/shared/audit-log';
import type { MessagePage } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import type {
  ReviewCounts,
  ReviewDecisionResult,
  ReviewDetail,
  ReviewRow,
  ReviewSettings,
} from '@skill-cert/shared/reviews';
import { describe, expect, it } from 'vitest';
import { filingBody } from '../../../test/fixtures/level-evaluations.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { TWO_STEP_ELSEWHERE } from '../records/routes.ts';
import { seedReviewDemo } from './demo.ts';
import { SAME_REVIEWER } from './service.ts';

const ctx = useTestApp();
const token = async (account: string) => (await login(ctx.app, account)).token;

/** qiye files (企业备案) or jigou files (机构备案); submitted at once. */
async function filed(account: 'qiye' | 'jigou'): Promise<RecordApplicationDetail> {
  const url = account === 'qiye' ? '/api/recordApplications' : '/api/institution/recordApplications';
  const res = await api<RecordApplicationDetail>(ctx.app, 'POST', url, {
    token: await token(account),
    body: filingBody(),
  });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

const decide = async (t: string, kind: string, id: string, body: unknown, headers?: Record<string, string>) =>
  api<ReviewDecisionResult>(ctx.app, 'POST', `/api/reviews/${kind}/${id}/decision`, {
    token: t,
    body,
    headers,
  });

const enterpriseRecord = async (id: string) =>
  (
    await api<RecordApplicationDetail>(ctx.app, 'GET', `/api/recordApplications/${id}`, {
      token: await token('qiye'),
    })
  ).body.data;

const inbox = async (account: string) =>
  (await api<MessagePage>(ctx.app, 'GET', '/api/message?per_page=50', { token: await token(account) })).body
    .data.list;

/** pingtai grants yunying the platform's 超级管理员 role too: a second reviewer. */
async function secondReviewer(admin: string): Promise<string> {
  const roles = await api<Paged<RoleRow>>(ctx.app, 'GET', '/api/roles?per_page=50', { token: admin });
  const ids = roles.body.data.list
    .filter((r) => ['超级管理员', '运营人员'].includes(r.name))
    .map((r) => r._id);
  const users = await api<Paged<{ _id: string }>>(ctx.app, 'GET', '/api/users?keyword=yunying', {
    token: admin,
  });
  const granted = await api(ctx.app, 'PUT', `/api/users/${users.body.data.list[0]._id}/roles`, {
    token: admin,
    body: { role_ids: ids },
  });
  expect(granted.body.code, granted.body.message).toBe(200);
  return token('yunying');
}

describe('审核中心: the queue', () => {
  it('lists what waits of every kind, oldest first, with counts per kind; filters by kind, keyword, date and step', async () => {
    const enterprise = await filed('qiye');
    const institution = await filed('jigou');
    const admin = await token('pingtai');

    const all = await api<Paged<ReviewRow>>(ctx.app, 'GET', '/api/reviews', { token: admin });
    expect(all.body.data.meta.total).toBe(2);
    expect(all.body.data.list.map((r) => [r._id, r.kind, r.kind_text, r.title, r.step_text])).toEqual([
      [enterprise._id, 'enterprise-filing', '企业备案', enterprise.record_no, '待审核'],
      [institution._id, 'institution-filing', '机构备案', institution.record_no, '待审核'],
    ]);
    expect(all.body.data.list[0]).toMatchObject({
      company_name: '示例智能制造有限公司',
      link: '/company',
      first_reviewer_name: null,
    });
    expect(all.body.data.list[0].submitted_at_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const counts = await api<ReviewCounts>(ctx.app, 'GET', '/api/reviews/counts', { token: admin });
    expect(counts.body.data).toEqual({
      total: 2,
      kinds: [
        { kind: 'enterprise-filing', kind_text: '企业备案', count: 1 },
        { kind: 'institution-filing', kind_text: '机构备案', count: 1 },
      ],
    });

    const ids = async (query: string) =>
      (
        await api<Paged<ReviewRow>>(ctx.app, 'GET', `/api/reviews?${query}`, { token: admin })
      ).body.data.list.map((r) => r._id);
    expect(await ids('kind=institution-filing')).toEqual([institution._id]);
    expect(await ids(`keyword=${encodeURIComponent('培训评价')}`)).toEqual([institution._id]);
    expect(await ids(`keyword=${enterprise.record_no}`)).toEqual([enterprise._id]);
    const today = enterprise.submit_time_str!.slice(0, 10);
    expect(await ids(`start_date=${today}&end_date=${today}`)).toHaveLength(2);
    expect(await ids('end_date=2020-01-01')).toEqual([]);
    expect(await ids('step=second')).toEqual([]);
    expect(await ids('step=first')).toHaveLength(2);

    const bad = await api(ctx.app, 'GET', '/api/reviews?kind=nothing', { token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, '审核类型只能是企业备案、机构备案']);
    const backwards = await api(ctx.app, 'GET', '/api/reviews?start_date=2026-02-02&end_date=2026-01-01', {
      token: admin,
    });
    expect(backwards.body.message).toBe('提交开始日期不能晚于提交结束日期');
  });

  it('a decided filing leaves the queue and its count', async () => {
    const enterprise = await filed('qiye');
    const admin = await token('pingtai');
    await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' });
    const counts = await api<ReviewCounts>(ctx.app, 'GET', '/api/reviews/counts', { token: admin });
    expect(counts.body.data.total).toBe(0);
    const list = await api<Paged<ReviewRow>>(ctx.app, 'GET', '/api/reviews', { token: admin });
    expect(list.body.data.list).toEqual([]);
  });
});

describe('审核中心: the decision', () => {
  it('驳回 needs a reason, in Chinese, and changes nothing without one', async () => {
    const enterprise = await filed('qiye');
    const admin = await token('pingtai');
    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '   ' }]) {
      const res = await decide(admin, 'enterprise-filing', enterprise._id, body);
      expect([res.status, res.body.message]).toEqual([400, '请输入驳回原因']);
    }
    const none = await decide(admin, 'enterprise-filing', enterprise._id, undefined);
    expect(none.body.message).toBe('请选择审核结果：通过或驳回');
    expect((await enterpriseRecord(enterprise._id)).status_text).toBe('待审核');
  });

  it('通过 reaches the filing through its own review (已通过, codes given), the enterprise is told once, the timeline and the audit log have it', async () => {
    const enterprise = await filed('qiye');
    const admin = await token('pingtai');
    const headers = { 'idempotency-key': 'review-approve-1' };
    const first = await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' }, headers);
    expect(first.body).toMatchObject({ code: 200, message: '已通过', data: { outcome: 'approved' } });
    // A double click sends the same key: answered, not performed again.
    const again = await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' }, headers);
    expect(again.body).toEqual(first.body);
    // Another click (a new key) is refused by the filing's own rule.
    const late = await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' });
    expect(late.body.message).toBe('该备案申请已通过，只有待审核的申请可以审核');

    const record = await enterpriseRecord(enterprise._id);
    expect(record).toMatchObject({ status_text: '已通过' });
    expect(record.institution_code).toMatch(/^\d{4}$/);
    expect(record.timeline.map((t) => [t.action_text, t.user_name])).toEqual([
      ['创建申请', 'qiye'],
      ['提交审核', 'qiye'],
      ['审核通过', 'pingtai'],
    ]);
    const told = (await inbox('qiye')).filter((m) => m.data?._id === enterprise._id);
    expect(told.map((m) => m.content)).toEqual([`您的备案申请（${enterprise.record_no}）已通过平台审核`]);

    const audit = await api<Paged<AuditLogRow>>(
      ctx.app,
      'GET',
      `/api/auditLogs?action=${encodeURIComponent('审核（通过/驳回）')}`,
      { token: admin },
    );
    expect(audit.body.data.list.map((r) => [r.route, r.target_id, r.success, r.user_name])).toEqual([
      ['/api/reviews/:kind/:id/decision', enterprise._id, false, 'pingtai'],
      ['/api/reviews/:kind/:id/decision', enterprise._id, true, 'pingtai'],
    ]);
  });

  it('驳回 from the queue: the institution filing is 已驳回 with the reason, its staff are told once', async () => {
    const institution = await filed('jigou');
    const admin = await token('pingtai');
    const res = await decide(admin, 'institution-filing', institution._id, {
      decision: 'reject',
      reason: '考评员资格证明不全',
    });
    expect(res.body).toMatchObject({ code: 200, message: '已驳回', data: { outcome: 'rejected' } });
    const detail = await api<ReviewDetail>(
      ctx.app,
      'GET',
      `/api/reviews/institution-filing/${institution._id}`,
      {
        token: admin,
      },
    );
    expect(detail.body.data).toMatchObject({ waiting: false, status_text: '已驳回' });
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      action_text: '审核驳回',
      user_name: 'pingtai',
      note: '考评员资格证明不全',
    });
    const told = (await inbox('jigou')).filter((m) => m.data?._id === institution._id);
    expect(told.map((m) => m.content)).toEqual([
      `您的备案申请（${institution.record_no}）被平台驳回：考评员资格证明不全`,
    ]);
  });

  it('a filing is decided under its own kind only: another kind or an unknown id is not found', async () => {
    const enterprise = await filed('qiye');
    const admin = await token('pingtai');
    const wrongKind = await decide(admin, 'institution-filing', enterprise._id, { decision: 'approve' });
    expect([wrongKind.status, wrongKind.body.message]).toEqual([404, '备案申请不存在']);
    const unknown = await api(ctx.app, 'GET', '/api/reviews/enterprise-filing/not-an-id', { token: admin });
    expect(unknown.body.message).toBe('审核事项不存在');
    expect((await enterpriseRecord(enterprise._id)).status_text).toBe('待审核');
  });
});

describe('审核中心: two-step review (初审 / 复审)', () => {
  it('is off until turned on per kind; then the first 通过 is 初审, the same user cannot 复审, another user decides', async () => {
    const admin = await token('pingtai');
    const off = await api<ReviewSettings>(ctx.app, 'GET', '/api/reviews/settings', { token: admin });
    expect(off.body.data.kinds.map((k) => [k.kind, k.two_step])).toEqual([
      ['enterprise-filing', false],
      ['institution-filing', false],
    ]);
    const on = await api<ReviewSettings>(ctx.app, 'PUT', '/api/reviews/settings', {
      token: admin,
      body: { kinds: [{ kind: 'enterprise-filing', two_step: true }] },
    });
    expect(on.body.data.kinds.map((k) => [k.kind, k.two_step])).toEqual([
      ['enterprise-filing', true],
      ['institution-filing', false],
    ]);

    const enterprise = await filed('qiye');
    const queued = await api<Paged<ReviewRow>>(ctx.app, 'GET', '/api/reviews', { token: admin });
    expect(queued.body.data.list[0].step_text).toBe('待初审');

    // 企业管理's one-step approval is closed to a kind under two-step review.
    const oneStep = await api(ctx.app, 'POST', `/api/platform/recordApplications/${enterprise._id}/approve`, {
      token: admin,
    });
    expect([oneStep.status, oneStep.body.message]).toEqual([400, TWO_STEP_ELSEWHERE]);

    const first = await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' });
    expect(first.body).toMatchObject({ message: '初审通过，等待复审', data: { outcome: 'first-approved' } });
    const waiting = await enterpriseRecord(enterprise._id);
    expect(waiting.status_text).toBe('待审核');
    expect(waiting.timeline.at(-1)).toMatchObject({ action_text: '初审通过', user_name: 'pingtai' });
    expect((await inbox('qiye')).filter((m) => m.data?._id === enterprise._id)).toEqual([]);

    const second = await api<Paged<ReviewRow>>(ctx.app, 'GET', '/api/reviews?step=second', { token: admin });
    expect(second.body.data.list.map((r) => [r._id, r.step_text, r.first_reviewer_name])).toEqual([
      [enterprise._id, '待复审', 'pingtai'],
    ]);

    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: '再看看' }]) {
      const same = await decide(admin, 'enterprise-filing', enterprise._id, body);
      expect([same.status, same.body.message]).toEqual([400, SAME_REVIEWER]);
    }
    expect((await enterpriseRecord(enterprise._id)).status_text).toBe('待审核');

    const other = await secondReviewer(admin);
    const final = await decide(other, 'enterprise-filing', enterprise._id, { decision: 'approve' });
    expect(final.body).toMatchObject({ message: '已通过', data: { outcome: 'approved' } });
    const done = await enterpriseRecord(enterprise._id);
    expect(done.status_text).toBe('已通过');
    expect(done.timeline.slice(-2).map((t) => [t.action_text, t.user_name])).toEqual([
      ['初审通过', 'pingtai'],
      ['审核通过', 'yunying'],
    ]);
    expect((await inbox('qiye')).filter((m) => m.data?._id === enterprise._id)).toHaveLength(1);
  });

  it('a 驳回 at 初审 ends the review at once; the resubmission starts again at 初审', async () => {
    const admin = await token('pingtai');
    await api(ctx.app, 'PUT', '/api/reviews/settings', {
      token: admin,
      body: { kinds: [{ kind: 'enterprise-filing', two_step: true }] },
    });
    const enterprise = await filed('qiye');
    const first = await decide(admin, 'enterprise-filing', enterprise._id, { decision: 'approve' });
    expect(first.body.data.outcome).toBe('first-approved');
    const other = await secondReviewer(admin);
    const rejected = await decide(other, 'enterprise-filing', enterprise._id, {
      decision: 'reject',
      reason: '材料不全',
    });
    expect(rejected.body.data.outcome).toBe('rejected');
    expect((await enterpriseRecord(enterprise._id)).status_text).toBe('已驳回');

    const resent = await api(ctx.app, 'POST', `/api/recordApplications/${enterprise._id}/submit`, {
      token: await token('qiye'),
    });
    expect(resent.body.code, resent.body.message).toBe(200);
    const again = await api<ReviewDetail>(
      ctx.app,
      'GET',
      `/api/reviews/enterprise-filing/${enterprise._id}`,
      {
        token: admin,
      },
    );
    expect(again.body.data).toMatchObject({ waiting: true, step_text: '待初审', first_reviewer_name: null });
    // pingtai's 初审 of the first submission does not count: pingtai may 初审 again, and 驳回 at 初审 decides.
    const rejectAtFirst = await decide(admin, 'enterprise-filing', enterprise._id, {
      decision: 'reject',
      reason: '场地信息有误',
    });
    expect(rejectAtFirst.body.data.outcome).toBe('rejected');
    expect((await enterpriseRecord(enterprise._id)).reject_reason).toBe('场地信息有误');
  });
});

describe('审核中心: who may', () => {
  it('platform keys only: 运营人员 reads the queue but neither decides nor sets; enterprise and institution users are refused', async () => {
    const enterprise = await filed('qiye');
    const routes = [
      ['GET', '/api/reviews', 'list'],
      ['GET', '/api/reviews/counts', 'list'],
      ['GET', `/api/reviews/enterprise-filing/${enterprise._id}`, 'list'],
      ['POST', `/api/reviews/enterprise-filing/${enterprise._id}/decision`, 'decide'],
      ['GET', '/api/reviews/settings', 'settings'],
      ['PUT', '/api/reviews/settings', 'settings'],
    ] as const;
    const body = (method: string, url: string) =>
      method === 'GET'
        ? undefined
        : url.endsWith('settings')
          ? { kinds: [{ kind: 'enterprise-filing', two_step: true }] }
          : { decision: 'approve' };
    for (const account of ['qiye', 'jigou', 'kaoping']) {
      const t = await token(account);
      for (const [method, url] of routes) {
        const res = await api(ctx.app, method, url, { token: t, body: body(method, url) });
        expect(res.status, `${account} ${method} ${url}`).toBe(403);
      }
    }
    const op = await token('yunying');
    for (const [method, url, key] of routes) {
      const res = await api(ctx.app, method, url, { token: op, body: body(method, url) });
      expect(res.body.code, `yunying ${method} ${url}`).toBe(key === 'list' ? 200 : 403);
    }
    expect((await enterpriseRecord(enterprise._id)).status_text).toBe('待审核');
    const settings = await api<ReviewSettings>(ctx.app, 'GET', '/api/reviews/settings', {
      token: await token('pingtai'),
    });
    expect(settings.body.data.kinds.every((k) => !k.two_step)).toBe(true);
  });

  it('审核中心 is a platform menu with its keys; 运营人员 holds the list key only', async () => {
    const menus = async (account: string) =>
      (
        await api<{ permissions: string[]; menus: { name: string; front_route_path: string | null }[] }>(
          ctx.app,
          'GET',
          '/api/user/personalMenus',
          { token: await token(account) },
        )
      ).body.data;
    const op = await menus('yunying');
    expect(op.permissions).toContain('platform:review:list');
    expect(op.permissions).not.toContain('platform:review:decide');
    expect(op.permissions).not.toContain('platform:review:settings');
    expect(JSON.stringify(op.menus)).toContain('审核中心');
  });
});

describe('审核中心: demo', () => {
  it("pingtai's queue holds the demo institution's waiting filing, seeded once", async () => {
    await seedReviewDemo(ctx.app.db);
    await seedReviewDemo(ctx.app.db);
    const list = await api<Paged<ReviewRow>>(ctx.app, 'GET', '/api/reviews', {
      token: await token('pingtai'),
    });
    expect(list.body.data.list.map((r) => [r.kind_text, r.company_name])).toEqual([
      ['机构备案', '示例职业技能培训评价中心'],
    ]);
  });
});
