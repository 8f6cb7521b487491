import { RoleType } from '@skill-cert/shared/roles';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dictGeneration, dictQueryOptions } from './dict-cache';

/**
 * The dictionaries a role fetches as it signs in (spec §6), into the one dictionary cache: the institution's many
 * (docs/api.md "Dictionaries the institution reads at login"), the examiner's few. Pages then read them from the cache
 * with `useDict`.
 */
export const ROLE_DICTS: Readonly<Partial<Record<number, readonly string[]>>> = {
  [RoleType.INSTITUTION]: [
    'company_type',
    'test_plan_status',
    'evaluation_status',
    'evaluation_method',
    'exam_type',
    'exam_room_type',
    'examinee_status',
    'seating_mode',
    'ticket_status',
    'candidate_result',
    'score_mark',
    'skill_level',
    'id_type',
    'candidate_type',
    'education',
    'record_status',
    'record_kind',
    'course_type',
    'order_status',
    'banner_status',
    'article_status',
    'exchange_code_status',
    'exam_status',
    'exam_subject',
    'message_category',
  ],
  [RoleType.EXAMINER]: [
    'exam_subject',
    'exam_type',
    'answer_card_review_status',
    'exam_status',
    'entry_status',
    'evaluate_result',
  ],
};

/** Fetches the role's dictionaries not cached yet, in one request (names asked in one turn go together). */
export function prefetchRoleDicts(queryClient: QueryClient, role: number | null | undefined): Promise<void> {
  const names = role ? (ROLE_DICTS[role] ?? []) : [];
  const generation = dictGeneration();
  return Promise.all(names.map((name) => queryClient.prefetchQuery(dictQueryOptions(name, generation)))).then(
    () => undefined,
  );
}

/** The signed-in shell fetches the active role's dictionaries once it is there (and again after a role switch). */
export function useRoleDicts(role: number | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void prefetchRoleDicts(queryClient, role);
  }, [queryClient, role]);
}
