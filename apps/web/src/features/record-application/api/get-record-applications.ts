import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationRow } from '@skill-cert/shared/recordApplication';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface RecordQuery {
  status?: number | null;
  keyword?: string;
  page: number;
  per_page: number;
}

/** `GET /api/recordApplications?status&keyword&page&per_page`: the company's own applications. */
export const getRecordApplications = (query: RecordQuery): Promise<Paged<RecordApplicationRow>> =>
  request<Paged<RecordApplicationRow>>('GET', '/api/recordApplications', { params: { ...query } });

export const recordApplicationsQueryOptions = (query: RecordQuery) =>
  queryOptions({
    queryKey: ['record-applications', 'list', query],
    queryFn: () => getRecordApplications(query),
    placeholderData: keepPreviousData,
  });

export const useRecordApplications = (query: RecordQuery) => useQuery(recordApplicationsQueryOptions(query));
