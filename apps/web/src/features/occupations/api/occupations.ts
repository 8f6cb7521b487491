import type {
  OccupationBody,
  OccupationPage,
  OccupationRow,
  OccupationStatusValue,
} from '@skill-cert/shared/occupations';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** 职业目录 (platform): `/api/platform/occupations…`. */
export const OCCUPATIONS_URL = '/api/platform/occupations';
/** The catalogue every form reads (`GET /api/occupations`) is ['occupations'] too: a change refreshes both. */
const KEY = 'occupations';

/** The list's filters as the form holds them: '' / null when not set. */
export interface OccupationFilters {
  keyword: string;
  category_code: string | null;
  status: number | null;
}
export type OccupationQuery = OccupationFilters & { page: number; per_page: number };

const params = (q: object) => cleanQuery({ ...q }) as Record<string, string | number>;

export const occupationListOptions = (query: OccupationQuery) =>
  queryOptions({
    queryKey: [KEY, 'list', query],
    queryFn: () => request<OccupationPage>('GET', OCCUPATIONS_URL, { params: params(query) }),
    placeholderData: keepPreviousData,
  });
export const useOccupationList = (query: OccupationQuery) => useQuery(occupationListOptions(query));

/** After a change: the list, and the catalogue every form reads. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [KEY] });
}

/** Saves a new (`id` null) or existing occupation with its 工种 / 职业方向. */
export const useSaveOccupation = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: OccupationBody }) =>
      id
        ? request<OccupationRow>('PUT', `${OCCUPATIONS_URL}/${id}`, { body })
        : request<OccupationRow>('POST', OCCUPATIONS_URL, { body }),
    onSuccess: refresh,
  });
};

/** 启用 / 停用 or 删除 an occupation. */
export const useOccupationAction = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OccupationStatusValue | 'delete' }) =>
      status === 'delete'
        ? request<null>('DELETE', `${OCCUPATIONS_URL}/${id}`)
        : request<OccupationRow>('PATCH', `${OCCUPATIONS_URL}/${id}/status`, { body: { status } }),
    onSuccess: refresh,
  });
};

/** Refreshes the list and the catalogue after an import. */
export const useImportedRefresh = useRefresh;

/** `GET …/export?…`: the search as an .xlsx (a plain link, cookie session), which the import reads back. */
export function exportUrl(filters: Partial<OccupationFilters>): string {
  const search = new URLSearchParams(
    Object.entries(params(filters)).map(([k, v]) => [k, String(v)]),
  ).toString();
  return `${OCCUPATIONS_URL}/export${search ? `?${search}` : ''}`;
}
