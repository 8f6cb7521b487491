import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { archiveRow } from '@/test/archives';
import { fail, installFakeNetwork, makeUser, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findWithRole } from '@/test/ui';
import { ArchiveListPage } from './archive-list-page';

const open = () =>
  renderPage('/archives-management', <ArchiveListPage />, [
    { path: '/archives-management/detail/:id', element: <p>档案详情页</p> },
  ]);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

const sealed = archiveRow({
  _id: 'a2',
  plan_no: 'Y000133000001202601002',
  name: '2026年焊工（电焊工）五级评价 第二期',
  volumes_filled: 5,
  paper_retention_until: '2026-12-31',
  electronic_retention_until: '2028-12-31',
  expiring: true,
  status: 1,
  status_text: '已归档',
});

describe('档案管理 (the archive list)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('a row shows the plan, the volumes filled, the retention and the state; 查看 opens the detail', async () => {
    installFakeNetwork({ 'GET /api/archives': paged([archiveRow(), sealed]) });
    const { location } = open();
    const openRow = await rowOf('2026年电工四级评价 第二期');
    expect(within(openRow).getByText('Y000133000001202606001')).toBeInTheDocument();
    expect(within(openRow).getByText('电工')).toBeInTheDocument();
    expect(within(openRow).getByText('四级/中级工')).toBeInTheDocument();
    expect(within(openRow).getByText('4/5')).toBeInTheDocument();
    // While open, the years run from the seal.
    expect(within(openRow).getByText('纸质 3 年 · 电子 5 年')).toBeInTheDocument();
    expect(within(openRow).getByText('自归档起算')).toBeInTheDocument();
    expect(within(openRow).getByText('整理中')).toHaveClass('ant-tag-processing');
    expect(within(openRow).queryByText('即将到期')).toBeNull();

    await userEvent.click(within(openRow).getByText('查看'));
    await waitFor(() =>
      expect(location()).toBe('/archives-management/detail/a0000000-0000-4000-8000-000000000001'),
    );
  });

  it('a sealed archive shows its retention dates, and a warning when they end within 90 days', async () => {
    installFakeNetwork({ 'GET /api/archives': paged([sealed]) });
    open();
    const row = await rowOf('2026年焊工（电焊工）五级评价 第二期');
    expect(within(row).getByText('纸质至 2026-12-31')).toBeInTheDocument();
    expect(within(row).getByText('电子至 2028-12-31')).toBeInTheDocument();
    expect(within(row).getByText('即将到期')).toHaveClass('ant-tag-warning');
    expect(within(row).getByText('即将到期')).toHaveAttribute('title', '保管期限90 天内到期');
    expect(within(row).getByText('已归档')).toHaveClass('ant-tag-purple');
    expect(within(row).getByText('5/5')).toBeInTheDocument();
  });

  it('the keyword and the 90 天内到期 switch (expiring=1) reach the list', async () => {
    const network = installFakeNetwork({ 'GET /api/archives': paged([archiveRow()]) });
    open();
    await rowOf('2026年电工四级评价 第二期');
    expect(network.callsTo('GET /api/archives')[0]!.query.has('expiring')).toBe(false);
    const form = screen.getByRole('form', { name: '档案搜索' });
    await userEvent.type(within(form).getByLabelText('关键词'), '电工');
    await userEvent.click(within(form).getByRole('switch', { name: '90 天内到期' }));
    await userEvent.click(within(form).getByRole('button', { name: /搜\s?索/ }));
    await waitFor(() =>
      expect(network.callsTo('GET /api/archives').at(-1)?.query.get('keyword')).toBe('电工'),
    );
    const last = network.callsTo('GET /api/archives').at(-1)!;
    expect(last.query.get('expiring')).toBe('1');
    expect(last.query.get('page')).toBe('1');
    expect(last.query.has('status')).toBe(false);
  });

  it('with no archive yet the list says when one appears', async () => {
    installFakeNetwork({ 'GET /api/archives': paged([]) });
    open();
    expect(await screen.findByText('评价计划审批通过后自动建档，随评价进行归集材料')).toBeInTheDocument();
  });

  it('a failed request shows the reason and 重新获取 asks again', async () => {
    let answer = fail(500, '服务器繁忙，请稍后再试');
    const network = installFakeNetwork({ 'GET /api/archives': () => answer });
    open();
    // The list's place says it: 加载失败 and the reason (a message says the reason too).
    expect(await findWithRole(document, 'alert', /^加载失败服务器繁忙，请稍后再试/)).toBeInTheDocument();
    answer = paged([archiveRow()]);
    await userEvent.click(screen.getByRole('button', { name: /重新获取/ }));
    await rowOf('2026年电工四级评价 第二期');
    expect(network.callsTo('GET /api/archives').length).toBeGreaterThan(1);
  });
});
