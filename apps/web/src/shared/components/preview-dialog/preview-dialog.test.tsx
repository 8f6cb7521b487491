import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { PreviewDialog, type PreviewFile, usePreviewDialog } from './preview-dialog';
import { downloadUrl, fileExtension, previewKind } from './preview-kind';

const renderAsync = vi.fn(async (_data: unknown, container: HTMLElement) => {
  container.innerHTML = '<section class="docx">合同正文</section>';
});
vi.mock('docx-preview', () => ({ renderAsync: (...args: [unknown, HTMLElement]) => renderAsync(...args) }));

/** Serves one binary file at `url`, as `GET /api/files/:id` does. */
function serveFile(url: string, bytes: ArrayBuffer) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === url ? new Response(bytes, { status: 200 }) : new Response('', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

async function workbook(sheets: Record<string, unknown[][]>): Promise<ArrayBuffer> {
  const book = new Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function Opener({ file }: { file: PreviewFile }) {
  const { openPreview, previewDialog } = usePreviewDialog();
  return (
    <>
      <button type="button" onClick={() => openPreview(file)}>
        预览
      </button>
      {previewDialog}
    </>
  );
}

async function openPreviewOf(file: PreviewFile) {
  render(
    <AppProviders>
      <Opener file={file} />
    </AppProviders>,
  );
  await userEvent.click(screen.getByRole('button', { name: '预览' }));
  return screen.findByRole('dialog');
}

describe('previewKind (spec §9 Preview)', () => {
  it.each([
    ['photo.JPG', 'image'],
    ['a.jpeg', 'image'],
    ['b.png', 'image'],
    ['c.gif', 'image'],
    ['report.pdf', 'pdf'],
    ['contract.docx', 'docx'],
    ['scores.xlsx', 'sheet'],
    ['old.xls', 'sheet'],
    ['old.doc', 'download'],
    ['bundle.zip', 'download'],
    ['noext', 'download'],
  ])('%s → %s', (name, kind) => {
    expect(previewKind(name, '/api/files/4b0c')).toBe(kind);
  });

  it('falls back to the URL when the name has no extension', () => {
    expect(previewKind(undefined, 'https://cdn.example.com/x/file.PDF?sig=1')).toBe('pdf');
    expect(fileExtension('/a.b/c')).toBe('');
  });

  it('asks the file route for an attachment when downloading', () => {
    expect(downloadUrl('/api/files/abc')).toBe('/api/files/abc?download=1');
    expect(downloadUrl('https://cdn.example.com/a.zip')).toBe('https://cdn.example.com/a.zip');
  });
});

describe('PreviewDialog', () => {
  beforeEach(() => {
    renderAsync.mockClear();
  });

  it('shows an image', async () => {
    const dialog = await openPreviewOf({ url: '/api/files/img-1', name: '证件照.png' });
    expect(dialog).toHaveTextContent('证件照.png');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/files/img-1');
  });

  it('shows a PDF in the page', async () => {
    const dialog = await openPreviewOf({ url: '/api/files/pdf-1', name: '说明.pdf' });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', '/api/files/pdf-1');
  });

  it('renders a .docx with docx-preview', async () => {
    const bytes = new Uint8Array([80, 75, 3, 4]).buffer;
    serveFile('/api/files/doc-1', bytes);
    const dialog = await openPreviewOf({ url: '/api/files/doc-1', name: '合同.docx' });
    expect(await screen.findByText('合同正文')).toBeInTheDocument();
    expect(renderAsync).toHaveBeenCalledTimes(1);
    expect(new Uint8Array(renderAsync.mock.calls[0]?.[0] as ArrayBuffer)).toEqual(new Uint8Array(bytes));
    expect(dialog.querySelector('[data-testid="docx-view"]')).not.toBeNull();
  });

  it('renders the sheet of an .xlsx as a table', async () => {
    serveFile(
      '/api/files/xls-1',
      await workbook({
        成绩: [
          ['姓名', '成绩'],
          ['张三', 92],
        ],
      }),
    );
    await openPreviewOf({ url: '/api/files/xls-1', name: '成绩.xlsx' });
    expect(await screen.findByRole('cell', { name: '张三' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '92' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('gives a workbook of several sheets a tab per sheet', async () => {
    serveFile('/api/files/xls-2', await workbook({ 一班: [['李四']], 二班: [['王五']] }));
    await openPreviewOf({ url: '/api/files/xls-2', name: '名单.xls' });
    expect(await screen.findByRole('tab', { name: '一班' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '二班' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '李四' })).toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('tab', { name: '二班' }));
    });
    expect(await screen.findByRole('cell', { name: '王五' })).toBeInTheDocument();
  });

  it('says so when the file cannot be read', async () => {
    serveFile('/api/files/other', new ArrayBuffer(0));
    await openPreviewOf({ url: '/api/files/missing', name: '成绩.xlsx' });
    expect(await screen.findByText('文件加载失败，请下载后查看')).toBeInTheDocument();
  });

  it('offers anything else for download', async () => {
    const dialog = await openPreviewOf({ url: '/api/files/zip-1', name: '材料.zip' });
    expect(dialog).toHaveTextContent('该文件暂不支持在线预览');
    const link = screen.getByRole('link', { name: /下载文件/ });
    expect(link).toHaveAttribute('href', '/api/files/zip-1?download=1');
    expect(link).toHaveAttribute('download', '材料.zip');
  });

  it('closes through onClose', async () => {
    const onClose = vi.fn();
    render(
      <AppProviders>
        <PreviewDialog file={{ url: '/api/files/pdf-1', name: '说明.pdf' }} onClose={onClose} />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
