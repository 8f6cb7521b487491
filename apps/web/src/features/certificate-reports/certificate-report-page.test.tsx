import type { ReportRow } from '@skill-cert/shared/certificate-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialog, rowWith } from '@/test/ui';
import { CertificateReportPage } from './certificate-report-page';

const report: ReportRow = {
  _id: '00000000-0000-4000-8000-000000000001',
  company_id: null,
  company_name: '全部单位',
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  issued: 12,
  reissued: 1,
  revoked: 2,
  replaced: 1,
  total: 16,
  created_by_name: 'pingtai',
  create_time_str: '2026-02-01 09:00:00',
};

function open(permissions: string[]) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  installFakeNetwork({
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    'GET /api/certificateReports': paged([report]),
    'GET /api/platform/companies': paged([]),
  });
  renderPage('/certificate-report', <CertificateReportPage />);
}

describe('CertificateReportPage (数据上报 of the platform)', () => {
  it('lists each report with its counts by kind and a link to its .xlsx', async () => {
    open(['platform:report:list', 'platform:report:create']);
    const row = await waitForRow('全部单位');
    expect(row.textContent).toContain('2026-01-01 至 2026-01-31');
    expect(row.textContent).toContain('16');
    const download = within(row).getByText('下载').closest('a')!;
    expect(download.getAttribute('href')).toBe(`/api/certificateReports/${report._id}/export`);
  });

  it('生成上报批次 opens the form, which asks for the issue dates before it counts anything', async () => {
    open(['platform:report:list', 'platform:report:create']);
    await userEvent.click(await screen.findByText('生成上报批次'));
    const dialog = await findDialog('生成上报批次');
    expect(within(dialog).getByText('全部单位')).toBeTruthy();
    const generate = within(dialog)
      .getAllByRole('button')
      .find((b) => b.textContent?.replace(/\s/g, '') === '生成');
    expect(generate).toBeDisabled();
  });

  it('without platform:report:create there is no 生成上报批次', async () => {
    open(['platform:report:list']);
    await waitForRow('全部单位');
    expect(screen.queryByText('生成上报批次')).toBeNull();
  });
});

async function waitForRow(text: string): Promise<HTMLElement> {
  await screen.findByText(text);
  return rowWith(screen.getByRole('table'), text);
}
