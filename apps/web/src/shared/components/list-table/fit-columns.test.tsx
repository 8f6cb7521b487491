import { Tag } from 'antd';
import { describe, expect, it } from 'vitest';
import { FLEXIBLE_MIN_WIDTH, fitColumns, headerWidth, textOf } from './fit-columns';
import { cleanFilters } from './search-form';

interface Row {
  name: string;
  scope: string;
  tags: string[];
}
const row: Row = { name: '王小明', scope: '电工（四级/中级工、三级/高级工）', tags: ['企业端', '平台端'] };

describe('the column rules of every list', () => {
  it('widens a column narrower than its header and gives a flexible column room for its header', () => {
    const { columns, scrollX } = fitColumns<Row>([
      { title: '场地/考评员/督导员', key: 'counts', width: 60 },
      { title: '评价范围', dataIndex: 'scope' },
      { title: '操作', key: 'actions', width: 120 },
    ]);
    const needed = headerWidth('场地/考评员/督导员');
    expect(needed).toBeGreaterThan(7 * 14 + 3 * 8);
    expect(columns[0].width).toBe(needed);
    expect(columns[1].width).toBeUndefined();
    expect(scrollX).toBe(needed + FLEXIBLE_MIN_WIDTH + 120);
  });

  it('cuts text to one line with the whole value as the cell title, rendered or not; 操作 is fixed on the right', () => {
    const { columns } = fitColumns<Row>([
      { title: '评价范围', dataIndex: 'scope' },
      {
        title: '角色',
        dataIndex: 'tags',
        render: (tags: string[]) => tags.map((t) => <Tag key={t}>{t}</Tag>),
      },
      { title: '操作', key: 'actions', width: 120 },
    ]);
    expect(columns[0].ellipsis).toEqual({ showTitle: false });
    expect(columns[0].onCell?.(row, 0)).toMatchObject({ title: row.scope });
    expect(columns[1].onCell?.(row, 0)).toMatchObject({ title: '企业端 平台端' });
    expect(columns[2]).toMatchObject({ fixed: 'end' });
    expect(columns[2].ellipsis).toBeUndefined();
  });

  it('reads the text of nested elements', () => {
    expect(textOf(<span>驳回原因：{'资料不全'}</span>)).toBe('驳回原因： 资料不全');
    expect(textOf(null)).toBe('');
  });
});

describe('search filters', () => {
  it('trims text and turns a cleared field into its empty value', () => {
    expect(
      cleanFilters(
        { keyword: ' 电工 ', status: undefined, name: undefined },
        { keyword: '', status: 1, name: '' },
      ),
    ).toEqual({ keyword: '电工', status: null, name: '' });
  });
});
