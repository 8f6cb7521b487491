import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeReply, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { fieldErrors } from '@/test/ui';
import { BATCH_POLL_MS } from '../api/batches';
import {
  batch,
  buttonNamed,
  byLabel,
  certificateRow,
  clickButton,
  dialogNamed,
  signInEnterprise,
  template,
  uploadOk,
} from '../test-fixtures';
import { BatchList } from './batch-list';

const xlsx = (name = '证书数据.xlsx') =>
  new File([new Uint8Array([80, 75, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const zip = () => new File([new Uint8Array([80, 75, 3, 4])], '照片.zip', { type: 'application/zip' });

const fileInputs = (dialog: HTMLElement) => dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');

async function pickTemplate(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(dialog.querySelector('[role="combobox"]')!);
  await userEvent.click(await screen.findByTitle(name));
}

/** The batch list with its 新建批量生成 dialog open. */
async function openCreateDialog(): Promise<HTMLElement> {
  renderWithProviders(<BatchList />);
  await clickButton(document.body, '新建批量生成');
  return dialogNamed('开始生成');
}

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
describe('批量生成 tab', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists batches with template, status tag and text, counts and time; searches by name and status', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': (request) =>
        request.query.get('name')
          ? paged([batch({ name: '三月批次' })], 1)
          : paged(
              [
                batch({ name: '一月批次', total: 10, success_count: 10 }),
                batch({
                  name: '二月批次',
                  certificate_handle_status: 2,
                  certificate_handle_status_value: '部分失败',
                  total: 5,
                  success_count: 4,
                  failed_count: 1,
                }),
              ],
              23,
            ),
    });
    renderWithProviders(<BatchList />);

    const done = (await screen.findByText('一月批次')).closest('tr')!;
    expect(within(done).getByText('职业技能等级证书')).toBeInTheDocument();
    expect(within(done).getByText('已完成')).toHaveClass('ant-tag-success');
    expect(within(done).getByText('2026-03-03 09:00:00')).toBeInTheDocument();
    const partly = screen.getByText('二月批次').closest('tr')!;
    expect(within(partly).getByText('部分失败')).toHaveClass('ant-tag-error');
    expect(partly).toHaveTextContent('5 / 4 / 1');
    expect(screen.getByText('共 23 条')).toBeInTheDocument();

    const search = byLabel(document.body, '批量生成搜索');
    fireEvent.change(within(search).getByPlaceholderText('请输入名称'), { target: { value: '三月' } });
    fireEvent.mouseDown(search.querySelector('[role="combobox"]')!);
    await userEvent.click(await screen.findByTitle('已完成'));
    await clickButton(search, '搜索');
    expect(await screen.findByText('三月批次')).toBeInTheDocument();
    expect(
      Object.fromEntries(network.callsTo('GET /api/customCertificateBatchUploadRecords').at(-1)!.query),
    ).toEqual({ name: '三月', certificate_handle_status: '1', page: '1', per_page: '10' });
  });

  it('a batch still generating shows a progress bar and is asked again every 2 s until it ends', async () => {
    // Only the 2 s poll interval is faked and moved on by hand: the test waits for events, never for the clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signInEnterprise();
    const running = batch({
      name: '生成中批次',
      certificate_handle_status: 0,
      certificate_handle_status_value: '生成中',
      progress: 10,
      success_count: 0,
    });
    let polls = 0;
    let finished = false;
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': () =>
        paged([
          finished
            ? batch({ ...running, certificate_handle_status: 1, certificate_handle_status_value: '已完成' })
            : running,
        ]),
      [`GET /api/customCertificateBatchUploadRecords/${running._id}`]: () => {
        polls += 1;
        if (polls >= 2) finished = true;
        return ok(
          polls === 1
            ? { ...running, progress: 60, success_count: 2 }
            : {
                ...running,
                certificate_handle_status: 1,
                certificate_handle_status_value: '已完成',
                progress: 100,
                success_count: 3,
              },
        );
      },
    });
    renderWithProviders(<BatchList />);

    const row = (await screen.findByText('生成中批次')).closest('tr')!;
    expect(within(row).getByText('生成中')).toHaveClass('ant-tag-processing');
    await waitFor(() =>
      expect(row.querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '60'),
    );

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect(await within(row).findByText('已完成')).toBeInTheDocument();
    expect(row.querySelector('[role="progressbar"]')).toBeNull();
    const times = network.callsTo(`GET /api/customCertificateBatchUploadRecords/${running._id}`).length;
    expect(times).toBe(2);
    // Finished: the list is asked again for the final counts, and polling stops.
    await waitFor(() =>
      expect(network.callsTo('GET /api/customCertificateBatchUploadRecords').length).toBe(2),
    );
    await vi.advanceTimersByTimeAsync(5 * BATCH_POLL_MS);
    expect(network.callsTo(`GET /api/customCertificateBatchUploadRecords/${running._id}`)).toHaveLength(2);
  });

  it('新建批量生成 requires 请输入名称, 请选择证书模板 and 请上传文件', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([template()]),
    });
    const dialog = await openCreateDialog();
    await clickButton(dialog, '开始生成');

    await waitFor(() => expect(fieldErrors(dialog)).toEqual(['请输入名称', '请选择证书模板', '请上传文件']));
    expect(network.callsTo('POST /api/customCertificateBatchUploadRecords')).toHaveLength(0);
  });

  it('uploads the spreadsheet and the photos zip, then creates the batch and lists it', async () => {
    signInEnterprise();
    const chosen = template({ template_name: '电工证书' });
    let created = false;
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': () =>
        paged(created ? [batch({ name: '四月批次' })] : []),
      'GET /api/customCertificateTemplates': paged([template(), chosen]),
      'POST /api/files/upload': uploadOk,
      'POST /api/customCertificateBatchUploadRecords': (request) => {
        created = true;
        return ok(batch(request.body as object));
      },
    });
    const dialog = await openCreateDialog();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: ' 四月批次 ' } });
    await pickTemplate(dialog, '电工证书');
    // Only .xlsx for the sheet.
    await userEvent.upload(fileInputs(dialog)[0]!, new File(['x'], '数据.csv', { type: 'text/csv' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('请上传 .xlsx 格式的表格文件')).toBeInTheDocument();
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx());
    expect(await within(dialog).findByText('证书数据.xlsx')).toBeInTheDocument();
    await userEvent.upload(fileInputs(dialog)[1]!, zip());
    expect(await within(dialog).findByText('照片.zip')).toBeInTheDocument();
    await clickButton(dialog, '开始生成');

    await waitFor(() =>
      expect(network.callsTo('POST /api/customCertificateBatchUploadRecords')).toHaveLength(1),
    );
    expect(network.callsTo('POST /api/customCertificateBatchUploadRecords')[0]!.body).toEqual({
      name: '四月批次',
      custom_certificate_template_id: chosen._id,
      file_id: '00000000-0000-4000-9000-000000000001',
      photo_zip_file_id: '00000000-0000-4000-9000-000000000002',
    });
    expect(network.callsTo('POST /api/files/upload').map((c) => c.query.get('type'))).toEqual(['any', 'any']);
    expect(await screen.findByText('四月批次')).toBeInTheDocument();
  });

  it('after the upload, the photos no row uses and the rows without a photo are listed (部分照片未能匹配)', async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': () => paged([]),
      'GET /api/customCertificateTemplates': paged([template({ template_name: '电工证书' })]),
      'POST /api/files/upload': uploadOk,
      'POST /api/customCertificateBatchUploadRecords': () =>
        ok({
          ...batch(),
          photo_match: {
            unmatched_photos: ['照片/陌生人.jpg'],
            unmatched_photo_count: 1,
            rows_without_photo: [{ row_number: 3, row_key: '2', blank: '照片' }],
            rows_without_photo_count: 120,
          },
        }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '四月批次' } });
    await pickTemplate(dialog, '电工证书');
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx());
    await userEvent.upload(fileInputs(dialog)[1]!, zip());
    expect(await within(dialog).findByText('照片.zip')).toBeInTheDocument();
    await clickButton(dialog, '开始生成');

    const report = await screen.findByLabelText('照片匹配结果');
    expect(screen.getAllByText('部分照片未能匹配').length).toBeGreaterThan(0);
    expect(report).toHaveTextContent('照片压缩包中有 1 张照片没有对应的行：照片/陌生人.jpg');
    expect(report).toHaveTextContent('有 120 处缺少照片：第 3 行（序号 2）照片 等 120 个');
  });

  it('a file being sent shows the share sent (已上传 50%); removing it cancels the upload and keeps nothing', async () => {
    signInEnterprise();
    let release: (reply: FakeReply) => void = () => {};
    installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([template()]),
      'POST /api/files/upload': () =>
        new Promise<FakeReply>((resolve) => {
          release = resolve;
        }),
    });
    const dialog = await openCreateDialog();
    await userEvent.upload(fileInputs(dialog)[1]!, zip());
    expect(await within(dialog).findByText('照片.zip（已上传 50%）')).toBeInTheDocument();

    // The one file listed: the zip being sent.
    await userEvent.click(within(dialog).getByTitle('删除文件'));
    expect(await screen.findByText('已取消上传')).toBeInTheDocument();
    release(ok({ file_id: 'late', webPath: '/api/files/late', originName: '照片.zip' }));
    await waitFor(() => expect(within(dialog).queryByText(/照片\.zip/)).not.toBeInTheDocument());
  });

  it('a file picked while another is being sent replaces it: the first is cancelled without 已取消上传', async () => {
    signInEnterprise();
    const releases: ((reply: FakeReply) => void)[] = [];
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([template()]),
      'POST /api/files/upload': (request) =>
        new Promise<FakeReply>((resolve) => {
          releases.push(() => resolve(uploadOk(request)));
        }),
    });
    const dialog = await openCreateDialog();
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx('第一版.xlsx'));
    expect(await within(dialog).findByText('第一版.xlsx（已上传 50%）')).toBeInTheDocument();
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx('第二版.xlsx'));
    expect(await within(dialog).findByText('第二版.xlsx（已上传 50%）')).toBeInTheDocument();
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(2);

    releases[1]!(ok({}));
    expect(await within(dialog).findByText('第二版.xlsx')).toBeInTheDocument();
    // The first one's late answer is dropped: it was cancelled.
    releases[0]!(ok({}));
    await act(() => network.settled());
    expect(within(dialog).getByText('第二版.xlsx')).toBeInTheDocument();
    expect(within(dialog).queryByText(/第一版/)).not.toBeInTheDocument();
    expect(screen.queryByText('已取消上传')).not.toBeInTheDocument();
  });

  it('开始生成 waits while a file is still being sent (文件上传中，请等待上传完成), then sends the batch with it', async () => {
    signInEnterprise();
    const chosen = template({ template_name: '电工证书' });
    let release: (reply: FakeReply) => void = () => {};
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([chosen]),
      'POST /api/files/upload': (request) => {
        const file = (request.body as FormData).get('file') as File;
        if (!file.name.endsWith('.zip')) return uploadOk(request);
        return new Promise<FakeReply>((resolve) => {
          release = () => resolve(uploadOk(request));
        });
      },
      'POST /api/customCertificateBatchUploadRecords': (request) => ok(batch(request.body as object)),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '五月批次' } });
    await pickTemplate(dialog, '电工证书');
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx());
    expect(await within(dialog).findByText('证书数据.xlsx')).toBeInTheDocument();
    await userEvent.upload(fileInputs(dialog)[1]!, zip());
    expect(await within(dialog).findByText('照片.zip（已上传 50%）')).toBeInTheDocument();

    const start = buttonNamed(dialog, '开始生成');
    expect(start).toBeDisabled();
    expect(start).toHaveAttribute('title', '文件上传中，请等待上传完成');
    fireEvent.click(start);
    expect(network.callsTo('POST /api/customCertificateBatchUploadRecords')).toHaveLength(0);

    release(ok({}));
    expect(await within(dialog).findByText('照片.zip')).toBeInTheDocument();
    await waitFor(() => expect(buttonNamed(dialog, '开始生成')).toBeEnabled());
    await clickButton(dialog, '开始生成');
    await waitFor(() =>
      expect(network.callsTo('POST /api/customCertificateBatchUploadRecords')).toHaveLength(1),
    );
    const body = network.callsTo('POST /api/customCertificateBatchUploadRecords')[0]!.body as {
      photo_zip_file_id: string | null;
    };
    expect(body.photo_zip_file_id).toMatch(/^00000000-0000-4000-9000-/);
  });

  it('the photos zip may be up to 2 GB, the spreadsheet 50 MB: a bigger file is refused before it is sent', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([template()]),
      'POST /api/files/upload': uploadOk,
    });
    const sized = (file: File, bytes: number) => Object.defineProperty(file, 'size', { value: bytes });
    const dialog = await openCreateDialog();

    await userEvent.upload(fileInputs(dialog)[0]!, sized(xlsx(), 50 * 1024 * 1024 + 1));
    expect(await screen.findByText('上传的文件大小不能超过 50M!')).toBeInTheDocument();
    await userEvent.upload(fileInputs(dialog)[1]!, sized(zip(), 2 * 1024 * 1024 * 1024 + 1));
    expect(await screen.findByText('上传的压缩包大小不能超过 2G!')).toBeInTheDocument();
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(0);

    // 1.5 GB of photos is fine.
    await userEvent.upload(fileInputs(dialog)[1]!, sized(zip(), 1.5 * 1024 * 1024 * 1024));
    expect(await within(dialog).findByText('照片.zip')).toBeInTheDocument();
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(1);
  });

  it('a rejected upload shows the message and its problems row by row', async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([]),
      'GET /api/customCertificateTemplates': paged([template()]),
      'POST /api/files/upload': uploadOk,
      'POST /api/customCertificateBatchUploadRecords': {
        status: 400,
        body: {
          code: 400,
          message: '表格缺少必填列：身份证号',
          data: {
            errors: [
              { row: null, column: '身份证号', message: '缺少列「身份证号」' },
              { row: 3, column: '姓名', message: '第3行姓名重复' },
            ],
          },
        },
      },
    });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '五月批次' } });
    await pickTemplate(dialog, '职业技能等级证书');
    await userEvent.upload(fileInputs(dialog)[0]!, xlsx());
    await within(dialog).findByText('证书数据.xlsx');
    await clickButton(dialog, '开始生成');

    const problems = await waitFor(() => byLabel(dialog, '上传问题'));
    expect(problems).toHaveTextContent('表格缺少必填列：身份证号');
    const rows = problems.querySelectorAll('tbody tr');
    expect(rows[0]).toHaveTextContent('-身份证号缺少列「身份证号」');
    expect(rows[1]).toHaveTextContent('3姓名第3行姓名重复');
    // The dialog stays open for another try.
    expect(within(dialog).getByPlaceholderText('请输入名称')).toHaveValue('五月批次');
  });

  it('查看 opens the detail dialog of that batch; 下载全部 links the zip', async () => {
    signInEnterprise();
    const one = batch({ name: '六月批次' });
    installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords': paged([one]),
      [`GET /api/customCertificateBatchUploadRecords/${one._id}`]: ok(one),
      [`GET /api/customCertificateBatchUploadRecords/${one._id}/certificateList`]: paged([certificateRow()]),
    });
    renderWithProviders(<BatchList />);
    const row = (await screen.findByText('六月批次')).closest('tr')!;
    expect(buttonNamed(row, '下载全部')).toHaveAttribute(
      'href',
      `/api/customCertificateBatchUploadRecords/${one._id}/downloadCertificateZip`,
    );
    await clickButton(row, '查看');
    const dialog = await dialogNamed('证书详情');
    expect(await within(dialog).findByText('李四')).toBeInTheDocument();
  });
});
