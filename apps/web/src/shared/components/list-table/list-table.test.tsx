import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/test/ui';
import { ListTable, VIRTUAL_ROWS_ABOVE } from './list-table';

interface Row {
  _id: string;
  name: string;
}
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ _id: String(i), name: `考生${i}` }));
const columns = [{ title: '姓名', dataIndex: 'name' }];
const drawnRows = (container: HTMLElement) => rowsOf(container).length;

describe('a list without pages', () => {
  it('draws only the rows in view once it holds more than a page of rows: 10,000 rows stay smooth', () => {
    const { container } = render(
      <ListTable<Row> rowKey="_id" columns={columns} dataSource={rows(10_000)} pagination={false} />,
    );
    expect(drawnRows(container)).toBeGreaterThan(0);
    expect(drawnRows(container)).toBeLessThan(VIRTUAL_ROWS_ABOVE);
  });

  it('draws every row of a short list, as before', () => {
    const { container } = render(
      <ListTable<Row>
        rowKey="_id"
        columns={columns}
        dataSource={rows(VIRTUAL_ROWS_ABOVE)}
        pagination={false}
      />,
    );
    expect(drawnRows(container)).toBe(VIRTUAL_ROWS_ABOVE);
  });
});
