import type { Paged } from '@skill-cert/shared/pagination';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface PlatformRecordQuery {
  status?: number | null;
  keyword?: string;
  /** 1 用人单位, 2 社会培训评价组织. */
  kind?: number | null;
  company_id?: string | null;
  page: number;
  per_page: number;
}

/** `GET /api/platform/recordApplications`: submitted applications of every company (never drafts). */
export const getPlatformRecords = (query: PlatformRecordQuery): Promise<Paged<RecordApplicationRow>> =>
  request<Paged<RecordApplicationRow>>('GET', '/api/platform/recordApplications', { params: { ...query } });

export const platformRecordsQueryOptions = (query: PlatformRecordQuery) =>
  queryOptions({
    queryKey: ['platform-records', 'list', query],
    queryFn: () => getPlatformRecords(query),
    placeholderData: keepPreviousData,
  });

export const usePlatformRecords = (query: PlatformRecordQuery) =>
  useQuery(platformRecordsQueryOptions(query));
