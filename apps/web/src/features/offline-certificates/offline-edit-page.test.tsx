import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BATCH_ID, batchDetail, batchOptions, CUSTOM_TEMPLATE_ID } from '@/test/certificate-sources';
import { installFakeNetwork, ok } from '@/test/fake-network';
import { uploadOk } from '@/test/files';
import { renderPage } from '@/test/render';
import { fieldGroup } from '@/test/ui';
import { OfflineEditPage } from './offline-edit-page';

const batchPath = `/api/offlineCertificateBatches/${BATCH_ID}`;
const itemOf = (label: string) => fieldGroup(label);

const open = () =>
  renderPage(
    `/offline-certificate/edit/${BATCH_ID}`,
    <OfflineEditPage />,
    [
      { path: '/offline-certificate', element: <p>证书生成列表</p> },
      { path: '/offline-certificate/confirm-add/:id', element: <p>确认发证页</p> },
    ],
    '/offline-certificate/edit/:id',
  );

describe('编辑证书 (edit)', () => {
  it('replacing the sheet and the template sends only those; the batch is read again (list, 解析中)', async () => {
    const network = installFakeNetwork({
      'GET /api/offlineCertificateBatches/options': ok(batchOptions()),
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`PATCH ${batchPath}`]: ok(null),
      'POST /api/files/upload': uploadOk,
    });
    const { location } = open();
    // The scope, dates and site are the batch's: shown, not offered.
    expect(await screen.findByText('2026-03-01 ~ 2026-03-03')).toBeInTheDocument();
    expect(screen.queryByText('职业', { selector: 'label' })).toBeNull();
    expect(screen.getByText('证书信息表.xlsx')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('证书模板'));
    await userEvent.click(await screen.findByTitle('企业自定义证书'));
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([80, 75, 3, 4])], '新的信息表.xlsx'),
    );
    await screen.findByText('新的信息表.xlsx');
    await userEvent.click(screen.getByText(/^保\s?存$/));
    await waitFor(() => expect(network.callsTo(`PATCH ${batchPath}`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${batchPath}`)[0].body).toEqual({
      template_id: CUSTOM_TEMPLATE_ID,
      file_id: expect.stringMatching(/^00000000-0000-4000-9000-/),
    });
    await waitFor(() => expect(location()).toBe('/offline-certificate'));
  });

  it('a batch being published cannot be edited, and says why', async () => {
    installFakeNetwork({
      'GET /api/offlineCertificateBatches/options': ok(batchOptions()),
      [`GET ${batchPath}`]: ok(batchDetail({ status: 2, status_text: '发布中' })),
    });
    open();
    expect(await screen.findByText('该批次发布中，只有待确认或失败的批次可以编辑')).toBeInTheDocument();
    expect(screen.getByText(/^保\s?存$/).closest('button')).toBeDisabled();
    expect(within(itemOf('证书模板')).getByText('职业技能等级证书（国家样式）')).toBeInTheDocument();
  });
});
