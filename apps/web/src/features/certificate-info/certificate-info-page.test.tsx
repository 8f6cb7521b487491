import type { PublicCertificate } from '@skill-cert/shared/customCertificate';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';

const certificate = (extra: Partial<PublicCertificate> = {}): PublicCertificate => ({
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  holder_name: '李四',
  id_card_masked: '1101**********1234',
  fields: [
    { label: '职业名称', value: '电工' },
    { label: '职业技能等级', value: '四级/中级工' },
    { label: '证书编号', value: 'Y000011000001261000001' },
  ],
  issuer: '示例智能制造有限公司',
  issue_date: '2026-03-03',
  template_name: '职业技能等级证书',
  valid: true,
  status_text: '有效',
  status: 1,
  certificate_no: 'Y000011000001261000001',
  revoked_date: null,
  replaced_by_id: null,
  ...extra,
});

describe('/information-link/:id (public certificate verification)', () => {
  it('shows the certificate without login: title, holder, masked ID, fields, issuer, date and 有效', async () => {
    const data = certificate();
    const network = installFakeNetwork({ [`GET /api/public/certificates/${data._id}`]: ok(data) });
    renderRoute(`/information-link/${data._id}`);

    expect(await screen.findByText('职业技能等级证书')).toBeInTheDocument();
    expect(screen.getByText('有效')).toHaveClass('ant-tag-success');
    const info = screen.getByLabelText('证书信息');
    for (const text of ['李四', '1101**********1234', '电工', '四级/中级工', 'Y000011000001261000001']) {
      expect(within(info).getByText(text)).toBeInTheDocument();
    }
    expect(within(info).getByText('示例智能制造有限公司')).toBeInTheDocument();
    expect(within(info).getByText('2026-03-03')).toBeInTheDocument();
    expect(info).not.toHaveTextContent('110101199003071234');
    const [call] = network.callsTo(`GET /api/public/certificates/${data._id}`);
    expect(call!.headers.get('Authorization')).toBeNull();
    // No session was asked for: the page is public.
    expect(network.calls.map((c) => c.path)).toEqual([`/api/public/certificates/${data._id}`]);
  });

  it('a certificate no longer valid shows 无效 with the reason', async () => {
    const data = certificate({ valid: false, status_text: '证书已撤销' });
    installFakeNetwork({ [`GET /api/public/certificates/${data._id}`]: ok(data) });
    renderRoute(`/information-link/${data._id}`);
    expect(await screen.findByText('无效')).toHaveClass('ant-tag-error');
    expect(screen.getByText('证书已撤销')).toBeInTheDocument();
  });

  it('an unknown id says plainly 证书不存在或已失效', async () => {
    installFakeNetwork({ 'GET /api/public/certificates/nope': fail(404, '证书不存在或已失效') });
    renderRoute('/information-link/nope');
    expect(
      await screen.findByText('证书不存在或已失效', { selector: '.ant-result-title' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('证书信息')).not.toBeInTheDocument();
  });

  it('a server fault offers to load again', async () => {
    let attempts = 0;
    installFakeNetwork({
      'GET /api/public/certificates/c1': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, '服务器繁忙，请稍后重试') : ok(certificate({ _id: 'c1' }));
      },
    });
    renderRoute('/information-link/c1');
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument();
    screen.getByText('重新加载').click();
    expect(await screen.findByText('李四')).toBeInTheDocument();
  });
});
