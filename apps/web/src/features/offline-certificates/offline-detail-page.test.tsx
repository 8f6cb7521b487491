import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { BATCH_ID, batchDetail, certificateRow } from '@/test/certificate-sources';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderPage } from '@/test/render';
import { OfflineDetailPage } from './offline-detail-page';

const batchPath = `/api/offlineCertificateBatches/${BATCH_ID}`;
const published = batchDetail({
  status: 3,
  status_text: '已发布',
  total: 2,
  valid_count: 2,
  problem_count: 0,
  rendered_count: 2,
  first_no: 'Y123433010600264000001',
  last_no: 'Y123433010600264000002',
  publish_time_str: '2026-11-26 11:00:00',
});
const failedRender = certificateRow({
  _id: 'f0000000-0000-4000-8000-000000000002',
  certificate_no: 'Y123433010600264000002',
  holder_name: '王五',
  produce_status: 2,
  produce_status_text: '生成失败',
  fail_reason: '照片无法读取',
  status: 0,
  status_text: '待确认',
});

const open = () =>
  renderPage(
    `/offline-certificate/detail/${BATCH_ID}`,
    <OfflineDetailPage />,
    [{ path: '/offline-certificate/confirm-add/:id', element: <p>确认发证页</p> }],
    '/offline-certificate/detail/:id',
  );

describe('证书详情 (detail)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('counts, the batch’s fields, its certificates; 导出全部证书 is the streamed zip, 导出证书编号 the .xlsx', async () => {
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(published),
      [`GET ${batchPath}/certificates`]: paged([certificateRow()]),
    });
    open();
    expect(await screen.findByText(`证书详情：${published.name}`)).toBeInTheDocument();
    expect(screen.getByText('Y123433010600264000001 ~ Y123433010600264000002')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '数量统计' })).getByText('证书总数'),
    ).toBeInTheDocument();
    const row = (await screen.findByText('有效')).closest('tr') as HTMLElement;
    expect(within(row).getByText('李四')).toBeInTheDocument();
    const saved = captureDownloads();
    const fetched = serveFiles({
      '/api/certificates/f0000000-0000-4000-8000-000000000001/file': {
        type: 'application/pdf',
        name: '证书.pdf',
      },
    });
    fireEvent.click(within(row).getByText(/^下\s?载$/));
    await waitFor(() =>
      expect(fetched).toEqual(['/api/certificates/f0000000-0000-4000-8000-000000000001/file?download=1']),
    );
    expect(saved).toEqual(['证书.pdf']);
    expect(screen.getByText('导出全部证书').closest('a')).toHaveAttribute(
      'href',
      `${batchPath}/downloadCertificateZip`,
    );
    expect(screen.getByText('导出证书编号').closest('a')).toHaveAttribute('href', `${batchPath}/export`);
  });

  it('查看 shows the certificate’s PDF in the preview dialog', async () => {
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(published),
      [`GET ${batchPath}/certificates`]: paged([certificateRow()]),
    });
    open();
    const row = (await screen.findByText('Y123433010600264000001', { selector: 'td' })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(row).getByText(/^查\s?看$/));
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
        '/api/certificates/f0000000-0000-4000-8000-000000000001/file',
      ),
    );
  });

  it('a batch published with failed renders says so; an administrator renders a failed one again and the list is read again', async () => {
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: ok({ ...published, rendered_count: 1, failed_count: 1 }),
      [`GET ${batchPath}/certificates`]: paged([certificateRow(), failedRender]),
      [`POST ${batchPath}/certificates/${failedRender._id}/regenerate`]: ok(null),
    });
    open();
    expect(
      await screen.findByText('有 1 张证书生成失败，请重新生成；生成成功后证书即生效'),
    ).toBeInTheDocument();
    const row = (await screen.findByText('照片无法读取')).closest('tr') as HTMLElement;
    const listed = network.callsTo(`GET ${batchPath}/certificates`).length;
    await userEvent.click(within(row).getByText('重新生成'));
    await waitFor(() =>
      expect(network.callsTo(`POST ${batchPath}/certificates/${failedRender._id}/regenerate`)).toHaveLength(
        1,
      ),
    );
    expect(await screen.findByText('已开始重新生成王五的证书')).toBeInTheDocument();
    await waitFor(() =>
      expect(network.callsTo(`GET ${batchPath}/certificates`).length).toBeGreaterThan(listed),
    );
  });

  it('a batch not yet published has no certificates to export and leads to 确认发证', async () => {
    installFakeNetwork({ [`GET ${batchPath}`]: ok(batchDetail()) });
    const { location } = open();
    expect(await screen.findByText('尚未确认发证：确认后才分配证书编号并生成证书')).toBeInTheDocument();
    expect(screen.queryByText('导出全部证书')).toBeNull();
    fireEvent.click(screen.getByText('去确认发证'));
    await waitFor(() => expect(location()).toBe(`/offline-certificate/confirm-add/${BATCH_ID}`));
  });
});
