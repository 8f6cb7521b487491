import { companyTypeText } from '@skill-cert/shared/companies';
import type { DictItem } from '@skill-cert/shared/dict';
import {
  examTaskKindText,
  examTaskStatusText,
  markingRoundingText,
  markingRoundText,
} from '@skill-cert/shared/exam-tasks';
import {
  candidateResultText,
  candidateTypeText,
  EDUCATION_OPTIONS,
  evaluationMethodText,
  evaluationStatusText,
  examineeStatusText,
  idTypeText,
  roomTypeText,
  scoreMarkText,
  seatingModeText,
  TEST_PLAN_STATUSES,
  ticketStatusText,
} from '@skill-cert/shared/level-evaluations';
import { ALL_SKILL_LEVELS, skillLevelNames } from '@skill-cert/shared/occupations';
import { recordKindText, recordStatusText } from '@skill-cert/shared/records';

/**
 * Dictionaries served by `POST /api/dict` (spec §6, DOMAIN.md "Reference data"): name → options. Those of a thing the
 * API already codes are made from its shared texts, so a dictionary's values are the values the API uses.
 */

const items = (...labels: string[]): DictItem[] => labels.map((label, i) => ({ label, value: i + 1 }));
const from0 = (...labels: string[]): DictItem[] => labels.map((label, i) => ({ label, value: i }));
/** A code → text table as options, in the order of its codes (or of `order`). */
const of = (texts: Record<number, string>, order?: readonly number[]): DictItem[] =>
  (
    order ??
    Object.keys(texts)
      .map(Number)
      .sort((a, b) => a - b)
  ).map((value) => ({
    label: texts[value],
    value,
  }));

export const dictionaries: Record<string, DictItem[]> = {
  company_type: of(companyTypeText),
  record_status: of(recordStatusText),
  record_kind: of(recordKindText),
  evaluation_status: of(evaluationStatusText),
  test_plan_status: of(evaluationStatusText, TEST_PLAN_STATUSES),
  evaluation_method: of(evaluationMethodText),
  exam_type: of(evaluationMethodText),
  exam_room_type: of(roomTypeText),
  examinee_status: of(examineeStatusText),
  seating_mode: of(seatingModeText),
  ticket_status: of(ticketStatusText),
  candidate_result: of(candidateResultText),
  score_mark: of(scoreMarkText),
  skill_level: of(skillLevelNames, ALL_SKILL_LEVELS),
  id_type: of(idTypeText),
  candidate_type: of(candidateTypeText),
  education: EDUCATION_OPTIONS.map((label) => ({ label, value: label })),
  certificate_handle_status: from0('处理中', '处理成功', '处理失败'),
  certificate_produce_status: from0('待生成', '已生成', '生成失败'),
  exam_status: from0('未开始', '进行中', '已结束', '已取消'),
  exam_subject: of(evaluationMethodText),
  course_type: items('视频课程', '直播课程', '线下课程'),
  order_status: from0('待支付', '已支付', '已退款', '已关闭'),
  banner_status: from0('下线', '上线'),
  article_status: from0('草稿', '已发布', '已下线'),
  exchange_code_status: from0('未使用', '已使用', '已作废'),
  answer_card_review_status: from0('待复核', '未作答', '多选', '缺考', '违纪', '正常'),
  entry_status: from0('待审核', '已通过', '已驳回'),
  evaluate_result: from0('不合格', '合格'),
  // The examiner portal's task list and marking settings.
  exam_task_status: of(examTaskStatusText),
  exam_task_kind: of(examTaskKindText),
  marking_round: of(markingRoundText),
  marking_rounding: of(markingRoundingText),
  message_category: [
    '系统通知',
    '企业通知',
    '机构通知',
    '备案通知',
    '评价通知',
    '考务通知',
    '证书通知',
    '导入通知',
    '权限通知',
  ].map((label, i) => ({ label, value: i + 1 })),
};

/** What the institution fetches at login (spec §6): every dictionary its pages use. */
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

/** What the examiner fetches at login (spec §6), and the task list's filters. */
export const EXAMINER_DICTIONARIES = [
  'exam_subject',
  'exam_type',
  'answer_card_review_status',
  'exam_status',
  'entry_status',
  'evaluate_result',
  'exam_task_status',
  'exam_task_kind',
  'marking_round',
] as const;
