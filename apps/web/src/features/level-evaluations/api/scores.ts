import type {
  CandidateRow,
  EvaluationStatistics,
  ScoreChangeRow,
  ScoreEntry,
} from '@skill-cert/shared/level-evaluations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { type PlanRef, planPath } from './plan-path';
import { evaluationKeys, useRefreshPlan } from './plans';

/** `PATCH /api/levelEvaluations/{id}/scores`: the saved rows of the candidates touched. Errors are shown by the cell. */
export const saveScores = (plan: PlanRef, scores: ScoreEntry[]): Promise<CandidateRow[] | null> =>
  request<CandidateRow[] | null>('PATCH', `${planPath(plan)}/scores`, {
    body: { scores },
    silent: true,
  });

const statisticsKey = (planId: string) => [...evaluationKeys.plan(planId), 'statistics'];

/** After scores changed: the charts read the statistics again; the lists' pass counts when next shown. */
export function useScoresChanged(planId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: statisticsKey(planId) });
    void queryClient.invalidateQueries({ queryKey: evaluationKeys.detail(planId), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['level-evaluations', 'list'], refetchType: 'none' });
  };
}

/** `GET /api/levelEvaluations/{id}/statistics`: pass rate and histograms for the charts. */
export const useStatistics = (plan: PlanRef) =>
  useQuery({
    queryKey: statisticsKey(plan._id),
    queryFn: () => request<EvaluationStatistics>('GET', `${planPath(plan)}/statistics`),
  });

/** `GET /api/levelEvaluations/{id}/scoreChanges`: the plan's score change requests, newest first. */
export const useScoreChanges = (plan: PlanRef, enabled = true) =>
  useQuery({
    queryKey: [...evaluationKeys.plan(plan._id), 'changes'],
    queryFn: () =>
      request<{ list: ScoreChangeRow[] } | ScoreChangeRow[]>('GET', `${planPath(plan)}/scoreChanges`).then(
        (data) => (Array.isArray(data) ? data : data.list),
      ),
    enabled,
  });

export interface ScoreChangeInput {
  candidate_id: string;
  method: number;
  score: number | null;
  mark: 1 | 2 | 3 | null;
  reason: string;
}

export function useScoreMutations(plan: PlanRef) {
  const refresh = useRefreshPlan();
  const after = { onSuccess: () => refresh(null, plan._id) };
  const base = planPath(plan);
  return {
    refresh: () => refresh(null, plan._id),
    requestChange: useMutation({
      mutationFn: (body: ScoreChangeInput) => request<unknown>('POST', `${base}/scoreChanges`, { body }),
      ...after,
    }),
    reviewChange: useMutation({
      mutationFn: ({
        changeId,
        ...body
      }: {
        changeId: string;
        action: 'approve' | 'reject';
        reason?: string;
      }) => request<unknown>('POST', `${base}/scoreChanges/${changeId}/review`, { body }),
      ...after,
    }),
  };
}
