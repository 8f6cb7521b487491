import type { BannerBody, BannerPage, BannerRow, BannerStatusValue } from '@skill-cert/shared/banners';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface BannerQuery {
  title?: string;
  position?: number | null;
  status?: number | null;
  page: number;
  per_page: number;
}

const KEY = 'banners';

/** `GET /api/banners`: the platform's banners (轮播图). */
export const bannerListOptions = (query: BannerQuery) =>
  queryOptions({
    queryKey: [KEY, 'list', query],
    queryFn: () => request<BannerPage>('GET', '/api/banners', { params: { ...query } }),
    placeholderData: keepPreviousData,
  });
export const useBannerList = (query: BannerQuery) => useQuery(bannerListOptions(query));

/** Saves a new (`id` null) or existing banner. */
export const useSaveBanner = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BannerBody }) =>
      id
        ? request<BannerRow>('PUT', `/api/banners/${id}`, { body })
        : request<BannerRow>('POST', '/api/banners', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};

/** 启用 / 停用 or 删除 a banner. */
export const useBannerAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BannerStatusValue | 'delete' }) =>
      status === 'delete'
        ? request<null>('DELETE', `/api/banners/${id}`)
        : request<BannerRow>('PATCH', `/api/banners/${id}/status`, { body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};
