import { TemplateKey } from '@skill-cert/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { abilities, PLAN_ID, planDetail, planRow } from '@/test/level-evaluations';
import { renderPage } from '@/test/render';
import { findDialog, withRole } from '@/test/ui';
import { EvaluationApproveDetailPage } from './evaluation-approve-detail-page';
import { EvaluationApprovePage } from './evaluation-approve-page';
import { EvaluationDetailPage } from './evaluation-detail-page';

const approvals = (list = [planRow({ status: 1, status_text: '待审批' })]) =>
  ok({
    list,
    meta: { total: list.length, count: list.length, page: 1, per_page: 10, last_page: 1 },
    counts: { plan: 1, results: 2, changes: 3 },
  });

describe('evaluation approvals', () => {
  // The company's administrator, unless a test says otherwise.
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('the tab titles carry the counts; a tab asks for its type', async () => {
    const network = installFakeNetwork({ 'GET /api/evaluationApprovals': approvals() });
    renderPage('/evaluation-approve', <EvaluationApprovePage />);
    expect(await screen.findByText('计划审批（1）')).toBeInTheDocument();
    expect(screen.getByText('成绩审核（2）')).toBeInTheDocument();
    expect(screen.getByText('成绩修改（3）')).toBeInTheDocument();
    await userEvent.click(screen.getByText('成绩审核（2）'));
    await waitFor(() =>
      expect(network.callsTo('GET /api/evaluationApprovals').at(-1)?.query.get('type')).toBe('results'),
    );
  });

  it('a message that something waits for approval refreshes the tabs at once', async () => {
    const network = installFakeNetwork({ 'GET /api/evaluationApprovals': approvals() });
    renderPage('/evaluation-approve', <EvaluationApprovePage />);
    expect(await screen.findByText('计划审批（1）')).toBeInTheDocument();
    const before = network.callsTo('GET /api/evaluationApprovals').length;
    act(() =>
      emitMessageArrived({
        _id: 'm-1',
        message_category_name: '评价通知',
        create_time_str: '2026-11-26 10:00:00',
        content: '评价计划待您审批',
        whether_read: 0,
        url: null,
        data: { _id: PLAN_ID, template_key: TemplateKey.EVALUATION_WAITING },
      }),
    );
    await waitFor(() =>
      expect(network.callsTo('GET /api/evaluationApprovals').length).toBeGreaterThan(before),
    );
  });

  it('a plan offers 通过 and 驳回; 驳回 needs a reason', async () => {
    const network = installFakeNetwork({
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(
        planDetail({ status: 1, status_text: '待审批', abilities: abilities({ can_review: true }) }),
      ),
      [`POST /api/levelEvaluations/${PLAN_ID}/review`]: ok(null),
    });
    const { location } = renderPage(
      `/evaluation-approve/detail/${PLAN_ID}`,
      <EvaluationApproveDetailPage />,
      [],
      '/evaluation-approve/detail/:id',
    );
    await screen.findByRole('heading', { name: /审批：/ });
    const head = withRole(document, 'group', '页面操作');
    expect(within(head).queryByText(/^退\s?回$/)).toBeNull();
    await userEvent.click(
      within(head)
        .getByText(/^驳\s?回$/)
        .closest('button') as HTMLElement,
    );
    const dialog = await findDialog(/^驳回评价计划/);
    await userEvent.click(
      within(dialog)
        .getByText(/^驳\s?回$/)
        .closest('button') as HTMLElement,
    );
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    expect(network.callsTo(`POST /api/levelEvaluations/${PLAN_ID}/review`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '考生名单不全');
    await userEvent.click(
      within(dialog)
        .getByText(/^驳\s?回$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() =>
      expect(network.callsTo(`POST /api/levelEvaluations/${PLAN_ID}/review`)).toHaveLength(1),
    );
    expect(network.callsTo(`POST /api/levelEvaluations/${PLAN_ID}/review`)[0].body).toEqual({
      action: 'reject',
      reason: '考生名单不全',
    });
    await waitFor(() => expect(location()).toBe('/evaluation-approve'));
  });

  it('the approver is warned of an examiner filed for another occupation than the plan’s', async () => {
    installFakeNetwork({
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(
        planDetail({
          status: 1,
          status_text: '待审批',
          abilities: abilities({ can_review: true }),
          examiners: [
            { _id: 'p1', name: '张考评', phone: '13912345678', qualification: '电工 二级/技师' },
            { _id: 'p3', name: '赵建国', phone: '13900000101', qualification: '焊工 二级/技师' },
          ],
        }),
      ),
    });
    renderPage(
      `/evaluation-approve/detail/${PLAN_ID}`,
      <EvaluationApproveDetailPage />,
      [],
      '/evaluation-approve/detail/:id',
    );
    expect(
      await screen.findByText(
        '赵建国（焊工 二级/技师）的备案资格中没有本计划的职业「电工」，请确认其可以担任本计划考评员',
      ),
    ).toBeInTheDocument();
  });

  it('results waiting for review offer 通过 and 退回, and open on the scores', async () => {
    installFakeNetwork({
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(
        planDetail({ status: 3, status_text: '成绩待审核', abilities: abilities({ can_review: true }) }),
      ),
      [`GET /api/levelEvaluations/${PLAN_ID}/candidates`]: ok({
        list: [],
        meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 },
      }),
      [`GET /api/levelEvaluations/${PLAN_ID}/statistics`]: ok({
        candidate_count: 0,
        pass_rate: 0,
        result_counts: { pass: 0, fail: 0, absent: 0, discipline: 0, violation: 0, pending: 0 },
        methods: [],
      }),
    });
    renderPage(
      `/evaluation-approve/detail/${PLAN_ID}`,
      <EvaluationApproveDetailPage />,
      [],
      '/evaluation-approve/detail/:id',
    );
    await screen.findByRole('heading', { name: /审批：/ });
    const head = withRole(document, 'group', '页面操作');
    expect(within(head).getByText(/^退\s?回$/)).toBeInTheDocument();
    expect(within(head).queryByText(/^驳\s?回$/)).toBeNull();
    expect(await screen.findByText('导出成绩')).toBeInTheDocument();
  });

  it('待发证 lists the 已通过 plans with their count; 发放证书 leads to the grant page', async () => {
    const network = installFakeNetwork({
      'GET /api/evaluationApprovals': approvals(),
      'GET /api/levelEvaluations': (request) =>
        request.query.get('status') === '5'
          ? paged([planRow({ name: '已通过计划', status: 5, status_text: '已通过' })])
          : paged([]),
    });
    const { location } = renderPage('/evaluation-approve', <EvaluationApprovePage />);
    await userEvent.click(await screen.findByText('待发证（1）'));
    const row = (await screen.findByText('已通过计划')).closest('tr') as HTMLElement;
    expect(
      network.callsTo('GET /api/evaluationApprovals').every((c) => c.query.get('type') !== 'grant'),
    ).toBe(true);
    await userEvent.click(within(row).getByText('发放证书'));
    await waitFor(() => expect(location()).toBe(`/evaluation-approve/grant-certificate/${PLAN_ID}`));
  });

  it('an 已通过 plan offers 发放证书 on its detail', async () => {
    installFakeNetwork({
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(planDetail({ status: 5, status_text: '已通过' })),
    });
    const { location } = renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailPage />,
      [],
      '/evaluation-list/detail/:id',
    );
    await userEvent.click(await screen.findByText('发放证书'));
    await waitFor(() => expect(location()).toBe(`/evaluation-approve/grant-certificate/${PLAN_ID}`));
  });

  it('a member is told only the administrator approves and sees what waits, with 查看 and no 审批', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({
      'GET /api/evaluationApprovals': approvals([
        planRow({ name: '等待审批的计划', status: 1, status_text: '待审批' }),
      ]),
      'GET /api/levelEvaluations': (request) =>
        request.query.get('status') === '5'
          ? paged([planRow({ name: '已通过计划', status: 5, status_text: '已通过' })])
          : paged([]),
    });
    const { location } = renderPage('/evaluation-approve', <EvaluationApprovePage />);
    expect(await screen.findByText('仅企业管理员可以审批评价计划、审核成绩和成绩修改')).toBeInTheDocument();
    expect(screen.getByText('以下是等待管理员处理的事项，仅供查看。')).toBeInTheDocument();
    expect(await screen.findByText('计划审批（1）')).toBeInTheDocument();
    const row = (await screen.findByText('等待审批的计划')).closest('tr') as HTMLElement;
    expect(within(row).queryByText('审批')).toBeNull();
    await userEvent.click(await screen.findByText('待发证（1）'));
    const passed = (await screen.findByText('已通过计划')).closest('tr') as HTMLElement;
    expect(within(passed).queryByText('发放证书')).toBeNull();
    await userEvent.click(within(passed).getByText('查看'));
    await waitFor(() => expect(location()).toBe(`/evaluation-approve/detail/${PLAN_ID}`));
  });

  it('an administrator is not told so', async () => {
    installFakeNetwork({ 'GET /api/evaluationApprovals': approvals() });
    renderPage('/evaluation-approve', <EvaluationApprovePage />);
    const row = (await screen.findByText(planRow().name)).closest('tr') as HTMLElement;
    expect(within(row).getByText('审批')).toBeInTheDocument();
    expect(screen.queryByText('仅企业管理员可以审批评价计划、审核成绩和成绩修改')).toBeNull();
  });

  it('on the detail, a member is told only the administrator approves, and is offered no decision', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(planDetail({ status: 1, status_text: '待审批' })),
    });
    renderPage(
      `/evaluation-approve/detail/${PLAN_ID}`,
      <EvaluationApproveDetailPage />,
      [],
      '/evaluation-approve/detail/:id',
    );
    await screen.findByRole('heading', { name: /查看：/ });
    expect(screen.getByText('仅企业管理员可以审批，等待管理员处理')).toBeInTheDocument();
    expect(screen.queryByText(/^通\s?过$/)).toBeNull();
    expect(screen.queryByText(/^驳\s?回$/)).toBeNull();
  });
});
