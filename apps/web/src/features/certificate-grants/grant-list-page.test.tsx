import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import {
  GRANT_ID,
  grantCertificate,
  grantDetail,
  grantDoneMessage,
  grantRow,
} from '@/test/certificate-sources';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { GrantDetailPage } from './grant-detail-page';
import { GrantListPage } from './grant-list-page';

const generating = grantRow({
  _id: 'g-generating',
  evaluation_name: '生成中的评价',
  status: 0,
  status_text: '生成中',
  success_count: 1,
});
const toConfirm = grantRow({ _id: 'g-confirm', evaluation_name: '待确认的评价' });
const granted = grantRow({
  _id: 'g-granted',
  evaluation_name: '已发证的评价',
  status: 2,
  status_text: '已发证',
  confirm_time_str: '2026-11-26 11:00:00',
});

const actionsOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  return [...row.querySelectorAll('td:last-child button')].map((b) => b.textContent?.replace(/\s/g, ''));
};

describe('证书发放 list and 发证详情', () => {
  it('lists grants with their state; 确认发证 only for 待确认, 查看进度 while 生成中, 详情 for all', async () => {
    installFakeNetwork({ 'GET /api/certificateGrants': paged([generating, toConfirm, granted]) });
    const { location } = renderPage('/grant-certificate', <GrantListPage />);
    expect(await actionsOf('生成中的评价')).toEqual(['查看进度', '详情']);
    expect(await actionsOf('待确认的评价')).toEqual(['确认发证', '详情']);
    expect(await actionsOf('已发证的评价')).toEqual(['详情']);
    const row = screen.getByText('生成中的评价').closest('tr') as HTMLElement;
    expect(within(row).getByText('生成中')).toBeInTheDocument();
    expect(within(row).getByText('1/3')).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByText('待确认的评价').closest('tr') as HTMLElement).getByText(/^确认发证$/),
    );
    await waitFor(() => expect(location()).toBe('/grant-certificate/confirm-add/g-confirm'));
  });

  it('the done message (create_level_evaluate_certificate_done) reads the list again', async () => {
    const network = installFakeNetwork({ 'GET /api/certificateGrants': paged([generating]) });
    renderPage('/grant-certificate', <GrantListPage />);
    await screen.findByText('生成中的评价');
    const before = network.callsTo('GET /api/certificateGrants').length;
    act(() => emitMessageArrived(grantDoneMessage('g-generating')));
    await waitFor(() => expect(network.callsTo('GET /api/certificateGrants').length).toBeGreaterThan(before));
  });

  it('searches by keyword', async () => {
    const network = installFakeNetwork({ 'GET /api/certificateGrants': paged([toConfirm]) });
    renderPage('/grant-certificate', <GrantListPage />);
    await screen.findByText('待确认的评价');
    const form = document.querySelector<HTMLElement>('form[aria-label="发证搜索"]')!;
    fireEvent.change(within(form).getByPlaceholderText('评价名称或计划编号'), {
      target: { value: ' 电工 ' },
    });
    fireEvent.click(within(form).getByText(/^搜\s?索$/));
    await waitFor(() =>
      expect(network.callsTo('GET /api/certificateGrants').at(-1)?.query.get('keyword')).toBe('电工'),
    );
  });

  it('the detail shows the grant, its certificates with 下载, 下载全部证书 (the zip) and the paper analysis', async () => {
    installFakeNetwork({
      [`GET /api/certificateGrants/${GRANT_ID}`]: ok(
        grantDetail({ status: 2, status_text: '已发证', confirm_time_str: '2026-11-26 11:00:00' }),
      ),
      [`GET /api/certificateGrants/${GRANT_ID}/certificates`]: paged([
        grantCertificate({ status: 1, status_text: '有效' }),
      ]),
      [`GET /api/certificateGrants/${GRANT_ID}/paperAnalysis`]: ok({
        parsing: 0,
        uploads: 0,
        pages: 0,
        matched: 0,
        foreign: 0,
        unreadable: 0,
        duplicate: 0,
        missing: 3,
        items: [],
      }),
    });
    renderPage(
      `/grant-certificate/detail/${GRANT_ID}`,
      <GrantDetailPage />,
      [],
      '/grant-certificate/detail/:id',
    );
    expect(await screen.findByText('发证详情：2026年第一期电工评价')).toBeInTheDocument();
    expect(screen.getByText('Y123433010600264000001 ~ Y123433010600264000003')).toBeInTheDocument();
    const row = (await screen.findByText('有效')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^下\s?载$/)).toBeInTheDocument();
    expect(screen.getByText('下载全部证书').closest('a')).toHaveAttribute(
      'href',
      `/api/certificateGrants/${GRANT_ID}/downloadCertificateZip`,
    );
    expect(screen.getByText('纸质证书分析')).toBeInTheDocument();
    expect(await screen.findByText('暂无纸质证书分析，请先上传扫描件')).toBeInTheDocument();
    expect(screen.queryByText(/尚未确认发证/)).toBeNull();
  });

  it('the detail of a grant not yet confirmed says so and leads to 确认发证', async () => {
    installFakeNetwork({
      [`GET /api/certificateGrants/${GRANT_ID}`]: ok(grantDetail()),
      [`GET /api/certificateGrants/${GRANT_ID}/certificates`]: paged([grantCertificate()]),
    });
    const { location } = renderPage(
      `/grant-certificate/detail/${GRANT_ID}`,
      <GrantDetailPage />,
      [],
      '/grant-certificate/detail/:id',
    );
    expect(await screen.findByText('证书尚未确认发证，确认前不生效，也不能公开查验')).toBeInTheDocument();
    fireEvent.click(screen.getByText('去确认发证'));
    await waitFor(() => expect(location()).toBe(`/grant-certificate/confirm-add/${GRANT_ID}`));
  });
});
