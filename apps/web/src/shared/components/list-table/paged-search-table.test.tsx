import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Empty } from 'antd';
import { describe, expect, it } from 'vitest';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { renderWithProviders } from '@/test/render';
import { PagedSearchTable } from './paged-search-table';

const empty = {
  data: { list: [] as { _id: string; name: string }[], meta: { total: 0 } },
  isError: false,
  error: null,
  isFetching: false,
  refetch: () => undefined,
};

function List() {
  const paged = usePagedSearch<{ keyword?: string }>({});
  return (
    <PagedSearchTable
      searchLabel="测试搜索"
      paged={paged}
      result={empty}
      columns={[{ title: '名称', dataIndex: 'name' }]}
      filters={[{ name: 'keyword', label: '关键词' }]}
      locale={{ emptyText: <Empty description="暂无数据，请先新增" /> }}
    />
  );
}

describe('the paged search table', () => {
  it('an empty list says the page’s own empty text, but nothing found for the user’s filters says so', async () => {
    renderWithProviders(<List />);
    expect(await screen.findByText('暂无数据，请先新增')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('关键词'), '不存在');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('没有符合查询条件的数据，可修改条件或点击“重置”')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据，请先新增')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(screen.getByText('暂无数据，请先新增')).toBeInTheDocument());
  });
});

function SwitchList({ seen }: { seen: unknown[] }) {
  const paged = usePagedSearch<{ soon: boolean | null }>({ soon: null });
  seen.push(paged.filters.soon);
  return (
    <PagedSearchTable
      searchLabel="测试搜索"
      paged={paged}
      result={empty}
      columns={[{ title: '名称', dataIndex: 'name' }]}
      filters={[{ name: 'soon', label: '即将到期', switch: true }]}
    />
  );
}

describe('a switch filter', () => {
  it('is true when on and null (no filter) when off', async () => {
    const seen: unknown[] = [];
    renderWithProviders(<SwitchList seen={seen} />);
    const toggle = await screen.findByRole('switch', { name: '即将到期' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(seen.at(-1)).toBe(true));
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(seen.at(-1)).toBeNull());
  });
});
