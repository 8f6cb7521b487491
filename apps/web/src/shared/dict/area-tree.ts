import type { Region } from '@skill-cert/shared/area';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export type { Region };

/** An antd Cascader option: label the name, value the region code. */
export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

export const getAreaInfo = (): Promise<Region[]> => request<Region[]>('GET', '/api/area/info');

/** Province → city → county options; a level without children is a leaf. */
export function toRegionOptions(regions: readonly Region[]): RegionOption[] {
  return regions.map((region) => {
    const below = region.city ?? region.county;
    return below && below.length > 0
      ? { label: region.name, value: region.code, children: toRegionOptions(below) }
      : { label: region.name, value: region.code };
  });
}

/** Fetched once per session (spec §6): the tree never goes stale and is never collected. */
export const areaTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['area-info'],
    queryFn: getAreaInfo,
    select: toRegionOptions,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useAreaTree = () => useQuery(areaTreeQueryOptions());
