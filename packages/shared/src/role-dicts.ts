import { RoleType } from './roles.ts';

/*
 * The dictionaries a role fetches as it signs in (spec §6), without zod: the signed-in shell prefetches them, and the
 * server's tests check that `POST /api/dict` serves each. One list for both.
 */

/** What the institution fetches at login: every dictionary its pages use. */
export const INSTITUTION_DICTIONARIES = [
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
] as const;

/** What the examiner fetches at login (spec §6's six). */
export const EXAMINER_DICTIONARIES = [
  'exam_subject',
  'exam_type',
  'answer_card_review_status',
  'exam_status',
  'entry_status',
  'evaluate_result',
] as const;

/** By role type: the roles that fetch dictionaries at login. */
export const ROLE_DICTS: Readonly<Partial<Record<number, readonly string[]>>> = {
  [RoleType.INSTITUTION]: INSTITUTION_DICTIONARIES,
  [RoleType.EXAMINER]: EXAMINER_DICTIONARIES,
};
