import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderWithProviders } from '@/test/render';
import { optionsOf, rowsOf } from '@/test/ui';
import {
  batch,
  buttonNamed,
  byLabel,
  certificateBlank,
  certificateRow,
  clickButton,
  dialogNamed,
  dialogTitled,
  signInEnterprise,
} from '../test-fixtures';
import { CustomCertificateDetailDialog } from './custom-certificate-detail-dialog';
import {
  CustomCertificateDialogHost,
  type RegisterCustomCertificateViewer,
} from './custom-certificate-dialog-host';

const base = '/api/customCertificateBatchUploadRecords';

const failedRow = () =>
  certificateRow({
    row_number: 2,
    blanks: [certificateBlank('name', '姓名', '王五'), certificateBlank('id_card', '身份证号', '')],
    custom_certificate_produce_status: 2,
    custom_certificate_produce_status_value: '生成失败',
    fail_reason: '请填写 身份证号',
    custom_certificate_file_info: null,
  });

function openDetail(batchId: string) {
  renderWithProviders(<CustomCertificateDetailDialog batchId={batchId} onClose={() => {}} />);
  return dialogNamed('证书详情');
}

const tableRows = (dialog: HTMLElement) => rowsOf(dialog);

// Whole dialogs with antd tables: slow in jsdom on a busy machine.
describe('CustomCertificateDetailDialog (spec §2, §3)', () => {
  it('shows name, the status tag with its text, template, company and the uploaded file with 预览 and 下载', async () => {
    signInEnterprise();
    const one = batch({ name: '三月批次' });
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([certificateRow()]),
    });
    const fetched = serveFiles({
      '/api/files/sheet-1': { type: 'application/octet-stream', name: '证书数据.xlsx' },
    });
    const saved = captureDownloads();
    const dialog = await openDetail(one._id);

    const info = await waitFor(() => byLabel(dialog, '批次信息'));
    expect(info).toHaveTextContent('三月批次');
    expect(within(info).getByText('已完成')).toHaveClass('ant-tag-success');
    expect(info).toHaveTextContent('职业技能等级证书');
    expect(info).toHaveTextContent('示例智能制造有限公司');
    expect(info).toHaveTextContent('证书数据.xlsx');
    expect(info).toHaveTextContent('共 3 张，成功 3 张，失败 0 张');

    await clickButton(info, '下载');
    await waitFor(() => expect(saved).toEqual(['证书数据.xlsx']));
    expect(fetched).toEqual(['/api/files/sheet-1?download=1']);

    await clickButton(info, '预览');
    const preview = await dialogTitled('证书数据.xlsx');
    // A spreadsheet is shown by the preview dialog's sheet view.
    expect(preview).not.toBe(dialog);
  });

  it.each([
    [0, '生成中', 'ant-tag-processing'],
    [1, '已完成', 'ant-tag-success'],
    [2, '部分失败', 'ant-tag-error'],
  ])('handling status %i is a %s tag (%s)', async (status, text, className) => {
    signInEnterprise();
    const one = batch({ certificate_handle_status: status, certificate_handle_status_value: text });
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([]),
    });
    const dialog = await openDetail(one._id);
    const info = await waitFor(() => byLabel(dialog, '批次信息'));
    expect(within(info).getByText(text)).toHaveClass(className);
  });

  it('a failed detail request says 获取生成证书详情出错，请稍后重试!', async () => {
    signInEnterprise();
    installFakeNetwork({ [`GET ${base}/missing`]: fail(404, '批次不存在') });
    const dialog = await openDetail('missing');
    expect(await within(dialog).findByText('获取生成证书详情出错，请稍后重试!')).toBeInTheDocument();
  });

  it('lists certificates 10 a page (10/20/30/50) with the main blanks, status tag and fail reason', async () => {
    signInEnterprise();
    const one = batch({ total: 25, success_count: 24, failed_count: 1 });
    const network = installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([certificateRow(), failedRow()], 25),
    });
    const dialog = await openDetail(one._id);

    await waitFor(() => expect(tableRows(dialog)).toHaveLength(2));
    const [done, failed] = tableRows(dialog);
    expect(done).toHaveTextContent('李四');
    expect(done).toHaveTextContent('110101199003071234');
    expect(within(done!).getByText('生成成功')).toHaveClass('ant-tag-success');
    expect(within(failed!).getByText('生成失败')).toHaveClass('ant-tag-error');
    expect(failed).toHaveTextContent('请填写 身份证号');
    // Headers come from the blanks.
    expect(dialog.querySelector('thead')).toHaveTextContent('姓名');
    expect(dialog.querySelector('thead')).toHaveTextContent('身份证号');
    // 重新生成 only for the failed one.
    expect(() => buttonNamed(done!, '重新生成')).toThrow();
    expect(buttonNamed(failed!, '重新生成')).toBeInTheDocument();

    expect(Object.fromEntries(network.callsTo(`GET ${base}/${one._id}/certificateList`)[0]!.query)).toEqual({
      page: '1',
      per_page: '10',
    });
    expect(within(dialog).getByText('共 25 条')).toBeInTheDocument();
    const sizes = within(dialog).getByLabelText('页码');
    fireEvent.mouseDown(sizes);
    await waitFor(() =>
      expect(optionsOf(sizes).map((o) => o.textContent)).toEqual([
        '10 条/页',
        '20 条/页',
        '30 条/页',
        '50 条/页',
      ]),
    );
    fireEvent.click(within(dialog).getByTitle('3'));
    await waitFor(() =>
      expect(network.callsTo(`GET ${base}/${one._id}/certificateList`).at(-1)!.query.get('page')).toBe('3'),
    );
  });

  it('searches certificates by name and filters by production status from page 1', async () => {
    signInEnterprise();
    const one = batch();
    const network = installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([certificateRow()]),
    });
    const dialog = await openDetail(one._id);
    const search = await waitFor(() => byLabel(dialog, '证书搜索'));
    fireEvent.change(within(search).getByPlaceholderText('请输入姓名'), { target: { value: '王' } });
    fireEvent.mouseDown(search.querySelector('[role="combobox"]')!);
    fireEvent.click(await screen.findByTitle('生成失败'));
    await clickButton(search, '搜索');
    await waitFor(() =>
      expect(
        Object.fromEntries(network.callsTo(`GET ${base}/${one._id}/certificateList`).at(-1)!.query),
      ).toEqual({
        name: '王',
        custom_certificate_produce_status: '2',
        page: '1',
        per_page: '10',
      }),
    );
  });

  it('a failed list says 获取证书数据列表失败，请重新获取！ and 重新获取 asks again', async () => {
    signInEnterprise();
    const one = batch();
    let attempts = 0;
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: () => {
        attempts += 1;
        return attempts === 1 ? fail(500, '服务器繁忙，请稍后重试') : paged([certificateRow()]);
      },
    });
    const dialog = await openDetail(one._id);
    expect(await within(dialog).findByText('获取证书数据列表失败，请重新获取！')).toBeInTheDocument();
    await clickButton(dialog, '重新获取');
    expect(await within(dialog).findByText('李四')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('查看 shows the certificate PDF, 下载 saves it, 下载全部 links the zip', async () => {
    signInEnterprise();
    const one = batch();
    const row = certificateRow({
      custom_certificate_file_info: { originName: '李四.pdf', webPath: '/api/files/pdf-9' },
    });
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([row]),
    });
    serveFiles({ '/api/files/pdf-9': { type: 'application/pdf', name: '李四.pdf' } });
    const saved = captureDownloads();
    const dialog = await openDetail(one._id);
    await waitFor(() => expect(tableRows(dialog)).toHaveLength(1));

    expect(buttonNamed(dialog, '下载全部')).toHaveAttribute(
      'href',
      `${base}/${one._id}/downloadCertificateZip`,
    );
    await clickButton(tableRows(dialog)[0]!, '下载');
    await waitFor(() => expect(saved).toEqual(['李四.pdf']));
    await clickButton(tableRows(dialog)[0]!, '查看');
    const preview = await dialogNamed('李四.pdf');
    expect(preview.querySelector('iframe')).toHaveAttribute('src', '/api/files/pdf-9');
  });

  it('a failed certificate download shows the 下载失败! notice', async () => {
    signInEnterprise();
    const one = batch();
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([
        certificateRow({ custom_certificate_file_info: { originName: 'a.pdf', webPath: '/api/files/gone' } }),
      ]),
      'GET /api/files/gone': fail(404, '文件不存在或已删除'),
    });
    const dialog = await openDetail(one._id);
    await waitFor(() => expect(tableRows(dialog)).toHaveLength(1));
    await clickButton(tableRows(dialog)[0]!, '下载');
    expect(await dialogNamed('下载失败!')).toHaveTextContent('文件不存在或已删除');
  });

  it('while the batch generates, its progress and rows refresh until it ends', async () => {
    signInEnterprise();
    const one = batch({
      certificate_handle_status: 0,
      certificate_handle_status_value: '生成中',
      progress: 40,
    });
    let detailCalls = 0;
    const network = installFakeNetwork({
      [`GET ${base}/${one._id}`]: () => {
        detailCalls += 1;
        return ok(
          detailCalls < 2
            ? one
            : { ...one, certificate_handle_status: 2, certificate_handle_status_value: '部分失败' },
        );
      },
      [`GET ${base}/${one._id}/certificateList`]: () => paged([certificateRow()]),
    });
    const dialog = await openDetail(one._id);
    await waitFor(() =>
      expect(dialog.querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '40'),
    );
    expect(await within(dialog).findByText('部分失败')).toHaveClass('ant-tag-error');
    // The list was asked again meanwhile and once more at the end.
    await waitFor(() =>
      expect(network.callsTo(`GET ${base}/${one._id}/certificateList`).length).toBeGreaterThanOrEqual(2),
    );
  });

  it('the host opens the dialog for whoever registered it (the 查看证书 message action)', async () => {
    signInEnterprise();
    const one = batch({ name: '消息里的批次' });
    installFakeNetwork({
      [`GET ${base}/${one._id}`]: ok(one),
      [`GET ${base}/${one._id}/certificateList`]: paged([]),
    });
    let view: ((id: string) => void) | null = null;
    let unregistered = false;
    const register: RegisterCustomCertificateViewer = (opener) => {
      view = opener;
      return () => {
        unregistered = true;
      };
    };
    const page = renderWithProviders(<CustomCertificateDialogHost register={register} />);
    await waitFor(() => expect(view).not.toBeNull());
    act(() => view!(one._id));
    const dialog = await dialogNamed('证书详情');
    expect(await within(dialog).findByText('消息里的批次')).toBeInTheDocument();
    page.unmount();
    expect(unregistered).toBe(true);
  });
});
