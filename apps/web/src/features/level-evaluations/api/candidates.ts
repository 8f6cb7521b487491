import type { CandidateInput, CandidateRow } from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { isTestPlan, type PlanRef, planPath } from './plan-path';
import { evaluationKeys, useRefreshPlan } from './plans';

export interface CandidateQuery {
  keyword?: string;
  result?: number | null;
  page: number;
  per_page: number;
}

/**
 * `GET /api/levelEvaluations/{id}/candidates`: a page of the plan's candidates with their scores. A test plan's are
 * its approved examinees (`GET /api/testPlans/{id}/examinees?status=1`): only they sit the exam and get a result.
 */
export const useCandidates = (plan: PlanRef, query: CandidateQuery) =>
  useQuery({
    queryKey: [...evaluationKeys.plan(plan._id), 'candidates', query],
    queryFn: () =>
      isTestPlan(plan)
        ? request<Paged<CandidateRow>>('GET', `${planPath(plan)}/examinees`, {
            params: { ...query, status: 1 },
          })
        : request<Paged<CandidateRow>>('GET', `${planPath(plan)}/candidates`, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

export interface StaffOption {
  user_id: string;
  name: string;
  phone: string;
}

/** `GET /api/levelEvaluations/{id}/staffOptions?keyword=`: members of the company not yet candidates. */
export const useStaffOptions = (planId: string, keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: [...evaluationKeys.plan(planId), 'staff', keyword],
    queryFn: () =>
      request<{ list: StaffOption[] }>('GET', `/api/levelEvaluations/${planId}/staffOptions`, {
        params: { keyword },
      }),
    enabled,
  });

/** The routes that take a file itself (multipart): imports and photos. */
export const candidateFileRoutes = (planId: string) => ({
  import: `/api/levelEvaluations/${planId}/candidates/import`,
  photos: `/api/levelEvaluations/${planId}/candidates/photos`,
  photo: (candidateId: string) => `/api/levelEvaluations/${planId}/candidates/${candidateId}/photo`,
  template: '/api/levelEvaluations/candidateTemplate',
});

/** Candidate changes: add (one typed in, or members picked) and remove; `refresh` after an import or a photo. */
export function useCandidateMutations(planId: string) {
  const refresh = useRefreshPlan();
  const after = { onSuccess: () => refresh(null, planId) };
  const base = `/api/levelEvaluations/${planId}/candidates`;
  return {
    refresh: () => refresh(null, planId),
    add: useMutation({
      mutationFn: (candidates: Partial<CandidateInput>[]) =>
        request<unknown>('POST', base, { body: { candidates } }),
      ...after,
    }),
    remove: useMutation({
      mutationFn: (candidateId: string) => request<null>('DELETE', `${base}/${candidateId}`),
      ...after,
    }),
  };
}
