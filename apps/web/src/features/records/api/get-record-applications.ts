import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { ENTERPRISE_RECORDS, type RecordsBase } from './records-base';

export interface RecordQuery {
  status?: number | null;
  keyword?: string;
  page: number;
  per_page: number;
}

/** `GET /api/recordApplications?status&keyword&page&per_page`: the company's (or institution's) own applications. */
export const getRecordApplications = (
  query: RecordQuery,
  base: RecordsBase = ENTERPRISE_RECORDS,
): Promise<Paged<RecordApplicationRow>> =>
  request<Paged<RecordApplicationRow>>('GET', base, { params: { ...query } });

export const recordApplicationsQueryOptions = (query: RecordQuery, base: RecordsBase = ENTERPRISE_RECORDS) =>
  queryOptions({
    queryKey: ['record-applications', 'list', base, query],
    queryFn: () => getRecordApplications(query, base),
    placeholderData: keepPreviousData,
  });

export const useRecordApplications = (query: RecordQuery, base: RecordsBase = ENTERPRISE_RECORDS) =>
  useQuery(recordApplicationsQueryOptions(query, base));
