import type {
  CandidateMarking,
  ExamTaskAssignBody,
  ExamTaskReturnBody,
  MethodMarkingBody,
  MethodMarkingRow,
  PlanExamTaskRow,
} from '@skill-cert/shared/exam-tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { type PlanRef, planPath } from './plan-path';
import { evaluationKeys } from './plans';

/**
 * The owner's side of examiner tasks (docs/api.md "Examiner portal"): a method's items and double marking, tasks
 * assigned to the plan's examiners, returns, and every marking round; under either owner's plan routes.
 */
export const examTaskKeys = {
  marking: (id: string) => [...evaluationKeys.plan(id), 'marking'] as const,
  tasks: (id: string) => [...evaluationKeys.plan(id), 'exam-tasks'] as const,
  markings: (id: string) => [...evaluationKeys.plan(id), 'markings'] as const,
};

export const useMethodMarking = (plan: PlanRef) =>
  useQuery({
    queryKey: examTaskKeys.marking(plan._id),
    queryFn: () => request<MethodMarkingRow[]>('GET', `${planPath(plan)}/marking`),
    retry: false,
  });

export const usePlanExamTasks = (plan: PlanRef) =>
  useQuery({
    queryKey: examTaskKeys.tasks(plan._id),
    queryFn: () => request<PlanExamTaskRow[]>('GET', `${planPath(plan)}/examTasks`),
    retry: false,
  });

export const useMarkings = (plan: PlanRef) =>
  useQuery({
    queryKey: examTaskKeys.markings(plan._id),
    queryFn: () => request<CandidateMarking[]>('GET', `${planPath(plan)}/markings`),
    retry: false,
  });

/** Every change here may move tasks, rounds and the plan's scores: the plan's queries are read again. */
function useRefresh(plan: PlanRef) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: evaluationKeys.plan(plan._id) });
}

export function useSaveMarking(plan: PlanRef) {
  const refresh = useRefresh(plan);
  return useMutation({
    mutationFn: ({ method, body }: { method: number; body: MethodMarkingBody }) =>
      request<MethodMarkingRow>('PUT', `${planPath(plan)}/marking/${method}`, { body }),
    onSuccess: refresh,
  });
}

export function useAssignTask(plan: PlanRef) {
  const refresh = useRefresh(plan);
  return useMutation({
    mutationFn: (body: ExamTaskAssignBody) =>
      request<PlanExamTaskRow>('POST', `${planPath(plan)}/examTasks`, { body }),
    onSuccess: refresh,
  });
}

export function useUnassignTask(plan: PlanRef) {
  const refresh = useRefresh(plan);
  return useMutation({
    mutationFn: (taskId: string) =>
      request<null>('DELETE', `${planPath(plan)}/examTasks/${encodeURIComponent(taskId)}`),
    onSuccess: refresh,
  });
}

export function useReturnTask(plan: PlanRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: string; body: ExamTaskReturnBody }) =>
      request<PlanExamTaskRow>('POST', `${planPath(plan)}/examTasks/${encodeURIComponent(taskId)}/return`, {
        body,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: evaluationKeys.plan(plan._id) });
      void client.invalidateQueries({ queryKey: evaluationKeys.detail(plan._id) });
    },
  });
}
