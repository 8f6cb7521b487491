import type { ExamCardRow, ExamTaskDetail, ExamTaskRow } from '@skill-cert/shared/exam-tasks';
import { RoleType } from '@skill-cert/shared/roles';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser, ok } from '@/test/fake-network';

export const TASK_ID = '11111111-1111-4111-8111-111111111111';

/** Signs in an examiner (考评员端) holding `permissions`. */
export function signInExaminer(permissions: string[] = ['examiner:task:list', 'examiner:task:score']) {
  useSessionStore.setState({ user: makeUser({ roles: [RoleType.EXAMINER], company_id: null }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

export function taskRow(overrides: Partial<ExamTaskRow> = {}): ExamTaskRow {
  return {
    _id: TASK_ID,
    kind: 1,
    kind_text: '阅卷',
    method: 1,
    method_text: '理论知识',
    round: 1,
    round_text: '一评',
    room_name: null,
    deadline: '2026-12-20',
    status: 1,
    status_text: '进行中',
    return_reason: null,
    done: 1,
    total: 3,
    submit_time_str: null,
    update_time_str: '2026-12-07 10:00:00',
    plan_id: 'plan-1',
    plan_name: '2026年电工四级评价',
    owner_kind: 1,
    owner_name: '示范电力公司',
    occupation_name: '电工',
    level_text: '四级/中级工',
    ...overrides,
  };
}

export function taskDetail(overrides: Partial<ExamTaskDetail> = {}): ExamTaskDetail {
  return {
    ...taskRow(),
    items: [
      { item_no: 1, name: '选择题', max: 40 },
      { item_no: 2, name: '简答题', max: 60 },
    ],
    can_score: true,
    score_problem: null,
    ...overrides,
  };
}

export function card(
  code: string,
  scores: (number | null)[],
  overrides: Partial<ExamCardRow> = {},
): ExamCardRow {
  const items = scores.map((score, i) => ({
    item_no: i + 1,
    score,
    remark: null,
    version: score === null ? 0 : 1,
  }));
  return {
    _id: `card-${code}`,
    masked_code: code,
    items,
    total: scores.some((s) => s !== null) ? scores.reduce<number>((a, s) => a + (s ?? 0), 0) : null,
    complete: scores.every((s) => s !== null),
    return_reason: null,
    editable: true,
    earlier: [],
    ...overrides,
  };
}
