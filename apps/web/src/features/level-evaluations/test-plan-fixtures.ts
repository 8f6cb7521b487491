import type {
  ExamineeRow,
  ExamSessionList,
  TestPlanDetail,
  TestPlanRow,
  TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser, ok } from '@/test/fake-network';
import { candidate, planDetail, planRow } from '@/test/level-evaluations';

/** Test plans, examinees, sessions and tickets as `/api/testPlans` answers them (imported by these screens' tests). */

export const TEST_PLAN_ID = '30000000-0000-4000-8000-000000000001';
export const SESSION_ID = '40000000-0000-4000-8000-000000000001';
export const ROOM_ID = '50000000-0000-4000-8000-000000000001';

export const testPlanAbilities = (
  overrides: Partial<TestPlanDetail['abilities']> = {},
): TestPlanDetail['abilities'] => ({
  can_edit: false,
  can_delete: false,
  can_publish: false,
  can_cancel: false,
  can_edit_sessions: false,
  can_edit_examinees: false,
  can_review_examinees: false,
  can_seat: false,
  can_render_tickets: false,
  can_start_exam: false,
  can_end_exam: false,
  can_edit_scores: false,
  can_submit_results: false,
  can_review_results: false,
  can_request_change: false,
  can_review_changes: false,
  can_grant: false,
  can_archive: false,
  ...overrides,
});

export function testPlanRow(overrides: Partial<TestPlanRow> = {}): TestPlanRow {
  return {
    ...planRow({ _id: TEST_PLAN_ID, name: '2026年第一期电工四级考试', status: 10, status_text: '报名中' }),
    registration_start_date: '2026-02-01',
    registration_end_date: '2026-02-20',
    pending_examinee_count: 2,
    ...overrides,
  };
}

export function testPlanDetail(overrides: Partial<TestPlanDetail> = {}): TestPlanDetail {
  const { abilities: _a, ...plan } = planDetail();
  return {
    ...plan,
    ...testPlanRow(),
    owner_kind: 2,
    cancel_reason: null,
    examinee_counts: { pending: 2, approved: 1, rejected: 0, seated: 0 },
    session_count: 1,
    room_count: 1,
    seat_total: 30,
    seating_mode: null,
    seated_time_str: null,
    tickets: {
      status: 0,
      status_text: '未生成',
      rooms_done: 0,
      rooms_total: 0,
      request_user_name: null,
      start_time_str: null,
      finish_time_str: null,
      fail_reason: null,
    },
    warnings: [],
    abilities: testPlanAbilities(),
    ...overrides,
  };
}

export function examinee(index: number, overrides: Partial<ExamineeRow> = {}): ExamineeRow {
  const { user_id: _u, ...row } = candidate(index);
  return {
    ...row,
    _id: `e-${index + 1}`,
    work_unit: '示例电力公司',
    status: 0,
    status_text: '待审核',
    review_reason: null,
    review_time_str: null,
    ticket_no: null,
    seats: [],
    ...overrides,
  };
}

export const sessionList = (overrides: Partial<ExamSessionList> = {}): ExamSessionList => ({
  sessions: [
    {
      _id: SESSION_ID,
      code: '01',
      method: 1,
      method_text: '理论知识考试',
      name: '上午场',
      start_time_str: '2026-03-01 09:00',
      end_time_str: '2026-03-01 11:00',
      seat_total: 30,
      seated_count: 0,
      rooms: [
        {
          _id: ROOM_ID,
          session_id: SESSION_ID,
          code: '001',
          name: '第一考场',
          room_type: 1,
          room_type_text: '笔试',
          seats: 30,
          address: '一号实训楼 201 室',
          invigilators: ['周监考'],
          examiners: [],
          seated_count: 0,
          warnings: ['第一考场：监考人员少于2名'],
        },
      ],
    },
  ],
  warnings: ['技能操作考核尚未安排场次'],
  ...overrides,
});

export const ticketOverview = (overrides: Partial<TicketOverview> = {}): TicketOverview => ({
  ...testPlanDetail().tickets,
  rooms: [
    {
      room_id: ROOM_ID,
      session_code: '01',
      room_code: '001',
      room_name: '第一考场',
      seated_count: 28,
      file: null,
    },
  ],
  ...overrides,
});

/** An institution user holding `permissions` (the fake network answers personalMenus with them). */
export function signInInstitution(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [3] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}
