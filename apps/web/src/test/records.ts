import type { RecordApplicationDetail } from '@skill-cert/shared/records';

/** A record application as the API answers it (the enterprise's detail, the platform's review), for tests. */

export const ID_A = '110101198001010010';
export const ID_B = '330106199002150020';

export function detail(overrides: Partial<RecordApplicationDetail> = {}): RecordApplicationDetail {
  return {
    _id: '10000000-0000-4000-8000-000000000001',
    record_no: 'BA20260102ABCDEF',
    company_id: 'company-1',
    company_name: '示例智能制造有限公司',
    kind: 1,
    kind_text: '用人单位',
    status: 0,
    status_text: '草稿',
    scope_summary: '电工（四级/中级工、三级/高级工）',
    site_count: 1,
    examiner_count: 1,
    supervisor_count: 1,
    reject_reason: null,
    submit_time_str: null,
    decide_time_str: null,
    create_time_str: '2026-01-02 10:00:00',
    update_time_str: '2026-01-02 10:00:00',
    scopes: [
      {
        _id: 's1',
        occupation_code: '6-31-01-03',
        occupation_name: '电工',
        work_type: null,
        levels: [4, 3],
        level_names: ['四级/中级工', '三级/高级工'],
      },
    ],
    evaluation_basis: 1,
    evaluation_basis_text: '国家职业标准',
    basis_file: null,
    sites: [
      {
        _id: 'site1',
        name: '一号实训楼',
        region_code: '330106',
        region_names: ['浙江省', '杭州市', '西湖区'],
        address: '文三路 100 号',
        site_code: '000001',
      },
    ],
    examiners: [
      { _id: 'p1', name: '张考评', id_number: ID_A, phone: '13912345678', qualification: '电工 二级/技师' },
    ],
    supervisors: [
      {
        _id: 'p2',
        name: '李督导',
        id_number: ID_B,
        phone: '13912345679',
        qualification: '电工 一级/高级技师',
      },
    ],
    attachments: [],
    remark: null,
    editable: true,
    deletable: true,
    institution_code: '0001',
    province_code: '33',
    codes_proposed: false,
    timeline: [
      {
        _id: 't1',
        action: 'create',
        action_text: '创建申请',
        user_name: '张三',
        note: null,
        create_time_str: '2026-01-02 10:00:00',
      },
    ],
    ...overrides,
  };
}
