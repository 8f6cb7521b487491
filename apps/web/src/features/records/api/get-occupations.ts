import type { OccupationCatalogue } from '@skill-cert/shared/occupations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/occupations`: the national occupation catalogue (reference data, fetched once a session). */
export const getOccupations = (): Promise<OccupationCatalogue> =>
  request<OccupationCatalogue>('GET', '/api/occupations');

export const occupationsQueryOptions = () =>
  queryOptions({
    queryKey: ['occupations'],
    queryFn: getOccupations,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useOccupations = () => useQuery(occupationsQueryOptions());
