import type {
  ExamCardPage,
  ExamCardRow,
  ExaminerQualificationBody,
  ExaminerQualificationRow,
  ExamTaskDetail,
  ExamTaskPage,
  ItemScoreBody,
  ItemScoreSaved,
} from '@skill-cert/shared/exam-tasks';
import type { OccupationCatalogue } from '@skill-cert/shared/occupations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** The signed-in examiner's tasks (`/api/examTasks`), their cards by masked code, and their qualifications. */
const BASE = '/api/examTasks';
export const taskPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const QUALS = '/api/examinerQualifications';

export const examinerTaskKeys = {
  all: ['exam-tasks'] as const,
  list: (query: object) => ['exam-tasks', 'list', query] as const,
  detail: (id: string) => ['exam-tasks', 'detail', id] as const,
  cards: (id: string) => ['exam-tasks', 'cards', id] as const,
  qualifications: ['exam-tasks', 'qualifications'] as const,
};

export interface ExamTaskFilters {
  keyword: string;
  status: number | null;
  kind: number | null;
}

/** `GET /api/examTasks`: newest first. */
export const useExamTasks = (query: ExamTaskFilters & { page: number; per_page: number }) =>
  useQuery({
    queryKey: examinerTaskKeys.list(query),
    queryFn: () => request<ExamTaskPage>('GET', BASE, { params: { ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** `GET /api/examTasks/{id}`: the task, its items and whether it can be scored now. */
export const useExamTask = (id: string) =>
  useQuery({
    queryKey: examinerTaskKeys.detail(id),
    queryFn: () => request<ExamTaskDetail>('GET', taskPath(id)),
    enabled: Boolean(id),
    retry: false,
  });

/** Every card of a task (pages of 50 read one after the other: a task holds one room or one plan). */
export const useExamCards = (id: string) =>
  useQuery({
    queryKey: examinerTaskKeys.cards(id),
    queryFn: async () => {
      const cards: ExamCardRow[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await request<ExamCardPage>('GET', `${taskPath(id)}/cards`, {
          params: { page, per_page: 50 },
        });
        cards.push(...answer.list);
        if (cards.length >= answer.meta.total || answer.list.length === 0) return cards;
      }
    },
    enabled: Boolean(id),
    retry: false,
    // The page keeps what was typed; a refetch in the background must not overwrite a card being scored.
    refetchOnWindowFocus: false,
  });

/** One card as the server holds it now (after a stale save): read its page again and pick it. */
export async function fetchCard(taskId: string, cardId: string): Promise<ExamCardRow | null> {
  for (let page = 1; ; page += 1) {
    const answer = await request<ExamCardPage>('GET', `${taskPath(taskId)}/cards`, {
      params: { page, per_page: 50 },
    });
    const found = answer.list.find((c) => c._id === cardId);
    if (found) return found;
    if (page * 50 >= answer.meta.total || answer.list.length === 0) return null;
  }
}

/** `PUT .../cards/{cardId}/items/{itemNo}`: one item's score with the version read; silent (the page says why). */
export const saveItemScore = (taskId: string, cardId: string, itemNo: number, body: ItemScoreBody) =>
  request<ItemScoreSaved>('PUT', `${taskPath(taskId)}/cards/${encodeURIComponent(cardId)}/items/${itemNo}`, {
    body,
    silent: true,
  });

/** `POST /api/examTasks/{id}/submit`: hands the totals to the plan. */
export function useSubmitExamTask(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<ExamTaskDetail>('POST', `${taskPath(id)}/submit`),
    onSuccess: (task) => {
      client.setQueryData(examinerTaskKeys.detail(id), task);
      void client.invalidateQueries({ queryKey: examinerTaskKeys.all });
    },
  });
}

export interface CardIdentity {
  masked_code: string;
  name: string;
  id_type_text: string;
  id_number: string;
}

/** `GET .../cards/{cardId}/identity` (the reveal key; logged on the plan). */
export const fetchIdentity = (taskId: string, cardId: string) =>
  request<CardIdentity>('GET', `${taskPath(taskId)}/cards/${encodeURIComponent(cardId)}/identity`);

/** `GET /api/examinerQualifications`. */
export const useQualifications = () =>
  useQuery({
    queryKey: examinerTaskKeys.qualifications,
    queryFn: () => request<ExaminerQualificationRow[]>('GET', QUALS),
    retry: false,
  });

/** `POST /api/examinerQualifications` (id null) or `PATCH .../{id}`. */
export function useSaveQualification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ExaminerQualificationBody }) =>
      id
        ? request<ExaminerQualificationRow>('PATCH', `${QUALS}/${encodeURIComponent(id)}`, { body })
        : request<ExaminerQualificationRow>('POST', QUALS, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: examinerTaskKeys.qualifications }),
  });
}

/** `DELETE /api/examinerQualifications/{id}`. */
export function useDeleteQualification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', `${QUALS}/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: examinerTaskKeys.qualifications }),
  });
}

/** `GET /api/occupations`: 职业目录, for a qualification's occupation (kept 5 minutes, as the filing form keeps it). */
export const useOccupationCatalogue = (enabled: boolean) =>
  useQuery({
    queryKey: ['occupations'],
    queryFn: () => request<OccupationCatalogue>('GET', '/api/occupations'),
    staleTime: 5 * 60_000,
    enabled,
  });
