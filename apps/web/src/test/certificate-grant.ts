import type {
  GrantCertificateRow,
  GrantDetail,
  GrantOptions,
  GrantRow,
} from '@skill-cert/shared/certificateGrant';
import { type Message, TemplateKey } from '@skill-cert/shared/messages';

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

export function grantCertificate(overrides: Partial<GrantCertificateRow> = {}): GrantCertificateRow {
  return {
    _id: 'd0000000-0000-4000-8000-000000000001',
    certificate_no: 'Y123433010600264000001',
    holder_name: '李四',
    id_number: '110101199003071234',
    has_photo: true,
    produce_status: 1,
    produce_status_text: '生成成功',
    fail_reason: null,
    status: 0,
    status_text: '待确认',
    ...overrides,
  };
}

/** The message a grant's end sends its starter (`create_level_evaluate_certificate_done`). */
export function grantDoneMessage(grantId = GRANT_ID): Message {
  return {
    _id: 'm-1',
    message_category_name: '证书通知',
    create_time_str: '2026-11-26 10:00:00',
    content: '证书已生成，请确认发证',
    whether_read: 0,
    url: null,
    data: { _id: grantId, template_key: TemplateKey.LEVEL_CERTIFICATE_DONE },
  };
}
