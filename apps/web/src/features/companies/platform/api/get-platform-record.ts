import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/platform/recordApplications/:id`: one application in full, with its timeline. */
export const getPlatformRecord = (id: string): Promise<RecordApplicationDetail> =>
  request<RecordApplicationDetail>('GET', `/api/platform/recordApplications/${id}`);

export const platformRecordQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['platform-records', 'detail', id], queryFn: () => getPlatformRecord(id) });

export const usePlatformRecord = (id: string | null) =>
  useQuery({ ...platformRecordQueryOptions(id ?? ''), enabled: id !== null });
