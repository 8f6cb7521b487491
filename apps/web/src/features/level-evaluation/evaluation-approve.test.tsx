import { TemplateKey } from '@skill-cert/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { abilities, PLAN_ID, planDetail, planRow } from '@/test/level-evaluation';
import { renderPage } from '@/test/render';
import { EvaluationApproveDetailPage } from './evaluation-approve-detail-page';
import { EvaluationApprovePage } from './evaluation-approve-page';
import { EvaluationDetailPage } from './evaluation-detail-page';

const approvals = (list = [planRow({ status: 1, status_text: '待审批' })]) =>
  ok({
    list,
    meta: { total: list.length, count: list.length, page: 1, per_page: 10, last_page: 1 },
    counts: { plan: 1, results: 2, changes: 3 },
  });

describe('evaluation approvals', { timeout: 30_000 }, () => {
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
    const head = (await screen.findByText(/审批：/)).closest('.ant-card-head') as HTMLElement;
    expect(within(head).queryByText(/^退\s?回$/)).toBeNull();
    await userEvent.click(
      within(head)
        .getByText(/^驳\s?回$/)
        .closest('button') as HTMLElement,
    );
    const dialog = (await screen.findByText(/^驳回评价计划/)).closest('.ant-modal') as HTMLElement;
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
    const head = (await screen.findByText(/审批：/)).closest('.ant-card-head') as HTMLElement;
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
});
