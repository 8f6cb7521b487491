import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import type {
  ReviewCounts,
  ReviewDecisionResult,
  ReviewDetail,
  ReviewKindValue,
  ReviewRow,
  ReviewSettings,
  ReviewSettingsBody,
} from '@skill-cert/shared/reviews';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** 审核中心 (platform): `/api/reviews…`. Every query key starts with 'reviews', so a decision refreshes them all. */
const KEY = 'reviews';

/** The list's filters as the form holds them: '' / null when not set. */
export interface ReviewFilters {
  kind: ReviewKindValue | null;
  keyword: string;
  start_date: string;
  end_date: string;
  step: 'first' | 'second' | null;
}
export type ReviewQuery = ReviewFilters & { page: number; per_page: number };

const params = (q: object) => cleanQuery({ ...q }) as Record<string, string | number>;

export const useReviews = (query: ReviewQuery) =>
  useQuery({
    queryKey: [KEY, 'list', query],
    queryFn: () => request<Paged<ReviewRow>>('GET', '/api/reviews', { params: params(query) }),
    placeholderData: keepPreviousData,
  });

/** What waits, per kind; also the menu badge's count (app/layout/menu-badges.tsx), read again every minute. */
export const reviewCountsOptions = () =>
  queryOptions({
    queryKey: [KEY, 'counts'],
    queryFn: () => request<ReviewCounts>('GET', '/api/reviews/counts'),
    refetchInterval: 60_000,
  });
export const useReviewCounts = () => useQuery(reviewCountsOptions());

export const useReview = (item: { kind: ReviewKindValue; id: string } | null) =>
  useQuery({
    queryKey: [KEY, 'detail', item?.kind, item?.id],
    queryFn: () => request<ReviewDetail>('GET', `/api/reviews/${item!.kind}/${encodeURIComponent(item!.id)}`),
    enabled: item !== null,
  });

export interface ReviewDecision {
  kind: ReviewKindValue;
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** `POST /api/reviews/{kind}/{id}/decision`: the answer's message says what it did (已通过, 初审通过，等待复审…). */
export const useDecideReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision, reason }: ReviewDecision) =>
      request<ReviewDecisionResult>('POST', `/api/reviews/${kind}/${encodeURIComponent(id)}/decision`, {
        body: { decision, reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};

export const useReviewSettings = (enabled: boolean) =>
  useQuery({
    queryKey: [KEY, 'settings'],
    queryFn: () => request<ReviewSettings>('GET', '/api/reviews/settings'),
    enabled,
  });

export const useSaveReviewSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) =>
      request<ReviewSettings>('PUT', '/api/reviews/settings', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
};

/** How many requests wait for the platform: the 审核中心 menu badge (app/layout/menu-badges.tsx). */
export const useReviewsWaiting = (): number | undefined => useQuery(reviewCountsOptions()).data?.total;
