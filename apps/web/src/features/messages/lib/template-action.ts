import type { Message } from '@skill-cert/shared/messages';
import { RoleType } from '@skill-cert/shared/roles';
import { TemplateKey } from '@skill-cert/shared/template-keys';

/** The button a message gets for its template key (spec §4 template keys and actions). */
export type TemplateAction =
  | { kind: 'navigate'; label: string; to: string }
  /** A page load: the session changed with the message (e.g. now a member of a company). */
  | { kind: 'load'; label: string; to: string }
  | { kind: 'customCertificate'; label: string; certificateId: string };

/**
 * `role` is the active role type: the institution's messages about its filing and its test plans lead to its own
 * pages (备案中心, the test plan's tabs).
 */
export function templateActionOf(
  message: Pick<Message, 'data'>,
  role: number | null = null,
): TemplateAction | null {
  const { _id: id, template_key: key } = message.data;
  if (!id) return null;
  const target = encodeURIComponent(id);
  const institution = role === RoleType.INSTITUTION;
  switch (key) {
    case TemplateKey.LEVEL_CERTIFICATE_DONE:
      // For a test plan's grant data._id is the plan: its 证书 tab confirms the grant.
      return institution
        ? { kind: 'navigate', label: '确认发证', to: `/test-plan/edit/${target}?type=6` }
        : { kind: 'navigate', label: '确认发证', to: `/grant-certificate/confirm-add/${target}` };
    case TemplateKey.ADMISSION_TICKETS_DONE:
      // An enterprise plan that seats its staff renders tickets too: its detail's 座位与准考证 tab.
      return institution
        ? { kind: 'navigate', label: '查看准考证', to: `/test-plan/edit/${target}?type=4` }
        : { kind: 'navigate', label: '查看准考证', to: `/evaluation-list/detail/${target}?tab=seating` };
    case TemplateKey.OFFLINE_CERTIFICATE_DONE:
      return { kind: 'navigate', label: '确认发证', to: `/offline-certificate/confirm-add/${target}` };
    case TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED:
      return { kind: 'navigate', label: '去导出证书', to: `/offline-certificate/detail/${target}` };
    case TemplateKey.EXAMINEE_IMPORT_RESULT:
      return { kind: 'navigate', label: '查看考生', to: `/test-plan/edit/${target}?type=3` };
    case TemplateKey.CUSTOM_CERTIFICATE_DONE:
      return { kind: 'customCertificate', label: '查看证书', certificateId: id };
    case TemplateKey.RECORD_DECIDED:
      return institution
        ? { kind: 'navigate', label: '查看', to: '/record-center' }
        : { kind: 'navigate', label: '查看', to: `/record-application/detail/${target}` };
    case TemplateKey.JOIN_APPROVED:
    case TemplateKey.MEMBER_ADDED:
      return { kind: 'load', label: '查看', to: '/record-application' };
    case TemplateKey.JOIN_REJECTED:
      return { kind: 'load', label: '查看', to: '/join' };
    case TemplateKey.COMPANY_INVITATION:
      return { kind: 'load', label: '去处理', to: '/join' };
    case TemplateKey.ADMIN_TRANSFERRED:
      return { kind: 'load', label: '查看', to: '/user-list' };
    case TemplateKey.COMPANY_STATUS_CHANGED:
      return { kind: 'navigate', label: '查看', to: '/profile' };
    case TemplateKey.EVALUATION_WAITING:
      return { kind: 'navigate', label: '去审批', to: `/evaluation-approve/detail/${target}` };
    case TemplateKey.EVALUATION_DECIDED:
      return { kind: 'navigate', label: '查看', to: `/evaluation-list/detail/${target}` };
    case TemplateKey.NEWS_PUBLISHED:
      return { kind: 'navigate', label: '阅读', to: `/news/view/${target}` };
    default:
      return null;
  }
}
