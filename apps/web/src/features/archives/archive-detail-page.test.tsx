import type { ArchiveDetail } from '@skill-cert/shared/archives';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { ARCHIVE_ID, archiveDetail, uploadedDocument } from '@/test/archives';
import { type FakeReply, fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderPage } from '@/test/render';
import { findDialogSaying, nameOf, withRole } from '@/test/ui';
import { ArchiveDetailPage } from './archive-detail-page';

const path = `/api/archives/${ARCHIVE_ID}`;
const UPLOAD = uploadedDocument();

const open = () =>
  renderPage(
    `/archives-management/detail/${ARCHIVE_ID}`,
    <ArchiveDetailPage />,
    [],
    '/archives-management/detail/:id',
  );

/** A button by its text (antd spaces two-character labels). */
const button = (text: string, within: ParentNode = document.body) =>
  [...within.querySelectorAll('button, a')].find((b) => b.textContent?.replace(/\s/g, '') === text) as
    | HTMLElement
    | undefined;
const documentRow = (name: string) => screen.getByText(name).closest('.archive-document') as HTMLElement;
/** A volume of the archive's tree, by its title. */
const volumeNode = (title: string) => withRole(document, 'treeitem', new RegExp(`^${title}`));
const modalWith = (text: string | RegExp) => findDialogSaying(text);

const sealedArchive = (): ArchiveDetail =>
  archiveDetail({
    status: 1,
    status_text: '已归档',
    source_status: 7,
    source_status_text: '已归档',
    paper_retention_until: '2029-06-10',
    electronic_retention_until: '2031-06-10',
    sealed_time_str: '2026-06-10 15:00:00',
    sealed_by_name: '张三',
    abilities: { can_upload: false, can_delete: false, can_edit_retention: false, can_seal: false },
    timeline: [
      ...archiveDetail().timeline,
      {
        _id: 't4',
        source: 'plan',
        action: 'archive',
        action_text: '归档',
        user_name: '张三',
        note: null,
        create_time_str: '2026-06-10 15:00:00',
      },
      {
        _id: 't3',
        source: 'archive',
        action: 'seal',
        action_text: '归档',
        user_name: '张三',
        note: '纸质档案保管至 2029-06-10，电子档案保管至 2031-06-10',
        create_time_str: '2026-06-10 15:00:00',
      },
    ],
  });

describe('档案详情 (the archive detail)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('shows the five volumes as a tree: generated documents marked 系统生成, uploads with who and when', async () => {
    installFakeNetwork({ [`GET ${path}`]: ok(archiveDetail()) });
    open();
    expect(await screen.findByText('第1卷 报名与资格审核')).toBeInTheDocument();
    for (const title of ['第2卷 备案与计划', '第3卷 过程记录', '第4卷 试卷与结果', '第5卷 证书管理'])
      expect(screen.getByText(title)).toBeInTheDocument();
    expect(within(documentRow('考生名单与资格审核.xlsx')).getByText('系统生成')).toBeInTheDocument();
    const upload = documentRow('签到表.pdf');
    expect(within(upload).queryByText('系统生成')).toBeNull();
    expect(within(upload).getByText(/李四 上传于 2026-06-02 09:30:00/)).toBeInTheDocument();
    expect(screen.getByText('暂无文件')).toBeInTheDocument();
    // Uploads go to volumes 3 and 4 only.
    expect(button('上传材料', volumeNode('第3卷 过程记录'))).toBeDefined();
    expect(button('上传材料', volumeNode('第4卷 试卷与结果'))).toBeDefined();
    expect(button('上传材料', volumeNode('第1卷 报名与资格审核'))).toBeUndefined();
    // Only an uploaded item can be deleted.
    expect(button('删除', upload)).toBeDefined();
    expect(button('删除', documentRow('考生名单与资格审核.xlsx'))).toBeUndefined();
    expect(button('下载档案')?.getAttribute('href')).toBe(`${path}/download`);
    expect(screen.getByRole('list', { name: '档案记录' })).toHaveTextContent('建档');
    // 下载 fetches the document and saves it under its name.
    const saved = captureDownloads();
    const fetched = serveFiles({
      [`${path}/documents/${UPLOAD.key}`]: { type: 'application/pdf', name: '签到表.pdf' },
    });
    fireEvent.click(button('下载', upload) as HTMLElement);
    await waitFor(() => expect(fetched).toEqual([`${path}/documents/${UPLOAD.key}?download=1`]));
    await waitFor(() => expect(saved).toEqual(['签到表.pdf']));
  });

  it('a document that cannot be downloaded says 下载失败 with the reason, and the page stays', async () => {
    installFakeNetwork({
      [`GET ${path}`]: ok(archiveDetail()),
      [`GET ${path}/documents/${UPLOAD.key}`]: fail(404, '档案材料不存在'),
    });
    open();
    await screen.findByText('第1卷 报名与资格审核');
    fireEvent.click(button('下载', documentRow('签到表.pdf')) as HTMLElement);
    expect(await screen.findByText('下载失败：档案材料不存在')).toBeInTheDocument();
    expect(screen.getByText('第1卷 报名与资格审核')).toBeInTheDocument();
  });

  it('预览 opens a PDF in the preview dialog, and a generated .xlsx in the spreadsheet preview', async () => {
    installFakeNetwork({ [`GET ${path}`]: ok(archiveDetail()) });
    const book = new Workbook();
    book.addWorksheet('成绩').addRows([
      ['姓名', '成绩'],
      ['张三', 92],
    ]);
    const bytes = await book.xlsx.writeBuffer();
    const network = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname === `${path}/documents/scores`
        ? Promise.resolve(new Response(bytes as ArrayBuffer))
        : network(input, init),
    );
    open();
    await screen.findByText('评价计划与备案.pdf');
    await userEvent.click(button('预览', documentRow('评价计划与备案.pdf'))!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTitle('评价计划与备案.pdf')).toHaveAttribute('src', `${path}/documents/plan`);

    fireEvent.click(button('预览', documentRow('成绩表.xlsx'))!);
    await waitFor(() => expect(nameOf(dialog)).toBe('成绩表.xlsx'));
    // The spreadsheet preview reads the generated document and shows its rows.
    expect(await within(dialog).findByRole('cell', { name: '张三' })).toBeInTheDocument();
    expect(within(dialog).queryByTitle('成绩表.xlsx')).toBeNull();
  });

  it('上传材料 sends the file through the upload control and adds it to the volume it was opened from', async () => {
    let detail: FakeReply = ok(archiveDetail());
    const network = installFakeNetwork({
      [`GET ${path}`]: () => detail,
      'POST /api/files/upload': ok({
        file_id: 'f0000000-0000-4000-8000-000000000009',
        webPath: '/api/files/f0000000-0000-4000-8000-000000000009',
        originName: '考场记录.pdf',
      }),
      [`POST ${path}/items`]: () => {
        detail = ok(archiveDetail());
        return ok(uploadedDocument({ key: 'new', item_id: 'new', name: '考场记录.pdf' }));
      },
    });
    open();
    await screen.findByText('第3卷 过程记录');
    await userEvent.click(button('上传材料', volumeNode('第3卷 过程记录'))!);
    const dialog = await modalWith('材料文件');
    expect(within(dialog).getByLabelText('第3卷 过程记录')).toBeChecked();
    // Nothing picked: the field says so and nothing is sent.
    await userEvent.click(button('确定', dialog)!);
    expect(await within(dialog).findByText('请上传材料文件')).toBeInTheDocument();
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['%PDF-1.4'], '考场记录.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('考场记录.pdf');
    await userEvent.click(button('确定', dialog)!);
    await waitFor(() => expect(network.callsTo(`POST ${path}/items`)).toHaveLength(1));
    expect(network.callsTo(`POST ${path}/items`)[0]!.body).toEqual({
      volume: 3,
      file_id: 'f0000000-0000-4000-8000-000000000009',
    });
    expect(await screen.findByText('材料已上传')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo(`GET ${path}`).length).toBeGreaterThan(1));
  });

  it('上传材料 names ZIP among the kinds it takes, and takes one', async () => {
    const network = installFakeNetwork({
      [`GET ${path}`]: ok(archiveDetail()),
      'POST /api/files/upload': ok({
        file_id: 'f0000000-0000-4000-8000-000000000010',
        webPath: '/api/files/f0000000-0000-4000-8000-000000000010',
        originName: '考场照片.zip',
      }),
    });
    open();
    await screen.findByText('第3卷 过程记录');
    await userEvent.click(button('上传材料', volumeNode('第3卷 过程记录'))!);
    const dialog = await modalWith('材料文件');
    expect(
      within(dialog).getByText('PDF、Word、Excel、JPG/PNG 图片或 ZIP 压缩包，不超过 50M'),
    ).toBeInTheDocument();
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['PK'], '考场照片.zip', { type: 'application/zip' }),
    );
    await within(dialog).findByText('考场照片.zip');
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(1);
  });

  it('删除 asks first, then deletes the uploaded item', async () => {
    const network = installFakeNetwork({
      [`GET ${path}`]: ok(archiveDetail()),
      [`DELETE ${path}/items/${UPLOAD.item_id}`]: ok(null),
    });
    open();
    await screen.findByText('签到表.pdf');
    await userEvent.click(button('删除', documentRow('签到表.pdf'))!);
    const dialog = await modalWith('确定删除材料“签到表.pdf”吗？删除后不可恢复。');
    expect(network.callsTo(`DELETE ${path}/items/${UPLOAD.item_id}`)).toHaveLength(0);
    fireEvent.click(button('删除', dialog)!);
    await waitFor(() => expect(network.callsTo(`DELETE ${path}/items/${UPLOAD.item_id}`)).toHaveLength(1));
  });

  it('封存归档 says nothing can be added or removed afterwards; once sealed nothing that changes is offered', async () => {
    let detail: FakeReply = ok(archiveDetail());
    const network = installFakeNetwork({
      [`GET ${path}`]: () => detail,
      [`POST ${path}/seal`]: () => {
        detail = ok(sealedArchive());
        return detail;
      },
    });
    open();
    await screen.findByText('签到表.pdf');
    fireEvent.click(button('封存归档')!);
    const dialog = await modalWith(/不能再上传或删除任何材料/);
    expect(network.callsTo(`POST ${path}/seal`)).toHaveLength(0);
    fireEvent.click(button('确认归档', dialog)!);
    await waitFor(() => expect(network.callsTo(`POST ${path}/seal`)).toHaveLength(1));
    expect(await screen.findByText(/档案已于 2026-06-10 15:00:00 由 张三 封存归档/)).toBeInTheDocument();
    expect(screen.getAllByText('已归档')[0]).toHaveClass('ant-tag');
    expect(button('封存归档')).toBeUndefined();
    expect(button('上传材料')).toBeUndefined();
    expect(button('删除', documentRow('签到表.pdf'))).toBeUndefined();
    expect(button('修改保管期限')).toBeUndefined();
    expect(screen.getByText('3 年（至 2029-06-10）')).toBeInTheDocument();
    // Still readable and downloadable.
    expect(button('预览', documentRow('签到表.pdf'))).toBeDefined();
    expect(button('下载档案')).toBeDefined();
    // The seal is on the plan's timeline and the archive's: shown once, with the retention dates.
    const timeline = screen.getByRole('list', { name: '档案记录' });
    expect(within(timeline).getAllByText('归档')).toHaveLength(1);
    expect(within(timeline).getByText(/纸质档案保管至 2029-06-10/)).toBeInTheDocument();
  });

  it('封存归档 is disabled with the reason while the plan is not ready', async () => {
    installFakeNetwork({
      [`GET ${path}`]: ok(
        archiveDetail({
          source_status: 5,
          source_status_text: '已通过',
          abilities: { can_upload: true, can_delete: true, can_edit_retention: true, can_seal: false },
          seal_blocked_reason: '评价计划尚未发证，不能归档',
        }),
      ),
    });
    open();
    expect(await screen.findByText('暂不能归档：评价计划尚未发证，不能归档')).toBeInTheDocument();
    expect(button('封存归档')).toBeDisabled();
  });

  it('a member uploads but neither deletes, edits retention nor seals', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({
      [`GET ${path}`]: ok(
        archiveDetail({
          abilities: { can_upload: true, can_delete: false, can_edit_retention: false, can_seal: false },
        }),
      ),
    });
    open();
    await screen.findByText('签到表.pdf');
    expect(button('上传材料', volumeNode('第3卷 过程记录'))).toBeDefined();
    expect(button('删除', documentRow('签到表.pdf'))).toBeUndefined();
    expect(button('修改保管期限')).toBeUndefined();
    expect(button('封存归档')).toBeDisabled();
    expect(screen.getByText('暂不能归档：仅企业管理员可以封存归档')).toBeInTheDocument();
  });

  it('修改保管期限 checks the years, naming the field and the legal minimum, and saves them', async () => {
    let detail: FakeReply = ok(archiveDetail());
    const network = installFakeNetwork({
      [`GET ${path}`]: () => detail,
      [`PATCH ${path}`]: () => {
        detail = ok(archiveDetail({ paper_retention_years: 10 }));
        return detail;
      },
    });
    open();
    await screen.findByText('3 年（自归档起算）');
    await userEvent.click(button('修改保管期限')!);
    const dialog = await modalWith('纸质档案保管期限（年）');
    const paper = within(dialog).getByLabelText('纸质档案保管期限（年）');
    await userEvent.clear(paper);
    await userEvent.click(button('保存', dialog)!);
    expect(await within(dialog).findByText('请填写纸质档案保管期限')).toBeInTheDocument();
    // 0 (or anything under the legal minimum) stays as typed and is refused, naming the minimum.
    await userEvent.type(paper, '0');
    await userEvent.click(button('保存', dialog)!);
    expect(await within(dialog).findByText('纸质档案保管期限不能少于法定最短期限 3 年')).toBeInTheDocument();
    expect(paper).toHaveValue('0');
    const electronic = within(dialog).getByLabelText('电子档案保管期限（年）');
    await userEvent.clear(electronic);
    await userEvent.type(electronic, '4');
    await userEvent.click(button('保存', dialog)!);
    expect(await within(dialog).findByText('电子档案保管期限不能少于法定最短期限 5 年')).toBeInTheDocument();
    expect(network.callsTo(`PATCH ${path}`)).toHaveLength(0);
    await userEvent.clear(electronic);
    await userEvent.type(electronic, '5');
    await userEvent.clear(paper);
    await userEvent.type(paper, '10');
    await userEvent.click(button('保存', dialog)!);
    await waitFor(() => expect(network.callsTo(`PATCH ${path}`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${path}`)[0]!.body).toEqual({
      paper_retention_years: 10,
      electronic_retention_years: 5,
    });
    expect(await screen.findByText('10 年（自归档起算）')).toBeInTheDocument();
  });

  it('an archive of another company (or none) says so and offers to ask again', async () => {
    installFakeNetwork({ [`GET ${path}`]: fail(404, '档案不存在或已删除') });
    open();
    expect(await screen.findByText('档案不存在或已删除')).toBeInTheDocument();
    expect(button('重新获取')).toBeDefined();
  });
});
