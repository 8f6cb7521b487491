import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { grantCertificate, grantDetail, grantOptions } from '@/test/certificate-sources';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderWithProviders } from '@/test/render';
import { NO_GRANT_RIGHT, TestPlanGrantPanel } from './test-plan-grant-panel';

const PLAN_ID = '30000000-0000-4000-8000-00000000aaaa';
const GRANT = `/api/testPlans/${PLAN_ID}/certificateGrant`;
const testPlanOptions = (overrides: Parameters<typeof grantOptions>[0] = {}) =>
  grantOptions({
    evaluation: { ...grantOptions().evaluation, _id: PLAN_ID, name: '2026年第一期电工四级考试' },
    templates: [{ _id: 'national', name: '职业技能等级证书', national: true }],
    ...overrides,
  });

function renderPanel(canGrant: boolean, routes: Parameters<typeof installFakeNetwork>[0]) {
  useSessionStore.setState({ user: makeUser({ roles: [3] }) });
  const network = installFakeNetwork(routes);
  renderWithProviders(<TestPlanGrantPanel planId={PLAN_ID} canGrant={canGrant} />);
  return network;
}

describe('证书 of a test plan (the grant through the plan)', () => {
  it('before a grant: the setup on the national template; 开始生成 starts the plan grant for every 合格 examinee', async () => {
    const network = renderPanel(true, {
      [`GET ${GRANT}`]: ok(null),
      [`GET ${GRANT}/options`]: ok(testPlanOptions()),
      [`POST ${GRANT}`]: ok(grantDetail({ status: 0, status_text: '生成中', success_count: 0 })),
    });
    expect(await screen.findByText('2026年第一期电工四级考试')).toBeInTheDocument();
    expect(screen.getByText('考试计划名称')).toBeInTheDocument();
    expect(screen.getByText('全部合格考生（3人）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '开始生成' }));
    await waitFor(() => expect(network.callsTo(`POST ${GRANT}`)).toHaveLength(1));
    expect(network.callsTo(`POST ${GRANT}`)[0].body).toMatchObject({
      template_id: 'national',
      scope: 'all',
      candidate_ids: [],
    });
    expect(network.callsTo('POST /api/certificateGrants')).toHaveLength(0);
  });

  it('without institution:test-plan:grant the setup says so and cannot start', async () => {
    renderPanel(false, { [`GET ${GRANT}`]: ok(null), [`GET ${GRANT}/options`]: ok(testPlanOptions()) });
    expect(await screen.findByText(NO_GRANT_RIGHT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始生成' })).toBeDisabled();
  });

  it('the server says why a grant cannot start yet (results still in 公示)', async () => {
    renderPanel(true, {
      [`GET ${GRANT}`]: ok(null),
      [`GET ${GRANT}/options`]: ok(
        testPlanOptions({ blocked_reason: '考试计划尚未通过，公示期满后才能发证' }),
      ),
    });
    expect(await screen.findByText('考试计划尚未通过，公示期满后才能发证')).toBeInTheDocument();
  });

  it('a rendered grant: its certificates, 确认发证 confirmed through the plan, and the zip', async () => {
    const network = renderPanel(true, {
      [`GET ${GRANT}`]: ok(grantDetail({ plan_no: 'S-plan', evaluation_name: '2026年第一期电工四级考试' })),
      [`GET ${GRANT}/certificates`]: paged([grantCertificate({ certificate_no: 'S123433010600264000001' })]),
      [`POST ${GRANT}/confirm`]: ok(grantDetail({ status: 2, status_text: '已发证' })),
    });
    expect(await screen.findByText('S123433010600264000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /下载全部证书/ })).toHaveAttribute('href', `${GRANT}/zip`);
    await userEvent.click(screen.getByRole('button', { name: buttonName('确认发证') }));
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('变为已发证'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确认发证') }));
    await waitFor(() => expect(network.callsTo(`POST ${GRANT}/confirm`)).toHaveLength(1));
  });
});
