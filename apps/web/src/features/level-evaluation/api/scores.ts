import type {
  CandidateRow,
  EvaluationStatistics,
  ScoreChangeRow,
  ScoreEntry,
} from '@skill-cert/shared/levelEvaluation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { evaluationKeys, useRefreshPlan } from './plans';

/** `PATCH /api/levelEvaluations/{id}/scores`: the saved rows of the candidates touched. Errors are shown by the cell. */
export const saveScores = (planId: string, scores: ScoreEntry[]): Promise<CandidateRow[] | null> =>
  request<CandidateRow[] | null>('PATCH', `/api/levelEvaluations/${planId}/scores`, {
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
export const useStatistics = (planId: string) =>
  useQuery({
    queryKey: statisticsKey(planId),
    queryFn: () => request<EvaluationStatistics>('GET', `/api/levelEvaluations/${planId}/statistics`),
  });

/** `GET /api/levelEvaluations/{id}/scoreChanges`: the plan's score change requests, newest first. */
export const useScoreChanges = (planId: string, enabled = true) =>
  useQuery({
    queryKey: [...evaluationKeys.plan(planId), 'changes'],
    queryFn: () =>
      request<{ list: ScoreChangeRow[] } | ScoreChangeRow[]>(
        'GET',
        `/api/levelEvaluations/${planId}/scoreChanges`,
      ).then((data) => (Array.isArray(data) ? data : data.list)),
    enabled,
  });

export interface ScoreChangeInput {
  candidate_id: string;
  method: number;
  score: number | null;
  mark: 1 | 2 | 3 | null;
  reason: string;
}

export function useScoreMutations(planId: string) {
  const refresh = useRefreshPlan();
  const after = { onSuccess: () => refresh(null, planId) };
  const base = `/api/levelEvaluations/${planId}`;
  return {
    refresh: () => refresh(null, planId),
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
