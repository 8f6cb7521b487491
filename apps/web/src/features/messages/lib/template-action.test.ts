import { type Message, TemplateKey } from '@skill-cert/shared/messages';
import { describe, expect, it } from 'vitest';
import { templateActionOf } from './template-action';

const about = (template_key: string, _id: string | null = 'id-7'): Pick<Message, 'data'> => ({
  data: { _id, template_key },
});

describe('a message about a record has a way to open it', () => {
  it.each([
    [
      TemplateKey.LEVEL_CERTIFICATE_DONE,
      { kind: 'navigate', label: '确认发证', to: '/grant-certificate/confirm-add/id-7' },
    ],
    [
      TemplateKey.OFFLINE_CERTIFICATE_DONE,
      { kind: 'navigate', label: '确认发证', to: '/offline-certificate/confirm-add/id-7' },
    ],
    [
      TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED,
      { kind: 'navigate', label: '去导出证书', to: '/offline-certificate/detail/id-7' },
    ],
    [
      TemplateKey.EXAMINEE_IMPORT_RESULT,
      { kind: 'navigate', label: '查看考生', to: '/test-plan/edit/id-7?type=3' },
    ],
    [
      TemplateKey.CUSTOM_CERTIFICATE_DONE,
      { kind: 'customCertificate', label: '查看证书', certificateId: 'id-7' },
    ],
    [TemplateKey.RECORD_DECIDED, { kind: 'navigate', label: '查看', to: '/record-application/detail/id-7' }],
    [TemplateKey.JOIN_APPROVED, { kind: 'load', label: '查看', to: '/record-application' }],
    [TemplateKey.MEMBER_ADDED, { kind: 'load', label: '查看', to: '/record-application' }],
    [TemplateKey.COMPANY_INVITATION, { kind: 'load', label: '去处理', to: '/join' }],
    [TemplateKey.JOIN_REJECTED, { kind: 'load', label: '查看', to: '/join' }],
    [TemplateKey.ADMIN_TRANSFERRED, { kind: 'load', label: '查看', to: '/user-list' }],
    [TemplateKey.COMPANY_STATUS_CHANGED, { kind: 'navigate', label: '查看', to: '/profile' }],
    [
      TemplateKey.EVALUATION_WAITING,
      { kind: 'navigate', label: '去审批', to: '/evaluation-approve/detail/id-7' },
    ],
    [TemplateKey.EVALUATION_DECIDED, { kind: 'navigate', label: '查看', to: '/evaluation-list/detail/id-7' }],
    [TemplateKey.NEWS_PUBLISHED, { kind: 'navigate', label: '阅读', to: '/news/view/id-7' }],
  ])('%s', (key, action) => {
    expect(templateActionOf(about(key))).toEqual(action);
  });

  it('admission_tickets_done opens the test plan at its 编排与准考证 tab', () => {
    expect(templateActionOf(about(TemplateKey.ADMISSION_TICKETS_DONE), 3)).toEqual({
      kind: 'navigate',
      label: '查看准考证',
      to: '/test-plan/edit/id-7?type=4',
    });
  });

  it('admission_tickets_done of an enterprise plan opens its detail at the 座位与准考证 tab', () => {
    expect(templateActionOf(about(TemplateKey.ADMISSION_TICKETS_DONE), 1)).toEqual({
      kind: 'navigate',
      label: '查看准考证',
      to: '/evaluation-list/detail/id-7?tab=seating',
    });
  });

  it('for the institution a filing decision opens 备案中心 and a grant done opens the test plan at its 证书 tab', () => {
    expect(templateActionOf(about(TemplateKey.RECORD_DECIDED), 3)).toEqual({
      kind: 'navigate',
      label: '查看',
      to: '/record-center',
    });
    expect(templateActionOf(about(TemplateKey.LEVEL_CERTIFICATE_DONE), 3)).toEqual({
      kind: 'navigate',
      label: '确认发证',
      to: '/test-plan/edit/id-7?type=6',
    });
  });

  it('a message without a related record or with a key of its own kind has no action', () => {
    expect(templateActionOf(about(TemplateKey.RECORD_DECIDED, null))).toBeNull();
    expect(templateActionOf(about(TemplateKey.SYSTEM_NOTICE))).toBeNull();
    expect(templateActionOf(about(TemplateKey.PAPER_CERTIFICATE_PARSED))).toBeNull();
  });
});
