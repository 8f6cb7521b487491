import type {
  EvaluationOptions,
  ExamineeRow,
  TestPlanDetail,
  TestPlanRow,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { TemplateKey } from '@skill-cert/shared/template-keys';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { useMessageArrived } from '@/shared/realtime/message-events';
import { evaluationKeys, useRefreshPlan } from './plans';

/**
 * An institution's test plans (考试计划, `/api/testPlans`): the level-evaluation plan with an owner kind and exam
 * logistics. Keys live under the evaluation's: a test plan's detail is `evaluationKeys.detail(id)`, its parts
 * `evaluationKeys.plan(id)`, so the shared score screens refresh it as they refresh an evaluation.
 */
const BASE = '/api/testPlans';
export const testPlanPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const testPlanKeys = {
  list: (query: object) => ['level-evaluations', 'list', 'test-plans', query] as const,
  options: [...evaluationKeys.all, 'test-plan-options'] as const,
  examinees: (id: string) => [...evaluationKeys.plan(id), 'examinees'] as const,
};

export interface TestPlanListQuery {
  keyword?: string;
  status?: number | null;
  occupation_code?: string | null;
  level?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  page: number;
  per_page: number;
}

/** `GET /api/testPlans`: the institution's plans. */
export const useTestPlans = (query: TestPlanListQuery) =>
  useQuery({
    queryKey: testPlanKeys.list(query),
    queryFn: () => request<Paged<TestPlanRow>>('GET', BASE, { params: { ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** `GET /api/testPlans/options`: the approved filings' scopes, sites and people a plan may use. */
export const useTestPlanOptions = (enabled = true) =>
  useQuery({
    queryKey: testPlanKeys.options,
    queryFn: () => request<EvaluationOptions>('GET', `${BASE}/options`),
    retry: false,
    enabled,
  });

/** `GET /api/testPlans/{id}`: the plan with its counts, ticket job, warnings, abilities and timeline. */
export const useTestPlan = (id: string) =>
  useQuery({
    queryKey: evaluationKeys.detail(id),
    queryFn: () => request<TestPlanDetail>('GET', testPlanPath(id)),
    enabled: Boolean(id),
    retry: false,
  });

/** `POST /api/testPlans` (a new draft) or `PATCH /api/testPlans/{id}` (草稿 only). */
export function useSaveTestPlan() {
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? request<TestPlanDetail>('PATCH', testPlanPath(id), { body })
        : request<TestPlanDetail>('POST', BASE, { body }),
    onSuccess: (detail) => refresh(null, detail._id),
  });
}

/** `DELETE /api/testPlans/{id}`: drafts only. */
export function useDeleteTestPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', testPlanPath(id)),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: evaluationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['level-evaluations', 'list'] });
    },
  });
}

/** The plan's steps, each `POST /api/testPlans/{id}/{step}` answering the plan. */
export type TestPlanStep =
  | 'publish'
  | 'cancel'
  | 'startExam'
  | 'endExam'
  | 'submitResults'
  | 'reviewResults'
  | 'archive';

export function useTestPlanStep() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: ({ id, step, body }: { id: string; step: TestPlanStep; body?: object }) =>
      request<TestPlanDetail>('POST', `${testPlanPath(id)}/${step}`, { body }),
    onSuccess: (detail, { id }) => {
      if (detail?._id) queryClient.setQueryData(evaluationKeys.detail(id), detail);
      refresh(null, id);
    },
  });
}

// ---------------------------------------------------------------------------------------------- examinees

export interface ExamineeQuery {
  keyword?: string;
  status?: number | null;
  result?: number | null;
  session_id?: string | null;
  room_id?: string | null;
  page: number;
  per_page: number;
}

/** `GET /api/testPlans/{id}/examinees`: registrations with their review, seats, ticket number and result. */
export const useExaminees = (id: string, query: ExamineeQuery) =>
  useQuery({
    queryKey: [...testPlanKeys.examinees(id), query],
    queryFn: () =>
      request<Paged<ExamineeRow>>('GET', `${testPlanPath(id)}/examinees`, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** The routes that take a file itself (multipart) or give one. */
export const examineeFileRoutes = (id: string) => ({
  import: `${testPlanPath(id)}/examinees/import`,
  photos: `${testPlanPath(id)}/examinees/photos`,
  photo: (examineeId: string) => `${testPlanPath(id)}/examinees/${examineeId}/photo`,
  ticket: (examineeId: string) => `${testPlanPath(id)}/examinees/${examineeId}/ticket`,
  template: `${BASE}/examineeTemplate`,
});

/** Examinee changes: add, edit, remove, resubmit, review; each refreshes the plan's counts. */
export function useExamineeMutations(id: string) {
  const refresh = useRefreshPlan();
  const after = { onSuccess: () => refresh(null, id) };
  const base = `${testPlanPath(id)}/examinees`;
  return {
    refresh: () => refresh(null, id),
    add: useMutation({
      mutationFn: (examinees: Record<string, unknown>[]) =>
        request<ExamineeRow[]>('POST', base, { body: { examinees } }),
      ...after,
    }),
    update: useMutation({
      mutationFn: ({ examineeId, body }: { examineeId: string; body: Record<string, unknown> }) =>
        request<ExamineeRow>('PATCH', `${base}/${examineeId}`, { body }),
      ...after,
    }),
    remove: useMutation({
      mutationFn: (examineeId: string) => request<null>('DELETE', `${base}/${examineeId}`),
      ...after,
    }),
    resubmit: useMutation({
      mutationFn: (examineeId: string) => request<ExamineeRow>('POST', `${base}/${examineeId}/resubmit`),
      ...after,
    }),
    review: useMutation({
      mutationFn: (body: { examinee_ids: string[]; action: 'approve' | 'reject'; reason?: string }) =>
        request<{ approved: number; rejected: number }>('POST', `${base}/review`, { body }),
      ...after,
    }),
  };
}

/**
 * The background work of a test plan ended in a message (its examinees imported, its tickets rendered): the plan on
 * screen reads again.
 */
export function useRefreshOnTestPlanNews(id: string): void {
  const queryClient = useQueryClient();
  useMessageArrived(
    [
      TemplateKey.EXAMINEE_IMPORT_RESULT,
      TemplateKey.ADMISSION_TICKETS_DONE,
      TemplateKey.LEVEL_CERTIFICATE_DONE,
    ],
    (planId) => {
      if (planId !== id) return;
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.plan(id) });
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.detail(id) });
    },
  );
}
