import { Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { fitColumns } from './fit-columns';

/**
 * A list without pages holding more rows than this draws only the rows in view (antd's virtual table); shorter
 * ones draw every row, as they look today.
 */
export const VIRTUAL_ROWS_ABOVE = 100;
/** The height of a long list without pages: the rows scroll inside it. */
const VIRTUAL_HEIGHT = 480;

export interface ListTableProps<Row> extends Omit<TableProps<Row>, 'scroll'> {
  /** The failed request, if it failed: the table gives way to its reason and 重新获取. */
  error?: unknown;
  onRetry?: () => void;
  errorTitle?: string;
}

/**
 * A list's table with the column rules of every list (fit-columns.ts): headers never crushed, long text on one line
 * with the whole of it on hover, 操作 fixed on the right when the table scrolls sideways.
 */
export function ListTable<Row extends object>({
  error,
  onRetry,
  errorTitle,
  columns = [],
  size = 'middle',
  ...table
}: ListTableProps<Row>) {
  const fitted = useMemo(() => fitColumns(columns, size === 'small' ? 'small' : 'middle'), [columns, size]);
  if (error) return <QueryError error={error} onRetry={() => onRetry?.()} title={errorTitle} />;
  const long = table.pagination === false && (table.dataSource?.length ?? 0) > VIRTUAL_ROWS_ABOVE;
  return (
    <Table<Row>
      size={size}
      columns={fitted.columns}
      scroll={long ? { x: fitted.scrollX, y: VIRTUAL_HEIGHT } : { x: fitted.scrollX }}
      virtual={long}
      tableLayout="fixed"
      {...table}
    />
  );
}
