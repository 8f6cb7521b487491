import type { OccupationCatalogue } from '@skill-cert/shared/occupations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `GET /api/occupations`: 职业目录 as every form reads it. Kept 5 minutes (the platform may disable an occupation; a
 * reload reads it at once; a change made in this browser's 职业目录 page refreshes it, same key).
 */
export const OCCUPATIONS_STALE_MS = 5 * 60_000;
export const getOccupations = (): Promise<OccupationCatalogue> =>
  request<OccupationCatalogue>('GET', '/api/occupations');

export const occupationsQueryOptions = () =>
  queryOptions({
    queryKey: ['occupations'],
    queryFn: getOccupations,
    staleTime: OCCUPATIONS_STALE_MS,
  });

export const useOccupations = () => useQuery(occupationsQueryOptions());
