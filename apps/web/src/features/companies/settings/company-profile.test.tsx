import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveLogin } from '@/shared/session/session';
import { type FakeRequest, fail, installFakeNetwork, makeLoginResult, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { renderRoute } from '@/test/render-route';
import { CompanyProfile } from './company-profile';
import { COMPANY_ID, company, ME, signIn } from './test-fixtures';

const LOGO_ID = '0190a8f0-0000-7000-8000-00000000f001';

const descriptionOf = (label: string) => screen.getByText(label, { selector: 'th *, th' }).closest('tr')!;
const dialogWith = async (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });
const patched = (request: FakeRequest) => ok(company(request.body as object));

describe('CompanyProfile (/profile of the enterprise)', () => {
  it("shows the company's record, its licence and the account, with 修改密码 and 修改手机号 links", async () => {
    signIn();
    const network = installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);

    expect(await screen.findByRole('heading', { name: '企业信息' })).toBeInTheDocument();
    expect(within(descriptionOf('企业名称')).getByText('示例智能制造有限公司')).toBeInTheDocument();
    expect(within(descriptionOf('统一社会信用代码')).getByText('91110000MA00000000')).toBeInTheDocument();
    expect(within(descriptionOf('所在地区')).getByText('北京市 / 北京市 / 西城区')).toBeInTheDocument();
    expect(within(descriptionOf('详细地址')).getByText('金融街1号')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '营业执照' })).toHaveAttribute('src', '/api/files/f-licence');
    expect(screen.getAllByRole('link', { name: '修改密码' })[0]).toHaveAttribute('href', '/update-password');
    expect(screen.getAllByRole('link', { name: '修改手机号' })[0]).toHaveAttribute('href', '/update-phone');
    expect(screen.getByText('138****0001')).toBeInTheDocument();
    expect(await screen.findByText('管理员', { selector: 'td *, td' })).toBeInTheDocument();
    // The caller's role comes with the session (GET /api/user company_role), not from the member list.
    expect(network.callsTo('GET /api/companies/members')).toHaveLength(0);
  });

  it('the administrator changes the contact: PATCH updateContactInfo, and the page shows the answer', async () => {
    signIn();
    const network = installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
      'PATCH /api/companies/updateContactInfo': patched,
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: '修改联系信息' }));
    const dialog = await dialogWith('联系邮箱');

    const name = within(dialog).getByPlaceholderText('请输入联系人');
    expect(name).toHaveValue('李经理');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系邮箱（选填）'), {
      target: { value: 'bad' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入联系人')).toBeInTheDocument();
    expect(within(dialog).getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(network.callsTo('PATCH /api/companies/updateContactInfo')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '赵主任' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系电话'), {
      target: { value: '010-88886666' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系邮箱（选填）'), {
      target: { value: 'hr@example.cn' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() =>
      expect(network.callsTo('PATCH /api/companies/updateContactInfo')[0]?.body).toEqual({
        contact_name: '赵主任',
        contact_phone: '010-88886666',
        contact_email: 'hr@example.cn',
      }),
    );
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(await within(descriptionOf('联系人')).findByText('赵主任')).toBeInTheDocument();
    expect(within(descriptionOf('联系邮箱')).getByText('hr@example.cn')).toBeInTheDocument();
    // Shown from the PATCH answer: no second GET.
    expect(network.callsTo(`GET /api/companies/${COMPANY_ID}`)).toHaveLength(1);
  });

  it('short name and English name each go to their own endpoint; the English name must be English', async () => {
    signIn();
    const network = installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
      'PATCH /api/companies/updateSubName': patched,
      'PATCH /api/companies/updateEnName': patched,
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);

    await userEvent.click(await screen.findByRole('button', { name: '修改企业简称' }));
    let dialog = await dialogWith('修改企业简称');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入企业简称'), '示例智造');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(network.callsTo('PATCH /api/companies/updateSubName')[0]?.body).toEqual({
        sub_name: '示例智造',
      }),
    );
    expect(await within(descriptionOf('企业简称')).findByText('示例智造')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '修改英文名称' }));
    dialog = await dialogWith('修改英文名称');
    const input = within(dialog).getByPlaceholderText('请输入英文名称');
    await userEvent.type(input, '示例');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('英文名称只能包含英文字母、数字和常用符号')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Demo Manufacturing Co., Ltd.' } });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(network.callsTo('PATCH /api/companies/updateEnName')[0]?.body).toEqual({
        en_name: 'Demo Manufacturing Co., Ltd.',
      }),
    );
  });

  it('the logo is uploaded, then PATCH updateLogo with its file id', async () => {
    signIn();
    const network = installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
      'POST /api/files/upload': ok({
        file_id: LOGO_ID,
        webPath: `/api/files/${LOGO_ID}`,
        originName: 'logo.png',
        size: 4,
        mime: 'image/png',
      }),
      'PATCH /api/companies/updateLogo': () =>
        ok(company({ logo_file: { file_id: LOGO_ID, webPath: `/api/files/${LOGO_ID}` } })),
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: '更换企业标志' }));
    const dialog = await dialogWith('企业标志');

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请上传企业标志')).toBeInTheDocument();

    await userEvent.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(network.callsTo('POST /api/files/upload')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('请上传企业标志')).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(network.callsTo('PATCH /api/companies/updateLogo')[0]?.body).toEqual({ logo_file_id: LOGO_ID }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '企业标志' })).toHaveAttribute('src', `/api/files/${LOGO_ID}`),
    );
  });

  it('a member sees the record without any 修改 button', async () => {
    signIn(2);
    installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);
    expect(await screen.findByText('企业信息仅企业管理员可以修改。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /修改|更换/ })).not.toBeInTheDocument();
  });

  it("a refused save keeps the dialog open with the server's message", async () => {
    signIn();
    installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
      'PATCH /api/companies/updateSubName': fail(403, '仅企业管理员可以执行此操作'),
    });
    renderPage('/profile', <CompanyProfile companyId={COMPANY_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: '修改企业简称' }));
    const dialog = await dialogWith('修改企业简称');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入企业简称'), '示例');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('仅企业管理员可以执行此操作')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入企业简称')).toBeInTheDocument();
  });
});

describe('/profile by role', () => {
  it('the enterprise role gets the company screen', async () => {
    installFakeNetwork({
      [`GET /api/companies/${COMPANY_ID}`]: ok(company()),
    });
    saveLogin(makeLoginResult({ ...ME, roles: [1] }));
    renderRoute('/profile');
    expect(await screen.findByText('91110000MA00000000')).toBeInTheDocument();
  });

  it('the platform role keeps its personal information', async () => {
    const network = installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2], company_id: null }));
    renderRoute('/profile');
    expect(await screen.findByText('当前角色')).toBeInTheDocument();
    expect(network.calls.some((c) => c.path.startsWith('/api/companies'))).toBe(false);
  });
});
