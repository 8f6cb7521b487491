import { ISSUE_DATE_GRACE_DAYS } from '@skill-cert/shared/certificates';
import { addDays, formatDate } from '@skill-cert/shared/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { EVALUATION_ID, GRANT_ID, grantOptions } from '@/test/certificate-sources';
import { fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { typeDate } from '@/test/ui';
import { GrantAddPage } from './grant-add-page';

const routes = (options = grantOptions()) => ({
  'GET /api/certificateGrants/options': ok(options),
  'POST /api/certificateGrants': ok({ _id: GRANT_ID }),
});

const open = (path: string, pattern: string) =>
  renderPage(
    path,
    <GrantAddPage />,
    [{ path: '/grant-certificate/confirm-add/:id', element: <p>确认页</p> }],
    pattern,
  );

const startButton = () => screen.getByText(/^开始生成$/).closest('button') as HTMLButtonElement;

describe('发放证书 (grant from an approved evaluation)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('shows the plan, the national template first, today, the 合格 candidates with a missing photo flagged; 开始生成 grants to all and goes to confirm-add', async () => {
    const network = installFakeNetwork(routes());
    const { location } = open(
      `/evaluation-approve/grant-certificate/${EVALUATION_ID}`,
      '/evaluation-approve/grant-certificate/:id',
    );
    expect(await screen.findByText('发放证书：2026年第一期电工评价')).toBeInTheDocument();
    expect(network.callsTo('GET /api/certificateGrants/options')[0]?.query.get('evaluation_id')).toBe(
      EVALUATION_ID,
    );
    expect(screen.getByText('电工/--')).toBeInTheDocument();
    expect(screen.getByText('职业技能等级证书（国家样式）')).toBeInTheDocument();
    expect(screen.getByText('全部合格考生（3人）')).toBeInTheDocument();
    const missing = screen.getByText('缺少照片').closest('tr') as HTMLElement;
    expect(within(missing).getByText('王五')).toBeInTheDocument();
    expect(within(missing).getByText('护照')).toBeInTheDocument();
    expect(screen.getByText(/1 名考生缺少照片/)).toBeInTheDocument();

    fireEvent.click(startButton());
    await waitFor(() => expect(location()).toBe(`/grant-certificate/confirm-add/${GRANT_ID}`));
    expect(network.callsTo('POST /api/certificateGrants')[0]?.body).toEqual({
      evaluation_id: EVALUATION_ID,
      template_id: 'national',
      issue_date: formatDate(new Date()),
      scope: 'all',
      candidate_ids: [],
    });
  });

  describe('when the browser is on UTC and it is already tomorrow in Shanghai', () => {
    // 17:34 UTC on 7 December is 01:34 on 8 December in Shanghai: the day the server checks against.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-07T17:34:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it("the issue date offered is today in Shanghai, not the browser's day", async () => {
      const network = installFakeNetwork(routes());
      open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
      await screen.findByText('发放证书：2026年第一期电工评价');
      expect(screen.getByLabelText('发证日期')).toHaveValue('2026-12-08');
      fireEvent.click(startButton());
      await waitFor(() => expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(1));
      expect(network.callsTo('POST /api/certificateGrants')[0]?.body).toMatchObject({
        issue_date: '2026-12-08',
      });
    });
  });

  it('an issue date before the evaluation ends is refused before anything is sent: 发证日期不能早于评价结束日期', async () => {
    const today = formatDate(new Date());
    const options = grantOptions();
    const network = installFakeNetwork(
      routes({ ...options, evaluation: { ...options.evaluation, end_date: addDays(today, 3) } }),
    );
    open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    await screen.findByText('发放证书：2026年第一期电工评价');
    fireEvent.click(startButton());
    expect(await screen.findByText('发证日期不能早于评价结束日期')).toBeInTheDocument();
    expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(0);
  });

  it.each([
    [`a day more than ${ISSUE_DATE_GRACE_DAYS} days after today is not taken`, ISSUE_DATE_GRACE_DAYS + 1, 0],
    [
      `the last day of the ${ISSUE_DATE_GRACE_DAYS} days' grace is taken`,
      ISSUE_DATE_GRACE_DAYS,
      ISSUE_DATE_GRACE_DAYS,
    ],
  ])('%s', async (_name, typed, sent) => {
    const today = formatDate(new Date());
    const network = installFakeNetwork(routes());
    open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    await screen.findByText('发放证书：2026年第一期电工评价');
    typeDate(screen.getByLabelText('发证日期'), addDays(today, typed));
    fireEvent.click(startButton());
    await waitFor(() => expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(1));
    expect(network.callsTo('POST /api/certificateGrants')[0]?.body).toMatchObject({
      issue_date: addDays(today, sent),
    });
  });

  it('with :type selected, a selection is required and only the selected candidates are sent', async () => {
    const network = installFakeNetwork(routes());
    open(`/grant-certificate/add/${EVALUATION_ID}/selected`, '/grant-certificate/add/:id/:type?');
    expect(await screen.findByText(/已选 0 \/ 3/)).toBeInTheDocument();
    fireEvent.click(startButton());
    expect(await screen.findByText('请至少选择一名考生')).toBeInTheDocument();
    expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(0);

    const row = screen.getByText('赵六').closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
    expect(await screen.findByText(/已选 1 \/ 3/)).toBeInTheDocument();
    fireEvent.click(startButton());
    await waitFor(() => expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(1));
    expect(network.callsTo('POST /api/certificateGrants')[0]?.body).toMatchObject({
      scope: 'selected',
      candidate_ids: ['c0000000-0000-4000-8000-000000000003'],
    });
  });

  it('says why a grant cannot start and does not offer 开始生成', async () => {
    installFakeNetwork(routes(grantOptions({ blocked_reason: '该评价已有发证记录，请在证书发放中查看' })));
    open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    expect(await screen.findByText('该评价已有发证记录，请在证书发放中查看')).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
    expect(screen.getByText('当前不能发证')).toBeInTheDocument();
  });

  it('a member sees the plan but may not start a grant', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork(routes());
    open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    expect(await screen.findByText('仅企业管理员可以发证和确认发证')).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
  });

  it("shows the server's refusal and stays", async () => {
    installFakeNetwork({
      ...routes(),
      'POST /api/certificateGrants': fail(400, '评价机构代码未分配，请联系平台'),
    });
    const { location } = open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    await screen.findByText('发放证书：2026年第一期电工评价');
    fireEvent.click(startButton());
    expect(await screen.findByText('评价机构代码未分配，请联系平台')).toBeInTheDocument();
    expect(location()).toBe(`/grant-certificate/add/${EVALUATION_ID}`);
  });

  it('an evaluation of another company reads as not found', async () => {
    installFakeNetwork({ 'GET /api/certificateGrants/options': fail(404, '评价计划不存在或已删除') });
    open(`/grant-certificate/add/${EVALUATION_ID}`, '/grant-certificate/add/:id/:type?');
    expect(await screen.findByText('评价计划不存在或已删除')).toBeInTheDocument();
    expect(screen.getByText('重新获取')).toBeInTheDocument();
  });
});
