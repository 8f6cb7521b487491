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
import { EXAMINER_DICTIONARIES as EXAMINER_LOGIN_DICTIONARIES } from '@skill-cert/shared/role-dicts';

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

export { INSTITUTION_DICTIONARIES } from '@skill-cert/shared/role-dicts';

/** What the examiner fetches at login (shared with the web app), and its task list's filters. */
export const EXAMINER_DICTIONARIES = [
  ...EXAMINER_LOGIN_DICTIONARIES,
  'exam_task_status',
  'exam_task_kind',
  'marking_round',
] as const;

/** Each dictionary's Chinese name on 字典管理 (the order of the list is the order of `dictionaries`). */
export const dictionaryTitles: Record<string, string> = {
  company_type: '企业类型',
  record_status: '备案状态',
  record_kind: '备案类型',
  evaluation_status: '评价计划状态',
  test_plan_status: '考试计划状态',
  evaluation_method: '评价方式',
  exam_type: '考试类型',
  exam_room_type: '考场类型',
  examinee_status: '考生审核状态',
  seating_mode: '编排方式',
  ticket_status: '准考证状态',
  candidate_result: '考生结果',
  score_mark: '成绩标记',
  skill_level: '职业技能等级',
  id_type: '证件类型',
  candidate_type: '考生类别',
  education: '文化程度',
  certificate_handle_status: '证书处理状态',
  certificate_produce_status: '证书生成状态',
  exam_status: '考试状态',
  exam_subject: '考试科目',
  course_type: '课程类型',
  order_status: '订单状态',
  banner_status: '轮播图状态',
  article_status: '文章状态',
  exchange_code_status: '兑换码状态',
  answer_card_review_status: '答题卡复核状态',
  entry_status: '报名审核状态',
  evaluate_result: '评价结果',
  exam_task_status: '考评任务状态',
  exam_task_kind: '考评任务类型',
  marking_round: '阅卷轮次',
  marking_rounding: '分数取整方式',
  message_category: '消息分类',
};

/**
 * Dictionaries whose values no code relies on: the platform may add, re-value and delete their items. 文化程度 is
 * free text on an examinee (its options only suggest); 课程类型 is read by no code yet. Every other dictionary's
 * values are codes the API stores and filters by: only labels, order, colour and enabled may change.
 */
export const FREE_DICTIONARIES: ReadonlySet<string> = new Set(['education', 'course_type']);
