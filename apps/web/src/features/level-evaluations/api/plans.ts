import type {
  EvaluationOptions,
  EvaluationReviewBody,
  LevelEvaluationDetail,
  LevelEvaluationRow,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** Query keys of the level evaluation screens: everything under ['level-evaluations']. */
export const evaluationKeys = {
  all: ['level-evaluations'] as const,
  list: (query: object) => ['level-evaluations', 'list', query] as const,
  detail: (id: string) => ['level-evaluations', 'detail', id] as const,
  /** Everything about one plan: detail, candidates, statistics, changes. */
  plan: (id: string) => ['level-evaluations', 'plan', id] as const,
  approvals: (query: object) => ['level-evaluations', 'approvals', query] as const,
};

export interface EvaluationListQuery {
  keyword?: string;
  status?: number | null;
  occupation_code?: string | null;
  level?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  page: number;
  per_page: number;
}

/** `GET /api/levelEvaluations`: the company's plans. */
export const useEvaluations = (query: EvaluationListQuery, enabled = true) =>
  useQuery(
    queryOptions({
      enabled,
      queryKey: evaluationKeys.list(query),
      queryFn: () =>
        request<Paged<LevelEvaluationRow>>('GET', '/api/levelEvaluations', { params: { ...query } }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );

/** `GET /api/levelEvaluations/options`: the approved filings' scopes, sites and people a plan may use. */
export const useEvaluationOptions = (enabled = true) =>
  useQuery({
    queryKey: [...evaluationKeys.all, 'options'],
    queryFn: () => request<EvaluationOptions>('GET', '/api/levelEvaluations/options'),
    retry: false,
    enabled,
  });

/** `GET /api/levelEvaluations/{id}`: the plan with its abilities and timeline. */
export const useEvaluation = (id: string | null) =>
  useQuery({
    queryKey: evaluationKeys.detail(id ?? ''),
    queryFn: () => request<LevelEvaluationDetail>('GET', `/api/levelEvaluations/${id}`),
    enabled: Boolean(id),
    retry: false,
  });

/** After a plan changed: its detail, its lists, the approval counts. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return (detail?: LevelEvaluationDetail | null, id?: string) => {
    if (detail) queryClient.setQueryData(evaluationKeys.detail(detail._id), detail);
    else if (id) void queryClient.invalidateQueries({ queryKey: evaluationKeys.detail(id) });
    const planId = detail?._id ?? id;
    if (planId) void queryClient.invalidateQueries({ queryKey: evaluationKeys.plan(planId) });
    void queryClient.invalidateQueries({ queryKey: ['level-evaluations', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['level-evaluations', 'approvals'] });
  };
}

/** `POST /api/levelEvaluations` (new) or `PATCH /api/levelEvaluations/{id}` (草稿 / 已驳回). */
export function useSaveEvaluation() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? request<LevelEvaluationDetail>('PATCH', `/api/levelEvaluations/${id}`, { body })
        : request<LevelEvaluationDetail>('POST', '/api/levelEvaluations', { body }),
    onSuccess: (detail) => refresh(detail),
  });
}

/** `DELETE /api/levelEvaluations/{id}`: drafts only. */
export function useDeleteEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', `/api/levelEvaluations/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: evaluationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['level-evaluations', 'list'] });
    },
  });
}

export type PlanTransition = 'submit' | 'submitResults';

/** `POST /api/levelEvaluations/{id}/submit` and `/submitResults`. */
export function usePlanTransition() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: PlanTransition }) =>
      request<LevelEvaluationDetail | null>('POST', `/api/levelEvaluations/${id}/${step}`),
    onSuccess: (detail, { id }) => refresh(detail?._id ? detail : null, id),
  });
}

/** `POST /api/levelEvaluations/{id}/review`: approve | reject | return, with the reason. */
export function useReviewEvaluation() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EvaluationReviewBody }) =>
      request<LevelEvaluationDetail | null>('POST', `/api/levelEvaluations/${id}/review`, { body }),
    onSuccess: (detail, { id }) => refresh(detail?._id ? detail : null, id),
  });
}
