import { PAGE_SIZE_OPTIONS } from '@skill-cert/shared/constants';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';

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

/**
 * Filter, page and page size of a server-paged list. `startFilters` (a link's, see useLinkedPagedSearch) are applied
 * first; 重置 still returns to `initialFilters`.
 */
export function usePagedSearch<F extends object>(initialFilters: F, startFilters?: F): PagedSearch<F> {
  const [initial] = useState(initialFilters);
  const [state, setState] = useState({
    filters: startFilters ?? initial,
    page: 1,
    per_page: DEFAULT_PAGE_SIZE as number,
  });

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

/**
 * usePagedSearch with filters a link puts in the address (`/company?type=2&status=0`, from 数据看板): `parse` reads
 * them (null when the address names none). The list opens with them; when it is open already (a kept tab) and
 * another link opens it, it searches them. 重置 returns to `initialFilters`.
 */
export function useLinkedPagedSearch<F extends object>(
  initialFilters: F,
  parse: (params: URLSearchParams) => Partial<F> | null,
): PagedSearch<F> {
  const { search } = useLocation();
  const linked = (text: string) => {
    const found = text ? parse(new URLSearchParams(text)) : null;
    return found ? { ...initialFilters, ...found } : undefined;
  };
  const [start] = useState(() => linked(search));
  const paged = usePagedSearch(initialFilters, start);
  const seen = useRef(search);
  const { search: searchFilters } = paged;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address searches again
  useEffect(() => {
    if (seen.current === search) return;
    seen.current = search;
    const found = linked(search);
    if (found) searchFilters(found);
  }, [search]);
  return paged;
}
