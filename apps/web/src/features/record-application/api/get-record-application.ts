import type { RecordApplicationDetail } from '@skill-cert/shared/recordApplication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/recordApplications/:id`: the whole application with its timeline. */
export const getRecordApplication = (id: string): Promise<RecordApplicationDetail> =>
  request<RecordApplicationDetail>('GET', `/api/recordApplications/${id}`);

export const recordApplicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['record-applications', 'detail', id],
    queryFn: () => getRecordApplication(id),
  });

export const useRecordApplication = (id: string) => useQuery(recordApplicationQueryOptions(id));
