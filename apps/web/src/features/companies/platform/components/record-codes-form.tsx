import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { ApproveCodes } from '../api/decide-record';

/** What the reviewer typed: the institution code and each site's code (site id → code). */
export interface CodeDraft {
  institution: string;
  sites: Record<string, string>;
}

export const draftOf = (detail: RecordApplicationDetail): CodeDraft => ({
  institution: detail.institution_code ?? '',
  sites: Object.fromEntries(detail.sites.map((s) => [s._id, s.site_code ?? ''])),
});

/** The first problem of the draft (Chinese, naming the field), or null. */
export function codeProblem(detail: RecordApplicationDetail, draft: CodeDraft): string | null {
  if (!/^\d{4}$/.test(draft.institution)) return '评价机构代码应为4位数字';
  const seen = new Set<string>();
  for (const site of detail.sites) {
    const code = draft.sites[site._id] ?? '';
    if (!/^\d{6}$/.test(code)) return `考核场地「${site.name}」：考核站点代码应为6位数字`;
    if (seen.has(code)) return `考核场地「${site.name}」：考核站点代码 ${code} 重复`;
    seen.add(code);
  }
  return null;
}

/** The approve body of a draft: only what differs from the proposal is sent. */
export function approveBodyOf(detail: RecordApplicationDetail, draft: CodeDraft): ApproveCodes {
  const proposal = draftOf(detail);
  const sites = detail.sites
    .filter((s) => draft.sites[s._id] !== proposal.sites[s._id])
    .map((s) => ({ site_id: s._id, site_code: draft.sites[s._id] }));
  return {
    ...(draft.institution !== proposal.institution ? { institution_code: draft.institution } : {}),
    ...(sites.length ? { site_codes: sites } : {}),
  };
}

/** The codes an approval assigns, proposed by the server; the reviewer may change them before 通过. */
export function useCodeDraft(detail: RecordApplicationDetail | undefined) {
  const [draft, setDraft] = useState<{ id: string; value: CodeDraft } | null>(null);
  const value = detail ? (draft?.id === detail._id ? draft.value : draftOf(detail)) : null;
  const set = (next: CodeDraft) => detail && setDraft({ id: detail._id, value: next });
  return { draft: value, setDraft: set };
}

export function RecordCodesForm({
  detail,
  draft,
  onChange,
}: {
  detail: RecordApplicationDetail;
  draft: CodeDraft;
  onChange: (draft: CodeDraft) => void;
}) {
  return (
    <section style={{ marginBottom: 20 }} aria-label="分配代码">
      <Typography.Title level={5} style={{ marginBottom: 4 }}>
        分配代码
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        通过后分配给企业，用于证书编号；已按下一个可用代码预填，可修改。企业已有评价机构代码时沿用原代码。
      </Typography.Paragraph>
      <Form layout="inline" component="div">
        <Form.Item label="评价机构代码">
          <Input
            aria-label="评价机构代码"
            value={draft.institution}
            maxLength={4}
            style={{ width: 90 }}
            onChange={(e) => onChange({ ...draft, institution: e.target.value.trim() })}
          />
        </Form.Item>
        {detail.sites.map((site) => (
          <Form.Item key={site._id} label={`${site.name} 考核站点代码`}>
            <Input
              aria-label={`${site.name} 考核站点代码`}
              value={draft.sites[site._id] ?? ''}
              maxLength={6}
              style={{ width: 110 }}
              onChange={(e) =>
                onChange({ ...draft, sites: { ...draft.sites, [site._id]: e.target.value.trim() } })
              }
            />
          </Form.Item>
        ))}
      </Form>
    </section>
  );
}
