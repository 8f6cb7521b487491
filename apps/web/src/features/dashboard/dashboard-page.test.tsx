import type { DashboardData } from '@skill-cert/shared/dashboard';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const months = ['2026-01', '2026-02'].map((month, i) => ({
  month,
  evaluations: 3 + i,
  test_plans: 1,
  certificates: 120 + i,
  revoked: i,
  candidates: 40,
  passed: 30,
  pass_rate: 75,
}));

const data: DashboardData = {
  start_month: '2026-01',
  end_month: '2026-02',
  companies: [
    { type: 1, type_text: '企业', total: 12, filed: 9, pending: 2, frozen: 1 },
    { type: 2, type_text: '培训评价机构', total: 4, filed: 3, pending: 1, frozen: 0 },
  ],
  waiting: [
    { key: 'enterprise-filing', label: '企业备案待审核', count: 2 },
    { key: 'institution-filing', label: '机构备案待审核', count: 1 },
  ],
  months,
  by_level: [{ key: '4', label: '四级/中级工', count: 241 }],
  by_occupation: [{ key: '6-31-01-03', label: '电工', count: 241 }],
  by_province: [{ key: '11', label: '北京市', count: 241 }],
  totals: {
    evaluations: 7,
    test_plans: 2,
    certificates: 241,
    revoked: 1,
    candidates: 80,
    passed: 60,
    pass_rate: 75,
  },
};

function open(permissions: string[], reply = ok(data)) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  const network = installFakeNetwork({
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    'GET /api/dashboard': reply,
  });
  const view = renderPage('/dashboard', <DashboardPage />, [
    { path: '/company', element: <p>企业列表页</p> },
    { path: '/review', element: <p>审核中心</p> },
  ]);
  return { network, ...view };
}

describe('DashboardPage (数据看板 of the platform)', () => {
  it('shows the figures of the range; a company figure opens the company list filtered to it', async () => {
    const { router } = open(['platform:dashboard:view', 'platform:company:list']);
    expect(await screen.findByText('2026-01 至 2026-02')).toBeTruthy();
    const frozen = await screen.findByRole('link', { name: '已冻结：1，查看列表' });
    await userEvent.click(frozen);
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    expect(router.state.location.search).toBe('?type=1&status=0');
  });

  it('备案待审核 opens 审核中心 at that kind', async () => {
    const { router } = open(['platform:dashboard:view', 'platform:review:list']);
    await userEvent.click(await screen.findByRole('link', { name: '备案待审核：1，查看列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect(router.state.location.search).toBe('?kind=institution-filing');
  });

  it('without the company list permission the figures are no links', async () => {
    open(['platform:dashboard:view']);
    expect(await screen.findByText('2026-01 至 2026-02')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('asks for the last 12 months first (no range in the request)', async () => {
    const { network } = open(['platform:dashboard:view']);
    await screen.findByText('2026-01 至 2026-02');
    const first = network.callsTo('GET /api/dashboard')[0];
    expect(first.query.get('start_month')).toBeNull();
    expect(first.query.get('end_month')).toBeNull();
  });

  it('a failed request shows the reason and 重新获取', async () => {
    open(['platform:dashboard:view'], fail(500, '服务器繁忙，请稍后重试'));
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeTruthy();
    expect(await screen.findByText('重新获取')).toBeTruthy();
  });
});
