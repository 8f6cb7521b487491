import type { PaperAnalysis } from '@skill-cert/shared/certificate-grants';
import { TemplateKey } from '@skill-cert/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { type FakeRequest, installFakeNetwork, ok } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { rowsOf } from '@/test/ui';
import { PaperAnalysisPanel } from './paper-analysis-panel';

const GRANT = 'grant-1';
const analysisRoute = `GET /api/certificateGrants/${GRANT}/paperAnalysis`;

const item = (i: number, outcome: 1 | 2 | 3 | 4, text: string, no: string | null = null) => ({
  _id: `item-${i}`,
  source_name: `扫描件.pdf 第${i}页`,
  outcome,
  outcome_text: text,
  certificate_id: no ? `c-${i}` : null,
  certificate_no: no,
  holder_name: no ? `学员${i}` : null,
  reason: outcome === 3 ? 'PDF 已加密，无法读取' : null,
  create_time_str: '2026-12-20 10:00:00',
});

const analysis = (over: Partial<PaperAnalysis> = {}): PaperAnalysis => ({
  parsing: 0,
  uploads: 1,
  pages: 4,
  matched: 1,
  foreign: 1,
  unreadable: 1,
  duplicate: 1,
  missing: 2,
  items: [
    item(1, 1, '匹配', 'Y00013301060126400000001'),
    item(2, 2, '非本批证书'),
    item(3, 3, '无法识别'),
    item(4, 4, '重复', 'Y00013301060126400000001'),
  ],
  ...over,
});

/** No page read yet: every certificate of the grant is missing. */
const nothingRead = (over: Partial<PaperAnalysis>) =>
  analysis({ pages: 0, matched: 0, foreign: 0, unreadable: 0, duplicate: 0, missing: 3, items: [], ...over });

const parsedMessage = (grantId: string) => ({
  _id: 'm-1',
  message_category_name: '证书通知',
  create_time_str: '2026-12-20 10:00:00',
  content: '纸质证书识别完成',
  whether_read: 0 as const,
  url: null,
  data: { _id: grantId, template_key: TemplateKey.PAPER_CERTIFICATE_PARSED },
});

const rows = () => rowsOf(screen.getByLabelText('纸质证书分析结果'));

describe('the paper analysis panel', () => {
  it('shows the counts, how many certificates were found, and each page with its outcome, filtered by outcome', async () => {
    installFakeNetwork({ [analysisRoute]: ok(analysis()) });
    renderWithProviders(<PaperAnalysisPanel grantId={GRANT} />);
    expect(await screen.findByText('已匹配 1 / 3 张证书')).toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    const results = screen.getByLabelText('纸质证书分析结果');
    expect(within(results).getByText('扫描件.pdf 第3页')).toBeInTheDocument();

    await userEvent.click(screen.getByText('无法识别（1）'));
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0] as HTMLElement).getByText('无法识别')).toBeInTheDocument();
  });

  it('a 无法识别 page says why', async () => {
    installFakeNetwork({ [analysisRoute]: ok(analysis()) });
    renderWithProviders(<PaperAnalysisPanel grantId={GRANT} />);
    await screen.findByText('已匹配 1 / 3 张证书');
    const unreadable = within(screen.getByRole('table')).getByText('扫描件.pdf 第3页').closest('tr')!;
    expect(within(unreadable).getByText('PDF 已加密，无法读取')).toBeInTheDocument();
    const matched = within(screen.getByRole('table')).getByText('扫描件.pdf 第1页').closest('tr')!;
    expect(within(matched).queryByText(/无法读取/)).toBeNull();
  });

  it('未匹配证书 lists the certificates no scan matched, searched and paged by the server', async () => {
    const missingRoute = `GET /api/certificateGrants/${GRANT}/paperAnalysis/missing`;
    const row = (i: number) => ({
      _id: `c-${i}`,
      certificate_no: `Y0001330106012640000000${i}`,
      holder_name: `学员${i}`,
      id_number: `33010619900101000${i}`,
    });
    const network = installFakeNetwork({
      [analysisRoute]: ok(analysis()),
      [missingRoute]: (request: FakeRequest) => {
        const list = request.query.get('keyword') ? [row(3)] : [row(2), row(3)];
        return ok({
          list,
          meta: { total: list.length, count: list.length, page: 1, per_page: 10, last_page: 1 },
        });
      },
    });
    renderWithProviders(<PaperAnalysisPanel grantId={GRANT} />);
    await userEvent.click(await screen.findByRole('tab', { name: '未匹配证书（2）' }));
    const table = await screen.findByRole('table', { name: '未匹配证书' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByText(/^学员\d$/)
          .map((c) => c.textContent),
      ).toEqual(['学员2', '学员3']),
    );
    expect(within(table).getByText('Y00013301060126400000002')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('关键词'), '学员3');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(within(table).queryByText('学员2')).toBeNull());
    expect(network.callsTo(missingRoute).at(-1)!.query.get('keyword')).toBe('学员3');
    expect(network.callsTo(missingRoute).at(-1)!.query.get('per_page')).toBe('10');
  });

  it('开始识别 sends the uploaded scans as one upload, then reads the analysis again', async () => {
    let uploads = 0;
    const network = installFakeNetwork({
      [analysisRoute]: ok(nothingRead({ uploads: 0 })),
      'POST /api/files/upload': (request: FakeRequest) => {
        uploads += 1;
        const file = (request.body as FormData).get('file') as File;
        return ok({
          file_id: `f-${uploads}`,
          webPath: `/api/files/f-${uploads}`,
          originName: file.name,
          size: 1,
          mime: 'image/jpeg',
        });
      },
      [`POST /api/certificateGrants/${GRANT}/paperScans`]: ok({ _id: 'u-1', file_count: 2 }),
    });
    renderWithProviders(<PaperAnalysisPanel grantId={GRANT} />);
    expect(await screen.findByText('暂无纸质证书分析，请先上传扫描件')).toBeInTheDocument();
    const start = screen.getByRole('button', { name: '开始识别' });
    expect(start).toBeDisabled();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [
      new File(['x'], '扫描1.jpg', { type: 'image/jpeg' }),
      new File(['%PDF'], '扫描2.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);

    await waitFor(() =>
      expect(network.callsTo(`POST /api/certificateGrants/${GRANT}/paperScans`)).toHaveLength(1),
    );
    expect(network.callsTo(`POST /api/certificateGrants/${GRANT}/paperScans`)[0].body).toEqual({
      file_ids: ['f-1', 'f-2'],
    });
    expect(await screen.findByText('已上传 2 个扫描件，正在后台识别，完成后将自动刷新')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo(analysisRoute)).toHaveLength(2));
    await waitFor(() => expect(start).toBeDisabled());
  });

  it('reads the analysis again when paper_certificate_parse_done names this grant, not another', async () => {
    let answer = nothingRead({ parsing: 1 });
    const network = installFakeNetwork({ [analysisRoute]: () => ok(answer) });
    renderWithProviders(<PaperAnalysisPanel grantId={GRANT} />);
    expect(await screen.findByText('有 1 次上传正在识别中，完成后将自动刷新')).toBeInTheDocument();

    act(() => emitMessageArrived(parsedMessage('another-grant')));
    answer = analysis();
    act(() => emitMessageArrived(parsedMessage(GRANT)));

    expect(await screen.findByText('已匹配 1 / 3 张证书')).toBeInTheDocument();
    expect(screen.queryByText(/正在识别中/)).not.toBeInTheDocument();
    expect(network.callsTo(analysisRoute)).toHaveLength(2);
  });
});
