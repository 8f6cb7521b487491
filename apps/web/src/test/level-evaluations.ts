import type {
  CandidateRow,
  EvaluationOptions,
  EvaluationStatistics,
  LevelEvaluationDetail,
  LevelEvaluationRow,
} from '@skill-cert/shared/level-evaluations';

/** Level evaluation plans, candidates and options as the API answers them, for the screens' tests. */

export const PLAN_ID = '20000000-0000-4000-8000-000000000001';
export const FILING_ID = '10000000-0000-4000-8000-000000000001';

export const abilities = (
  overrides: Partial<LevelEvaluationDetail['abilities']> = {},
): LevelEvaluationDetail['abilities'] => ({
  can_edit: false,
  can_delete: false,
  can_submit: false,
  can_review: false,
  can_edit_candidates: false,
  can_edit_scores: false,
  can_submit_results: false,
  can_request_change: false,
  can_review_changes: false,
  can_edit_sessions: false,
  can_seat: false,
  can_render_tickets: false,
  ...overrides,
});

export function planRow(overrides: Partial<LevelEvaluationRow> = {}): LevelEvaluationRow {
  return {
    _id: PLAN_ID,
    plan_no: 'BA20260102ABCDEF202601001',
    name: '2026年第一期电工评价',
    record_application_id: FILING_ID,
    occupation_code: '6-31-01-03',
    occupation_name: '电工',
    work_type: null,
    level: 4,
    level_name: '四级/中级工',
    start_date: '2026-03-01',
    end_date: '2026-03-05',
    status: 2,
    status_text: '进行中',
    candidate_count: 3,
    pass_count: 0,
    publicity_end_str: null,
    create_user_name: '张三',
    create_time_str: '2026-01-02 10:00:00',
    update_time_str: '2026-01-02 10:00:00',
    ...overrides,
  };
}

export function planDetail(overrides: Partial<LevelEvaluationDetail> = {}): LevelEvaluationDetail {
  return {
    ...planRow(),
    record_no: 'BA20260102ABCDEF',
    methods: [
      { method: 1, method_text: '理论知识考试', full_mark: 100, pass_mark: 60 },
      { method: 2, method_text: '技能操作考核', full_mark: 100, pass_mark: 60 },
    ],
    site: {
      _id: 'site1',
      name: '一号实训楼',
      address: '文三路 100 号',
      region_names: ['浙江省', '杭州市', '西湖区'],
    },
    examiners: [{ _id: 'p1', name: '张考评', phone: '13912345678', qualification: '电工 二级/技师' }],
    supervisors: [{ _id: 'p2', name: '李督导', phone: '13912345679', qualification: '电工 一级/高级技师' }],
    publicity_days: 7,
    remark: null,
    reject_reason: null,
    result_counts: { pass: 0, fail: 0, absent: 0, discipline: 0, violation: 0, pending: 3 },
    pending_change_count: 0,
    examinee_counts: { pending: 0, approved: 3, rejected: 0, seated: 0 },
    session_count: 0,
    room_count: 0,
    seat_total: 0,
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
    abilities: abilities({ can_edit_candidates: true, can_edit_scores: true, can_submit_results: true }),
    timeline: [
      {
        _id: 't1',
        action: 'create',
        action_text: '创建评价计划',
        user_name: '张三',
        note: null,
        create_time_str: '2026-01-02 10:00:00',
      },
    ],
    ...overrides,
  };
}

const IDS = ['110101199001010011', '110101199002020022', '110101199003030033'];
export const CANDIDATE_IDS = ['c-1', 'c-2', 'c-3'];

export function candidate(index: number, overrides: Partial<CandidateRow> = {}): CandidateRow {
  return {
    _id: CANDIDATE_IDS[index] ?? `c-${index + 1}`,
    user_id: null,
    name: ['王一', '李二', '赵三'][index] ?? `考生${index + 1}`,
    id_type: 1,
    id_type_text: '居民身份证',
    id_number: IDS[index] ?? '110101199001010011',
    gender: 1,
    gender_text: '男',
    birthday: '1990-01-01',
    phone: null,
    education: null,
    work_unit: null,
    post: null,
    work_years: null,
    qualification: null,
    candidate_type: 1,
    candidate_type_text: '新考',
    photo: null,
    scores: [],
    result: null,
    result_text: null,
    update_time_str: '2026-01-02 10:00:00',
    ...overrides,
  };
}

export const statistics: EvaluationStatistics = {
  candidate_count: 3,
  pass_rate: 0,
  result_counts: { pass: 0, fail: 0, absent: 0, discipline: 0, violation: 0, pending: 3 },
  methods: [],
};

export const options: EvaluationOptions = {
  filings: [
    {
      _id: FILING_ID,
      record_no: 'BA20260102ABCDEF',
      scopes: [
        {
          occupation_code: '6-31-01-03',
          occupation_name: '电工',
          work_type: null,
          levels: [4, 2],
          enabled: true,
          comprehensive_review: true,
        },
        {
          occupation_code: '6-18-02-04',
          occupation_name: '焊工',
          work_type: '电焊工',
          levels: [5],
          enabled: true,
          comprehensive_review: true,
        },
      ],
      sites: [
        { _id: 'site1', name: '一号实训楼', address: '文三路 100 号', region_names: ['浙江省', '杭州市'] },
      ],
      examiners: [{ _id: 'p1', name: '张考评', phone: '13912345678', qualification: '电工 二级/技师' }],
      supervisors: [{ _id: 'p2', name: '李督导', phone: '13912345679', qualification: '电工 一级/高级技师' }],
    },
  ],
};
