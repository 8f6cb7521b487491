import type { EvaluationApprovalPage } from '@skill-cert/shared/level-evaluations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { evaluationKeys } from './plans';

export type ApprovalType = 'plan' | 'results' | 'changes';
export interface ApprovalQuery {
  type: ApprovalType;
  keyword?: string;
  page: number;
  per_page: number;
}
export type ApprovalPage = EvaluationApprovalPage;

/** `GET /api/evaluationApprovals`: what waits for the caller, with the counts of every tab. */
export const useApprovals = (query: ApprovalQuery, enabled = true) =>
  useQuery({
    enabled,
    queryKey: evaluationKeys.approvals(query),
    queryFn: () => request<ApprovalPage>('GET', '/api/evaluationApprovals', { params: { ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
