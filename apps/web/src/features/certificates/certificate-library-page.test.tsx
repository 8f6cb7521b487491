import type { CertificateDetail, CertificateRow } from '@skill-cert/shared/certificates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialog, findDialogSaying, rowsOf } from '@/test/ui';
import { CertificateLibraryPage } from './certificate-library-page';

const row = (extra: Partial<CertificateRow> = {}): CertificateRow => ({
  _id: 'c1',
  source: 1,
  source_text: '等级认定发证',
  source_id: 'g1',
  certificate_no: 'Y000133000001264000001',
  holder_name: '张三',
  id_type: 1,
  id_type_text: '居民身份证',
  id_number: '330106199001010011',
  occupation_code: '6-31-01-03',
  occupation_name: '电工',
  work_type: null,
  level: 4,
  level_name: '四级/中级工',
  issue_date: '2026-06-01',
  status: 1,
  status_text: '有效',
  has_file: true,
  report_state: 0,
  report_state_text: '未上报',
  create_time_str: '2026-06-01 10:00:00',
  ...extra,
});
const detail = (extra: Partial<CertificateDetail> = {}): CertificateDetail => ({
  ...row(),
  institution_name: '示例智能制造有限公司',
  verify_path: '/information-link/c1',
  revoke_reason: null,
  revoke_time_str: null,
  revoked_by_name: null,
  replaces: null,
  replaced_by: null,
  ...extra,
});

const valid = row();
const revoked = row({
  _id: 'c2',
  certificate_no: 'Y000133000001264000002',
  holder_name: '李四',
  status: 2,
  status_text: '已撤销',
});
const custom = row({
  _id: 'c3',
  source: 3,
  source_text: '自定义证书',
  certificate_no: null,
  holder_name: '王五',
  level: null,
  level_name: null,
  has_file: false,
});

const options = { filings: [] };
const signIn = (companyRole: 1 | 2) =>
  useSessionStore.setState({ user: makeUser({ roles: [1], company_role: companyRole }) });
const actionsOf = async (name: string) => {
  const tr = (await screen.findByText(name)).closest('tr') as HTMLElement;
  return [...tr.querySelectorAll('td:last-child button, td:last-child a')].map((b) =>
    b.textContent?.replace(/\s/g, ''),
  );
};
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
/** A button by its text (antd spaces two-character labels); role queries are slow in a page this size. */
const buttonIn = (el: HTMLElement, text: string) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) as HTMLElement;
const modalTitled = (title: string) => findDialog(title);

describe('证书库', () => {
  beforeEach(() => signIn(1));

  it('lists certificates with status and source tags and the actions each status allows', async () => {
    installFakeNetwork({
      'GET /api/certificates': paged([valid, revoked, custom]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    expect(await actionsOf('张三')).toEqual(['查看', '下载', '撤销', '换发']);
    expect(await actionsOf('李四')).toEqual(['查看', '下载', '换发']);
    // A custom certificate has no national number to reissue under; it may be revoked.
    expect(await actionsOf('王五')).toEqual(['查看', '下载', '撤销']);
    expect(within(rowOf('李四')).getByText('已撤销')).toHaveClass('ant-tag-error');
    expect(within(rowOf('张三')).getByText('有效')).toHaveClass('ant-tag-success');
    expect(within(rowOf('王五')).getByText('自定义证书')).toBeInTheDocument();
    expect(within(rowOf('王五')).getByText('无编号')).toBeInTheDocument();
    // Not rendered yet: nothing to download; 查看 still shows what the certificate is.
    expect(buttonIn(rowOf('王五'), '下载')).toBeDisabled();
    expect(buttonIn(rowOf('王五'), '查看')).toBeEnabled();
    expect(within(rowOf('张三')).getByText('下载').closest('a')?.getAttribute('href')).toBe(
      '/api/certificates/c1/file?download=1',
    );
  });

  it('a member sees no revoke or reissue', async () => {
    signIn(2);
    installFakeNetwork({
      'GET /api/certificates': paged([valid, revoked]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    expect(await actionsOf('张三')).toEqual(['查看', '下载']);
    expect(await actionsOf('李四')).toEqual(['查看', '下载']);
  });

  it('查看 shows the certificate: its status, fields, public page and PDF', async () => {
    installFakeNetwork({
      'GET /api/certificates': paged([valid]),
      'GET /api/certificates/c1': ok(detail()),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('张三');
    await userEvent.click(within(rowOf('张三')).getByText('查看'));
    const dialog = await modalTitled('证书详情');
    expect(await within(dialog).findByTitle('Y000133000001264000001.pdf')).toHaveAttribute(
      'src',
      '/api/certificates/c1/file',
    );
    expect(within(dialog).getByText('有效')).toHaveClass('ant-tag-success');
    expect(within(dialog).getByText('示例智能制造有限公司')).toBeInTheDocument();
    expect(within(dialog).getByText('打开公开查验页')).toHaveAttribute('href', '/information-link/c1');
  });

  it('查看 of a revoked and reissued certificate says when, by whom and why, and opens the new one', async () => {
    const old = detail({
      _id: 'c2',
      certificate_no: 'Y000133000001264000002',
      holder_name: '李四',
      status: 3,
      status_text: '已换发',
      verify_path: '/information-link/c2',
      revoke_reason: '证书信息有误',
      revoke_time_str: '2026-06-10 09:00:00',
      revoked_by_name: 'qiye',
      replaced_by: { _id: 'c4', certificate_no: 'Y000133000001264000009' },
    });
    const fresh = detail({
      _id: 'c4',
      certificate_no: 'Y000133000001264000009',
      holder_name: '李四',
      verify_path: '/information-link/c4',
      replaces: { _id: 'c2', certificate_no: 'Y000133000001264000002' },
    });
    const revokedOnly = detail({
      _id: 'c2',
      status: 2,
      status_text: '已撤销',
      revoke_reason: '考试作弊',
      revoke_time_str: '2026-06-10 09:00:00',
      revoked_by_name: 'qiye',
    });
    let first = old;
    installFakeNetwork({
      'GET /api/certificates': paged([row({ ...revoked, status: 3, status_text: '已换发' })]),
      'GET /api/certificates/c2': () => ok(first),
      'GET /api/certificates/c4': ok(fresh),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('李四');
    await userEvent.click(within(rowOf('李四')).getByText('查看'));
    let dialog = await modalTitled('证书详情');
    expect(await within(dialog).findByText('该证书已换发，不再有效')).toBeInTheDocument();
    expect(within(dialog).getByText('撤销原因：证书信息有误')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText(/查看换发后的新证书/));
    expect(await within(dialog).findByText('本证书为换发证书')).toBeInTheDocument();
    expect(within(dialog).getByTitle('Y000133000001264000009.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('有效')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText(/查看原证书/));
    expect(await within(dialog).findByText('该证书已换发，不再有效')).toBeInTheDocument();

    // A revoked one not reissued: when, who and why.
    first = revokedOnly;
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    const [listRow] = rowsOf(document) as [HTMLElement];
    await userEvent.click(within(listRow).getByText('查看'));
    dialog = await modalTitled('证书详情');
    expect(
      await within(dialog).findByText('该证书已于 2026-06-10 09:00:00 撤销，不再有效'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('撤销原因：考试作弊')).toBeInTheDocument();
    expect(within(dialog).getByText('操作人：qiye')).toBeInTheDocument();
  });

  it('查看 of a certificate still rendering says its file is coming', async () => {
    installFakeNetwork({
      'GET /api/certificates': paged([custom]),
      'GET /api/certificates/c3': ok(detail({ ...custom, verify_path: '/information-link/c3' })),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('王五');
    await userEvent.click(within(rowOf('王五')).getByText('查看'));
    const dialog = await modalTitled('证书详情');
    expect(await within(dialog).findByText('证书文件生成中，生成后可在此查看')).toBeInTheDocument();
    expect(within(dialog).queryByTitle(/\.pdf$/)).toBeNull();
  });

  it('the filters reach the list and the export link carries the same search', async () => {
    const network = installFakeNetwork({
      'GET /api/certificates': paged([valid]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('张三');
    const form = screen.getByRole('form', { name: '证书搜索' });
    await userEvent.type(within(form).getByLabelText('姓名'), '张');
    await userEvent.type(within(form).getByLabelText('证书编号'), 'Y000133000001264000001');
    await userEvent.click(within(form).getByRole('button', { name: /搜\s?索/ }));
    await waitFor(() =>
      expect(network.callsTo('GET /api/certificates').at(-1)?.query.get('holder_name')).toBe('张'),
    );
    const last = network.callsTo('GET /api/certificates').at(-1)!;
    expect(last.query.get('certificate_no')).toBe('Y000133000001264000001');
    expect(last.query.get('page')).toBe('1');
    const exportLink = screen.getByText('导出').closest('a')!;
    expect(exportLink.getAttribute('href')).toBe(
      '/api/certificates/export?holder_name=%E5%BC%A0&certificate_no=Y000133000001264000001',
    );
  });

  it('撤销 needs a reason, is confirmed first, then sent; the list is asked again', async () => {
    const network = installFakeNetwork({
      'GET /api/certificates': paged([valid]),
      'GET /api/levelEvaluations/options': ok(options),
      'POST /api/certificates/c1/revoke': ok(detail({ status: 2, status_text: '已撤销' })),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('张三');
    await userEvent.click(within(rowOf('张三')).getByText('撤销'));
    const dialog = await modalTitled('撤销证书');
    await userEvent.click(buttonIn(dialog, '撤销'));
    expect(await within(dialog).findByText('请输入撤销原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('撤销原因'), '证书信息有误');
    await userEvent.click(buttonIn(dialog, '撤销'));
    // Nothing is sent before the confirmation.
    const confirm = await findDialogSaying(/确定撤销证书“Y000133000001264000001”吗/);
    expect(network.callsTo('POST /api/certificates/c1/revoke')).toHaveLength(0);
    const lists = network.callsTo('GET /api/certificates').length;
    await userEvent.click(buttonIn(confirm, '确定'));
    await waitFor(() => expect(network.callsTo('POST /api/certificates/c1/revoke')).toHaveLength(1));
    expect(network.callsTo('POST /api/certificates/c1/revoke')[0]!.body).toEqual({ reason: '证书信息有误' });
    expect(await screen.findByText('证书已撤销')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET /api/certificates').length).toBeGreaterThan(lists));
  });

  it('换发 sends the reason and tells the new number', async () => {
    const network = installFakeNetwork({
      'GET /api/certificates': paged([revoked]),
      'GET /api/levelEvaluations/options': ok(options),
      'POST /api/certificates/c2/reissue': ok(
        detail({ _id: 'c4', certificate_no: 'Y000133000001264000003' }),
      ),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    await screen.findByText('李四');
    await userEvent.click(within(rowOf('李四')).getByText('换发'));
    const dialog = await modalTitled('换发证书');
    // A revoked certificate: the dialog says that the reissue undoes the revocation, publicly.
    expect(dialog).toHaveTextContent('该证书已撤销，换发将撤回撤销');
    expect(dialog).toHaveTextContent('换发原因将公开显示在两张证书的查验页面');
    await userEvent.type(within(dialog).getByLabelText('换发原因'), '证书损坏');
    await userEvent.click(buttonIn(dialog, '换发'));
    const confirm = await findDialogSaying(/确定换发证书“Y000133000001264000002”吗/);
    await userEvent.click(buttonIn(confirm, '确定'));
    expect(await screen.findByText('已换发，新证书编号：Y000133000001264000003')).toBeInTheDocument();
    expect(network.callsTo('POST /api/certificates/c2/reissue')[0]!.body).toEqual({ reason: '证书损坏' });
  });

  it('says when the library is empty, and offers to load again when the list fails', async () => {
    installFakeNetwork({
      'GET /api/certificates': paged([]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    const first = renderPage('/certificate-library', <CertificateLibraryPage />);
    expect(await screen.findByText(/暂无证书/)).toBeInTheDocument();
    first.unmount();
    installFakeNetwork({
      'GET /api/certificates': fail(500, '服务器繁忙，请稍后重试'),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/certificate-library', <CertificateLibraryPage />);
    expect(await screen.findByText('重新获取')).toBeInTheDocument();
  });
});
