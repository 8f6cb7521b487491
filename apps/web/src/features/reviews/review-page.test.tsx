import type { ReviewCounts, ReviewRow } from '@skill-cert/shared/reviews';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialog } from '@/test/ui';
import { ReviewPage } from './review-page';

const ID = '00000000-0000-4000-8000-000000000001';
const row: ReviewRow = {
  _id: ID,
  kind: 'enterprise-filing',
  kind_text: '企业备案',
  title: 'BA20261208ABCDEF',
  company_id: '00000000-0000-4000-8000-000000000009',
  company_name: '示例智能制造有限公司',
  submitted_at_str: '2026-12-08 09:00:00',
  step: 'single',
  step_text: '待审核',
  first_reviewer_name: null,
  link: '/company',
};
const counts: ReviewCounts = {
  total: 1,
  kinds: [
    { kind: 'enterprise-filing', kind_text: '企业备案', count: 1 },
    { kind: 'institution-filing', kind_text: '机构备案', count: 0 },
  ],
};
const DECISION = `POST /api/reviews/enterprise-filing/${ID}/decision`;

function signInAs(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('ReviewPage (审核中心)', () => {
  it('lists what waits with the count in the title; 通过 asks first and is sent once', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/reviews': paged([row]),
      'GET /api/reviews/counts': ok(counts),
      [DECISION]: ok({ kind: 'enterprise-filing', _id: ID, outcome: 'approved' }),
    });
    renderPage('/review', <ReviewPage />);
    const found = await rowOf('BA20261208ABCDEF');
    expect(within(found).getByText('企业备案')).toBeInTheDocument();
    expect(within(found).getByText('待审核')).toBeInTheDocument();
    expect(await screen.findByText('审核中心（待审核 1）')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(found).getByRole('button', { name: '通过' }));
    expect(
      await screen.findByText('确定通过「示例智能制造有限公司」的企业备案 BA20261208ABCDEF 吗？'),
    ).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findAllByText('已通过')).length).toBeGreaterThan(0);
    expect(network.callsTo(DECISION)).toHaveLength(1);
    expect(network.callsTo(DECISION)[0]!.body).toEqual({ decision: 'approve' });
  });

  it('驳回 needs a reason before anything is sent', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/reviews': paged([row]),
      'GET /api/reviews/counts': ok(counts),
      [DECISION]: ok({ kind: 'enterprise-filing', _id: ID, outcome: 'rejected' }),
    });
    renderPage('/review', <ReviewPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('BA20261208ABCDEF')).getByRole('button', { name: '驳回' }));
    const dialog = await findDialog('驳回企业备案 BA20261208ABCDEF');
    await user.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    expect(network.callsTo(DECISION)).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText('请说明需要修改的内容，企业将看到该原因'), {
      target: { value: ' 材料不全 ' },
    });
    await user.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    await waitFor(() => expect(network.callsTo(DECISION)).toHaveLength(1));
    expect(network.callsTo(DECISION)[0]!.body).toEqual({ decision: 'reject', reason: '材料不全' });
  });

  it('a reader (运营人员) sees the queue without 通过, 驳回 or 审核设置', async () => {
    installFakeNetwork({
      ...signInAs(['platform:review:list']),
      'GET /api/reviews': paged([row]),
      'GET /api/reviews/counts': ok(counts),
    });
    renderPage('/review', <ReviewPage />);
    const found = await rowOf('BA20261208ABCDEF');
    expect(within(found).getByRole('button', { name: '详情' })).toBeInTheDocument();
    expect(within(found).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(found).queryByRole('button', { name: '驳回' })).toBeNull();
    expect(screen.queryByRole('button', { name: /审核设置/ })).toBeNull();
  });

  it('/review?kind=institution-filing (数据看板) asks for that kind at once', async () => {
    const network = installFakeNetwork({
      ...signInAs(['platform:review:list']),
      'GET /api/reviews': paged([]),
      'GET /api/reviews/counts': ok(counts),
    });
    renderPage('/review?kind=institution-filing', <ReviewPage />, [], '/review');
    await waitFor(() => expect(network.callsTo('GET /api/reviews').length).toBeGreaterThan(0));
    expect(network.callsTo('GET /api/reviews')[0]!.query.get('kind')).toBe('institution-filing');
  });
});
