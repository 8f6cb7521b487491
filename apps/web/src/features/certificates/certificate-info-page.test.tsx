import type { PublicCertificate } from '@skill-cert/shared/custom-certificates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';
import { findWithRole } from '@/test/ui';

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
  reinstated: null,
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

  it('a revoked certificate says 已撤销 with the date it was revoked', async () => {
    const data = certificate({ valid: false, status: 2, status_text: '已撤销', revoked_date: '2026-07-02' });
    installFakeNetwork({ [`GET /api/public/certificates/${data._id}`]: ok(data) });
    renderRoute(`/information-link/${data._id}`);
    expect(await screen.findByText('已撤销')).toHaveClass('ant-tag-error');
    expect(screen.getByText('该证书已于 2026-07-02 撤销，不再有效')).toBeInTheDocument();
  });

  it('a replaced certificate says 已换发 and links to the new one, which opens on the same page', async () => {
    const fresh = certificate({ _id: 'c0ffee00-0000-4000-8000-000000000002', holder_name: '李四（新）' });
    const data = certificate({ valid: false, status: 3, status_text: '已换发', replaced_by_id: fresh._id });
    installFakeNetwork({
      [`GET /api/public/certificates/${data._id}`]: ok(data),
      [`GET /api/public/certificates/${fresh._id}`]: ok(fresh),
    });
    const { location } = renderRoute(`/information-link/${data._id}`);
    expect(await screen.findByText('已换发')).toHaveClass('ant-tag-warning');
    await userEvent.click(screen.getByRole('link', { name: '查看换发后的新证书' }));
    expect(await screen.findByText('李四（新）')).toBeInTheDocument();
    expect(location()).toBe(`/information-link/${fresh._id}`);
  });

  it('a revocation undone by a reissue is told on both pages, with the day of the revocation and the reason', async () => {
    const oldId = 'c0ffee00-0000-4000-8000-000000000001';
    const freshId = 'c0ffee00-0000-4000-8000-000000000002';
    const reason = '经复核，撤销有误，予以恢复';
    const fresh = certificate({
      _id: freshId,
      reinstated: { revoked_date: '2026-07-02', reason, other_id: oldId },
    });
    const old = certificate({
      _id: oldId,
      valid: false,
      status: 3,
      status_text: '已换发',
      revoked_date: '2026-07-02',
      replaced_by_id: freshId,
      reinstated: { revoked_date: '2026-07-02', reason, other_id: freshId },
    });
    installFakeNetwork({
      [`GET /api/public/certificates/${oldId}`]: ok(old),
      [`GET /api/public/certificates/${freshId}`]: ok(fresh),
    });
    const { location } = renderRoute(`/information-link/${oldId}`);
    expect(
      await screen.findByText('该证书曾于 2026-07-02 撤销，后经换发撤回撤销，本证书不再有效'),
    ).toBeInTheDocument();
    expect(screen.getByText(`换发原因：${reason}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '查看换发后的新证书' }));
    expect(await screen.findByText('本证书换发自一张曾于 2026-07-02 撤销的证书')).toBeInTheDocument();
    expect(screen.getByText(`换发原因：${reason}`)).toBeInTheDocument();
    expect(screen.getByText('有效')).toHaveClass('ant-tag-success');
    await userEvent.click(screen.getByRole('link', { name: '查看原证书' }));
    await waitFor(() => expect(location()).toBe(`/information-link/${oldId}`));
  });

  it('the search by certificate number and name opens the certificate both match', async () => {
    const data = certificate();
    const network = installFakeNetwork({
      'GET /api/public/certificateSearch': ok({ _id: data._id }),
      [`GET /api/public/certificates/${data._id}`]: ok(data),
    });
    const { location } = renderRoute('/information-link/');
    const form = await screen.findByRole('form', { name: '证书查询' });
    await userEvent.type(within(form).getByLabelText('证书编号'), ' Y000011000001261000001 ');
    await userEvent.type(within(form).getByLabelText('姓名'), '李四');
    await userEvent.click(within(form).getByRole('button', { name: /查\s?询/ }));
    expect(await screen.findByLabelText('证书信息')).toBeInTheDocument();
    expect(location()).toBe(`/information-link/${data._id}`);
    const [call] = network.callsTo('GET /api/public/certificateSearch');
    expect(Object.fromEntries(call!.query)).toEqual({
      certificate_no: 'Y000011000001261000001',
      name: '李四',
    });
  });

  it('the search asks for both parts, and says when nothing matches', async () => {
    installFakeNetwork({
      'GET /api/public/certificateSearch': fail(404, '未查询到相符的证书，请核对证书编号和姓名'),
    });
    renderRoute('/information-link/');
    const form = await screen.findByRole('form', { name: '证书查询' });
    await userEvent.click(within(form).getByRole('button', { name: /查\s?询/ }));
    expect(await within(form).findByText('请输入证书编号')).toBeInTheDocument();
    expect(within(form).getByText('请输入姓名')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('证书编号'), 'Y000011000001261000009');
    await userEvent.type(within(form).getByLabelText('姓名'), '王五');
    await userEvent.click(within(form).getByRole('button', { name: /查\s?询/ }));
    expect(await within(form).findByText('未查询到相符的证书，请核对证书编号和姓名')).toBeInTheDocument();
  });

  it('an unknown id says plainly 证书不存在或已失效', async () => {
    installFakeNetwork({ 'GET /api/public/certificates/nope': fail(404, '证书不存在或已失效') });
    renderRoute('/information-link/nope');
    expect(await findWithRole(document, 'status', '证书不存在或已失效')).toBeInTheDocument();
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
