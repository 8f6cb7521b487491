import { PAGE_SIZE_OPTIONS } from '@skill-cert/shared/constants';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useMemo, useState } from 'react';

export const DEFAULT_PAGE_SIZE = PAGE_SIZE_OPTIONS[0];

export interface PagedSearch<F extends object> {
  /** The applied filters plus `page` and `per_page`: what goes into the query key and the request. */
  query: F & { page: number; per_page: number };
  /** The applied filters alone. */
  filters: F;
  /** The filters the list started with (and 重置 returns to). */
  initialFilters: F;
  /** Applies new filters and goes back to page 1. */
  search: (filters: F) => void;
  /** Back to the initial filters, page 1. */
  reset: () => void;
  setPage: (page: number, perPage?: number) => void;
  /** antd Table pagination: page sizes 10/20/30/50 (spec §9), a total and a size changer. */
  pagination: (total: number | undefined) => TablePaginationConfig;
}

/** Filter, page and page size of a server-paged list. */
export function usePagedSearch<F extends object>(initialFilters: F): PagedSearch<F> {
  const [initial] = useState(initialFilters);
  const [state, setState] = useState({ filters: initial, page: 1, per_page: DEFAULT_PAGE_SIZE as number });

  const search = useCallback((filters: F) => setState((s) => ({ ...s, filters, page: 1 })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, filters: initial, page: 1 })), [initial]);
  const setPage = useCallback(
    (page: number, perPage?: number) =>
      setState((s) => ({
        ...s,
        page: perPage && perPage !== s.per_page ? 1 : page,
        per_page: perPage ?? s.per_page,
      })),
    [],
  );

  const query = useMemo(() => ({ ...state.filters, page: state.page, per_page: state.per_page }), [state]);
  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      current: state.page,
      pageSize: state.per_page,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showTotal: (n) => `共 ${n} 条`,
      onChange: setPage,
    }),
    [state.page, state.per_page, setPage],
  );

  return { query, filters: state.filters, initialFilters: initial, search, reset, setPage, pagination };
}
