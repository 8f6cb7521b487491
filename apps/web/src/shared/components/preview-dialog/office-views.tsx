import { Alert, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fetchFile } from '@/shared/files';

export const FILE_LOAD_FAILED = '文件加载失败，请下载后查看';
/** Rows shown per sheet; a bigger sheet is cut so the dialog stays responsive. */
export const SHEET_ROW_LIMIT = 1000;

/** The bytes of an uploaded file, fetched as every download is (an ended session still opens 您已退出). */
export async function fetchFileBytes(url: string): Promise<ArrayBuffer> {
  const { blob } = await fetchFile(url, '');
  return blob.arrayBuffer();
}

type LoadState = 'loading' | 'ready' | 'failed';

function LoadFrame({ state, children }: { state: LoadState; children: React.ReactNode }) {
  return (
    <>
      {state === 'failed' && <Alert type="error" showIcon title={FILE_LOAD_FAILED} />}
      <Spin spinning={state === 'loading'}>{children}</Spin>
    </>
  );
}

/** A .docx rendered in the page by docx-preview. */
export function DocxView({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    let live = true;
    setState('loading');
    (async () => {
      const [bytes, { renderAsync }] = await Promise.all([fetchFileBytes(url), import('docx-preview')]);
      if (!live || !container.current) return;
      container.current.replaceChildren();
      await renderAsync(bytes, container.current, undefined, {
        inWrapper: true,
        ignoreLastRenderedPageBreak: true,
      });
      if (live) setState('ready');
    })().catch(() => {
      if (live) setState('failed');
    });
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <LoadFrame state={state}>
      <div
        ref={container}
        data-testid="docx-view"
        style={{ minHeight: 200, maxHeight: '70vh', overflow: 'auto' }}
      />
    </LoadFrame>
  );
}

interface Sheet {
  name: string;
  rows: string[][];
  truncated: boolean;
}

/** What a cell shows: its formatted text; a date as 2026-03-01 (with the time when it has one). */
function cellText(value: unknown, text: string): string {
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return text;
}

/**
 * Every sheet of an .xlsx workbook as rows of display text, read by exceljs (its browser build, loaded only when a
 * spreadsheet is previewed).
 */
export async function readSheets(bytes: ArrayBuffer): Promise<Sheet[]> {
  const exceljs = (await import('exceljs')) as typeof import('exceljs') & {
    default?: typeof import('exceljs');
  };
  const { Workbook } = exceljs.default ?? exceljs;
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets.map((worksheet) => {
    const rows: string[][] = [];
    worksheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value, cell.text ?? '');
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    return {
      name: worksheet.name,
      rows: rows.slice(0, SHEET_ROW_LIMIT),
      truncated: rows.length > SHEET_ROW_LIMIT,
    };
  });
}

const cellStyle = { border: '1px solid #e5e6eb', padding: '4px 8px', whiteSpace: 'nowrap' } as const;

function SheetTable({ sheet }: { sheet: Sheet }) {
  if (sheet.rows.length === 0) return <div style={{ padding: 16, color: '#86909c' }}>空工作表</div>;
  const width = Math.max(...sheet.rows.map((r) => r.length));
  return (
    <div style={{ maxHeight: '65vh', overflow: 'auto' }}>
      {/* Cells are text, rendered by React (escaped): a workbook cannot inject markup. */}
      <table style={{ borderCollapse: 'collapse', fontSize: 13 }}>
        <tbody>
          {sheet.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a sheet have no identity but their position.
            <tr key={r}>
              {Array.from({ length: width }, (_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above, for columns.
                <td key={c} style={cellStyle}>
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.truncated && <div style={{ padding: 8, color: '#86909c' }}>仅显示前 {SHEET_ROW_LIMIT} 行</div>}
    </div>
  );
}

/** An .xlsx shown as an HTML table, with a tab per sheet when there are several. */
export function SheetView({ url }: { url: string }) {
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    let live = true;
    setState('loading');
    setSheets(null);
    fetchFileBytes(url)
      .then(readSheets)
      .then((result) => {
        if (!live) return;
        setSheets(result);
        setState('ready');
      })
      .catch(() => {
        if (live) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [url]);

  let body: React.ReactNode = <div style={{ minHeight: 200 }} />;
  if (sheets && sheets.length === 1 && sheets[0]) body = <SheetTable sheet={sheets[0]} />;
  else if (sheets && sheets.length > 1) {
    body = (
      <Tabs
        items={sheets.map((sheet, i) => ({
          key: String(i),
          label: sheet.name,
          children: <SheetTable sheet={sheet} />,
        }))}
      />
    );
  }
  return (
    <LoadFrame state={state}>
      <div data-testid="sheet-view">{body}</div>
    </LoadFrame>
  );
}
