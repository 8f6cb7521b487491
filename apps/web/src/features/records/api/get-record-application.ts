import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { ENTERPRISE_RECORDS, type RecordsBase } from './records-base';

/** `GET /api/recordApplications/:id`: the whole application with its timeline. */
export const getRecordApplication = (
  id: string,
  base: RecordsBase = ENTERPRISE_RECORDS,
): Promise<RecordApplicationDetail> => request<RecordApplicationDetail>('GET', `${base}/${id}`);

export const recordApplicationQueryOptions = (id: string, base: RecordsBase = ENTERPRISE_RECORDS) =>
  queryOptions({
    queryKey: ['record-applications', 'detail', id],
    queryFn: () => getRecordApplication(id, base),
    enabled: Boolean(id),
  });

export const useRecordApplication = (id: string, base: RecordsBase = ENTERPRISE_RECORDS) =>
  useQuery(recordApplicationQueryOptions(id, base));
