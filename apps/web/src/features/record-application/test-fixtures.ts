import type { OccupationCatalogue } from '@skill-cert/shared/occupation';
import type { RecordApplicationDetail } from '@skill-cert/shared/recordApplication';
import type { Region } from '@/shared/dict/area-tree';
import { ok } from '@/test/fake-network';

/** Test data for the record application screens (imported by their tests only). */

export const catalogue: OccupationCatalogue = {
  categories: [
    {
      code: '4',
      name: '社会生产服务和生活服务人员',
      occupations: [{ code: '4-10-01-02', name: '育婴员', levels: [5, 4, 3], work_types: [] }],
    },
    {
      code: '6',
      name: '生产制造及有关人员',
      occupations: [
        { code: '6-31-01-03', name: '电工', levels: [5, 4, 3, 2, 1], work_types: [] },
        {
          code: '6-18-02-04',
          name: '焊工',
          levels: [5, 4, 3, 2, 1],
          work_types: ['电焊工', '气焊工'],
        },
      ],
    },
  ],
  levels: [
    { code: 5, name: '五级/初级工' },
    { code: 4, name: '四级/中级工' },
    { code: 3, name: '三级/高级工' },
    { code: 2, name: '二级/技师' },
    { code: 1, name: '一级/高级技师' },
  ],
};

export const regions: Region[] = [
  {
    _id: '330000',
    code: '330000',
    name: '浙江省',
    city: [
      {
        _id: '330100',
        code: '330100',
        name: '杭州市',
        county: [{ _id: '330106', code: '330106', name: '西湖区' }],
      },
    ],
  },
];

export const referenceRoutes = {
  'GET /api/occupations': ok(catalogue),
  'GET /api/area/info': ok(regions),
};

export const ID_A = '110101198001010010';
export const ID_B = '330106199002150020';

export function detail(overrides: Partial<RecordApplicationDetail> = {}): RecordApplicationDetail {
  return {
    _id: '10000000-0000-4000-8000-000000000001',
    record_no: 'BA20260102ABCDEF',
    company_id: 'company-1',
    company_name: '示例智能制造有限公司',
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
