import { type Message, TemplateKey } from '@skill-cert/shared/messages';
import type {
  OfflineBatchDetail,
  OfflineBatchOptions,
  OfflineBatchRow,
  OfflineCertificateRow,
  OfflineDraftRow,
} from '@skill-cert/shared/offlineCertificate';

/** Offline batches, their options, drafts and certificates as the API answers them, for the 证书生成 screens' tests. */

export const BATCH_ID = '50000000-0000-4000-8000-000000000001';
export const SITE_ID = '60000000-0000-4000-8000-000000000001';
export const SHEET_FILE_ID = '70000000-0000-4000-8000-000000000001';
export const CUSTOM_TEMPLATE_ID = '40000000-0000-4000-8000-000000000001';

export function batchOptions(overrides: Partial<OfflineBatchOptions> = {}): OfflineBatchOptions {
  return {
    occupations: [
      {
        occupation_code: '6-31-01-03',
        occupation_name: '电工',
        work_types: [{ work_type: null, levels: [5, 4, 3] }],
      },
      {
        occupation_code: '6-18-02-04',
        occupation_name: '焊工',
        work_types: [
          { work_type: '电焊工', levels: [5, 4] },
          { work_type: '气焊工', levels: [3] },
        ],
      },
    ],
    sites: [{ _id: SITE_ID, name: '杭州考核站', address: '杭州市西湖区文三路 1 号' }],
    // The custom one first: the page puts the national template first whatever the order.
    templates: [
      {
        _id: CUSTOM_TEMPLATE_ID,
        name: '企业自定义证书',
        national: false,
        blanks: [{ name: 'company_dept', cn_name: '所在部门', required: true }],
      },
      { _id: 'national', name: '职业技能等级证书', national: true, blanks: [] },
    ],
    ...overrides,
  };
}

export function batchRow(overrides: Partial<OfflineBatchRow> = {}): OfflineBatchRow {
  return {
    _id: BATCH_ID,
    name: '2026年3月电工四级（外部评价）',
    occupation_code: '6-31-01-03',
    occupation_name: '电工',
    work_type: null,
    level: 4,
    level_name: '四级/中级工',
    start_date: '2026-03-01',
    end_date: '2026-03-03',
    site_id: SITE_ID,
    site_name: '杭州考核站',
    template_id: 'national',
    template_name: '职业技能等级证书',
    issue_date: '2026-03-20',
    status: 1,
    status_text: '待确认',
    total: 3,
    valid_count: 2,
    problem_count: 1,
    rendered_count: 0,
    failed_count: 0,
    created_by_name: '张三',
    create_time_str: '2026-11-26 10:00:00',
    publish_time_str: null,
    ...overrides,
  };
}

export function batchDetail(overrides: Partial<OfflineBatchDetail> = {}): OfflineBatchDetail {
  return {
    ...batchRow(),
    file: { file_id: SHEET_FILE_ID, originName: '证书信息表.xlsx' },
    photo_zip: null,
    photo_count: 0,
    error_file_id: null,
    fail_reason: null,
    first_no: null,
    last_no: null,
    blanks: [],
    required_methods: [1, 2],
    publish_blocked_reason: null,
    ...overrides,
  };
}

export function draftRow(overrides: Partial<OfflineDraftRow> = {}): OfflineDraftRow {
  return {
    _id: 'e0000000-0000-4000-8000-000000000001',
    row_number: 2,
    name: '李四',
    id_type: 1,
    id_type_text: '居民身份证',
    id_number: '110101199003071234',
    results: [
      { method: 1, method_text: '理论知识考试', value: '合格' },
      { method: 2, method_text: '技能操作考核', value: '85' },
      { method: 3, method_text: '工作业绩评审', value: null },
      { method: 4, method_text: '综合评审', value: null },
    ],
    values: [],
    has_photo: true,
    photo_file_id: null,
    problems: [],
    duplicate_holder: false,
    update_time_str: '2026-11-26 10:00:00',
    ...overrides,
  };
}

/** A draft whose 证件号码 fails the check and whose 技能操作考核 is below the pass mark. */
export const problemDraft = (overrides: Partial<OfflineDraftRow> = {}) =>
  draftRow({
    _id: 'e0000000-0000-4000-8000-000000000002',
    row_number: 3,
    name: '王五',
    id_number: '110101199003071230',
    results: [
      { method: 1, method_text: '理论知识考试', value: '合格' },
      { method: 2, method_text: '技能操作考核', value: '50' },
      { method: 3, method_text: '工作业绩评审', value: null },
      { method: 4, method_text: '综合评审', value: null },
    ],
    has_photo: false,
    problems: ['证件号码：居民身份证号码校验位不正确', '技能操作考核：成绩不合格（60分及以上合格）'],
    ...overrides,
  });

export function certificateRow(overrides: Partial<OfflineCertificateRow> = {}): OfflineCertificateRow {
  return {
    _id: 'f0000000-0000-4000-8000-000000000001',
    certificate_no: 'Y123433010600264000001',
    holder_name: '李四',
    id_number: '110101199003071234',
    has_photo: true,
    produce_status: 1,
    produce_status_text: '生成成功',
    fail_reason: null,
    status: 1,
    status_text: '有效',
    ...overrides,
  };
}

/** The message a read (or a publication) sends the batch's starter. */
export function batchMessage(
  templateKey: string = TemplateKey.OFFLINE_CERTIFICATE_DONE,
  batchId = BATCH_ID,
): Message {
  return {
    _id: 'm-offline-1',
    message_category_name: '证书通知',
    create_time_str: '2026-11-26 10:00:00',
    content: '证书信息解析完成：成功 2 条，失败 1 条',
    whether_read: 0,
    url: null,
    data: { _id: batchId, template_key: templateKey },
  };
}
