import { type Message, TemplateKey } from '@skill-cert/shared/messages';

/** The button a message gets for its template key (spec §4 template keys and actions). */
export type TemplateAction =
  | { kind: 'navigate'; label: string; to: string }
  | { kind: 'customCertificate'; label: string; certificateId: string };

export function templateActionOf(message: Pick<Message, 'data'>): TemplateAction | null {
  const { _id: id, template_key: key } = message.data;
  if (!id) return null;
  const target = encodeURIComponent(id);
  switch (key) {
    case TemplateKey.LEVEL_CERTIFICATE_DONE:
      return { kind: 'navigate', label: '确认发证', to: `/grant-certificate/confirm-add/${target}` };
    case TemplateKey.OFFLINE_CERTIFICATE_DONE:
      return { kind: 'navigate', label: '确认发证', to: `/offline-certificate/confirm-add/${target}` };
    case TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED:
      return { kind: 'navigate', label: '去导出证书', to: `/offline-certificate/detail/${target}` };
    case TemplateKey.EXAMINEE_IMPORT_RESULT:
      return { kind: 'navigate', label: '查看考生', to: `/test-plan/edit/${target}?type=3` };
    case TemplateKey.CUSTOM_CERTIFICATE_DONE:
      return { kind: 'customCertificate', label: '查看证书', certificateId: id };
    default:
      return null;
  }
}
