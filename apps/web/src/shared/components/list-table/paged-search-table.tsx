import { cleanQuery } from '@skill-cert/shared/query';
import { Empty, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { PagedSearch } from '@/shared/hooks/use-paged-search';
import { ListTable, type ListTableProps } from './list-table';
import { type SearchField, SearchForm } from './search-form';

/** What a paged list request answers (spec §3: list plus meta with total). */
export interface PagedRows<Row> {
  list: Row[];
  meta: { total: number };
}

/** The parts of a react-query result the table reads. */
export interface PagedResult<Row> {
  data: PagedRows<Row> | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PagedSearchTableProps<Row, F extends object>
  extends Omit<ListTableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'error' | 'onRetry'> {
  /** The search form's accessible name. */
  searchLabel: string;
  /** Filters, page and page size (usePagedSearch); its query is what `result` was asked with. */
  paged: PagedSearch<F>;
  result: PagedResult<Row>;
  columns: TableColumnsType<Row>;
  /** The filters; their names are keys of F. */
  filters: SearchField[];
  /** Buttons beside the search form. */
  toolbar?: ReactNode;
}

/**
 * A server-paged list: search form (搜索/重置), table with loading and error (重新获取) states, page sizes
 * 10/20/30/50 (spec §9) and the total. Rows are keyed by `_id` unless told. Searching keeps the filters the form does not show (a tab's status).
 */
export function PagedSearchTable<Row extends object, F extends object>({
  searchLabel,
  paged,
  result,
  filters,
  toolbar,
  loading,
  rowKey = '_id' as keyof Row & string,
  locale,
  ...table
}: PagedSearchTableProps<Row, F>) {
  // Nothing found for what the user typed in the search form is not the same as nothing there yet: it says so, not
  // the page's "暂无…" (which may invite to create the first one). Filters outside the form (a tab's status) do not
  // count: the tab's own empty text stays.
  const typed = (values: F) =>
    JSON.stringify(
      cleanQuery(
        Object.fromEntries(filters.map((f) => [f.name, (values as Record<string, unknown>)[f.name]])),
      ),
    );
  const searched = typed(paged.filters) !== typed(paged.initialFilters);
  const notFound = searched && result.data?.list.length === 0;
  return (
    <>
      <SearchForm<F>
        label={searchLabel}
        initialValues={paged.initialFilters}
        values={paged.filters}
        onSearch={(values) => paged.search({ ...paged.filters, ...values })}
        extra={toolbar}
        fields={filters}
      />
      <ListTable<Row>
        dataSource={result.data?.list}
        loading={loading ?? result.isFetching}
        pagination={paged.pagination(result.data?.meta.total)}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        rowKey={rowKey}
        locale={
          notFound
            ? {
                ...locale,
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description="没有符合查询条件的数据，可修改条件或点击“重置”"
                  />
                ),
              }
            : locale
        }
        {...table}
      />
    </>
  );
}
