import type { TableColumnsType } from 'antd';
import { isValidElement, type ReactNode } from 'react';

/** The key every list gives its 操作 column: it is fixed on the right and never truncated. */
export const ACTIONS_KEY = 'actions';

/** The narrowest a column without a width may get (it takes the space the others leave). */
export const FLEXIBLE_MIN_WIDTH = 160;

type Size = 'small' | 'middle' | 'large';
/** antd's horizontal cell padding per table size (both sides), plus a little room for rounding. */
const CELL_PADDING: Record<Size, number> = { small: 16 + 4, middle: 16 + 4, large: 32 + 4 };

/** Pixels a header needs on one line at 14 px: CJK and full-width characters are square, the rest about half. */
export function headerWidth(title: ReactNode, size: Size = 'middle'): number {
  const text = textOf(title);
  let px = 0;
  for (const ch of text) px += /[\u2e80-\uffef]/.test(ch) ? 14 : 8;
  return Math.ceil(px) + CELL_PADDING[size];
}

/** The plain text of rendered cell content (strings and numbers inside elements), for a hover title. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ').replace(/\s+/g, ' ').trim();
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

type Column<Row> = TableColumnsType<Row>[number] & { dataIndex?: unknown; render?: unknown };

function cellValue<Row>(column: Column<Row>, record: Row, index: number): ReactNode {
  const { dataIndex } = column as { dataIndex?: string | number | readonly (string | number)[] };
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  // biome-ignore lint/suspicious/noExplicitAny: a row is read by the column's own dataIndex path.
  const value = path.reduce<any>((v, k) => v?.[k], record);
  const render = column.render as ((value: unknown, record: Row, index: number) => ReactNode) | undefined;
  const out = render ? render(value, record, index) : value;
  // A render may answer { children, props } (antd's cell object).
  return out && typeof out === 'object' && 'children' in out && !isValidElement(out)
    ? (out as { children: ReactNode }).children
    : (out as ReactNode);
}

/**
 * The column rules of every list: no column narrower than its header; text on one line, cut with an
 * ellipsis and shown whole on hover (the cell's title); the 操作 column fixed on the right. Answers the columns and
 * the width below which the table scrolls sideways.
 */
export function fitColumns<Row>(
  columns: TableColumnsType<Row>,
  size: Size = 'middle',
): { columns: TableColumnsType<Row>; scrollX: number } {
  let scrollX = 0;
  const fitted = columns.map((c) => {
    const column = c as Column<Row>;
    const header = headerWidth(column.title as ReactNode, size);
    const declared = typeof column.width === 'number' ? column.width : undefined;
    const width = declared === undefined ? undefined : Math.max(declared, header);
    scrollX += width ?? Math.max(header, FLEXIBLE_MIN_WIDTH);
    if (column.key === ACTIONS_KEY) return { ...column, width, fixed: 'end' as const };
    if (column.ellipsis === false) return { ...column, width };
    return {
      ...column,
      width,
      ellipsis: { showTitle: false },
      onCell: (record: Row, index?: number) => {
        const own = column.onCell?.(record, index) ?? {};
        const title = textOf(cellValue(column, record, index ?? 0));
        return title ? { title, ...own } : own;
      },
    };
  });
  return { columns: fitted as TableColumnsType<Row>, scrollX };
}
