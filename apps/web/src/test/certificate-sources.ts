import type { GrantDetail, GrantOptions, GrantRow } from '@skill-cert/shared/certificate-grants';
import { type Message, TemplateKey } from '@skill-cert/shared/messages';
import type {
  OfflineBatchDetail,
  OfflineBatchOptions,
  OfflineBatchRow,
  OfflineDraftRow,
} from '@skill-cert/shared/offline-certificates';
import type { SourceCertificateRow } from '@/shared/components/certificate-file/source-certificate-table';

/**
 * Grants and offline batches, their options, drafts, certificates and messages as the API answers them, for the
 * 证书发放 and 证书生成 screens' tests (one certificate row and one message for both).
 */

// ------------------------------------------------------------------------------------------ offline batches

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

/** A certificate of a grant or a batch as its list answers it (one row shape for both): rendered and valid. */
export function certificateRow(overrides: Partial<SourceCertificateRow> = {}): SourceCertificateRow {
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

/** A message about a grant or a batch, as the message centre answers it. */
function sourceMessage(templateKey: string, id: string, content: string): Message {
  return {
    _id: `m-${templateKey}`,
    message_category_name: '证书通知',
    create_time_str: '2026-11-26 10:00:00',
    content,
    whether_read: 0,
    url: null,
    data: { _id: id, template_key: templateKey },
  };
}

/** The message a read (or a publication) sends the batch's starter. */
export const batchMessage = (
  templateKey: string = TemplateKey.OFFLINE_CERTIFICATE_DONE,
  batchId = BATCH_ID,
) => sourceMessage(templateKey, batchId, '证书信息解析完成：成功 2 条，失败 1 条');

// ------------------------------------------------------------------------------------------------ grants

/** Grants, their options and certificates as the API answers them, for the grant screens' tests. */

export const GRANT_ID = '30000000-0000-4000-8000-000000000001';
export const EVALUATION_ID = '20000000-0000-4000-8000-000000000005';

export function grantOptions(overrides: Partial<GrantOptions> = {}): GrantOptions {
  return {
    evaluation: {
      _id: EVALUATION_ID,
      plan_no: 'BA20260102ABCDEF202603001',
      name: '2026年第一期电工评价',
      occupation_name: '电工',
      work_type: null,
      level: 4,
      level_name: '四级/中级工',
      status: 5,
      status_text: '已通过',
      end_date: '2026-03-10',
    },
    templates: [
      { _id: 'national', name: '职业技能等级证书', national: true },
      { _id: '40000000-0000-4000-8000-000000000001', name: '企业自定义证书', national: false },
    ],
    candidates: [
      {
        _id: 'c0000000-0000-4000-8000-000000000001',
        name: '李四',
        id_type: 1,
        id_number: '110101199003071234',
        has_photo: true,
      },
      {
        _id: 'c0000000-0000-4000-8000-000000000002',
        name: '王五',
        id_type: 2,
        id_number: 'E12345678',
        has_photo: false,
      },
      {
        _id: 'c0000000-0000-4000-8000-000000000003',
        name: '赵六',
        id_type: 1,
        id_number: '110101199205061235',
        has_photo: true,
      },
    ],
    blocked_reason: null,
    ...overrides,
  };
}

export function grantRow(overrides: Partial<GrantRow> = {}): GrantRow {
  return {
    _id: GRANT_ID,
    evaluation_id: EVALUATION_ID,
    plan_no: 'BA20260102ABCDEF202603001',
    evaluation_name: '2026年第一期电工评价',
    occupation_name: '电工',
    work_type: null,
    level: 4,
    level_name: '四级/中级工',
    template_name: '职业技能等级证书',
    issue_date: '2026-11-26',
    total: 3,
    success_count: 3,
    failed_count: 0,
    status: 1,
    status_text: '待确认',
    created_by_name: '张三',
    create_time_str: '2026-11-26 10:00:00',
    confirm_time_str: null,
    ...overrides,
  };
}

export function grantDetail(overrides: Partial<GrantDetail> = {}): GrantDetail {
  return {
    ...grantRow(),
    first_no: 'Y123433010600264000001',
    last_no: 'Y123433010600264000003',
    ...overrides,
  };
}

/** A certificate of a grant before 确认发证: rendered, 待确认. */
export const grantCertificate = (overrides: Partial<SourceCertificateRow> = {}) =>
  certificateRow({
    _id: 'd0000000-0000-4000-8000-000000000001',
    status: 0,
    status_text: '待确认',
    ...overrides,
  });

/** The message a grant's end sends its starter (`create_level_evaluate_certificate_done`). */
export const grantDoneMessage = (grantId = GRANT_ID) =>
  sourceMessage(TemplateKey.LEVEL_CERTIFICATE_DONE, grantId, '证书已生成，请确认发证');
