import { Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { fitColumns } from './fit-columns';

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
  return (
    <Table<Row>
      size={size}
      columns={fitted.columns}
      scroll={{ x: fitted.scrollX }}
      tableLayout="fixed"
      {...table}
    />
  );
}
