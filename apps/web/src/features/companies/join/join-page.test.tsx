import type { CompanyInvitation, JoinRequestRow } from '@skill-cert/shared/companies';
import { isValidCreditCode } from '@skill-cert/shared/credit-code';
import { TemplateKey } from '@skill-cert/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '@/shared/dict/area-tree';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { saveLogin } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import {
  type FakeRequest,
  fail,
  installFakeNetwork,
  makeLoginResult,
  makeUser,
  ok,
} from '@/test/fake-network';
import { preloadRoutes, renderRoute } from '@/test/render-route';
import { allWithRole, findWithRole } from '@/test/ui';

/** The 18th character that makes a 17-character prefix a valid 统一社会信用代码. */
const withCheckDigit = (prefix: string) =>
  [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
const CREDIT_CODE = withCheckDigit('91110101MA01ABCD1');
const LICENCE_ID = '0190a8f0-0000-7000-8000-000000000001';

const regions: Region[] = [
  {
    _id: '110000',
    code: '110000',
    name: '北京市',
    city: [
      {
        _id: '110100',
        code: '110100',
        name: '北京市',
        county: [
          { _id: '110101', code: '110101', name: '东城区' },
          { _id: '110102', code: '110102', name: '西城区' },
        ],
      },
    ],
  },
];

const joinRequest = (overrides: Partial<JoinRequestRow> = {}): JoinRequestRow => ({
  _id: '0190a8f0-0000-7000-8000-0000000000aa',
  company_id: 'company-9',
  company_name: '示例智能制造有限公司',
  user_id: 'user-1',
  user_name: '张三',
  user_phone: '13800000000',
  status: 0,
  status_text: '待审核',
  reason: null,
  create_time_str: '2026-03-01 10:00:00',
  decide_time_str: null,
  ...overrides,
});

/** A pending invitation of a company. */
const invitationFrom = (company_id: string, company_name: string): CompanyInvitation => ({
  _id: `invitation-of-${company_id}`,
  company_id,
  company_name,
  create_time_str: '2026-03-02 09:00:00',
});

const NO_INVITATIONS = { 'GET /api/companies/myInvitations': ok([]) };

const signInWithoutCompany = () => saveLogin(makeLoginResult({ roles: [1], company_id: null }));

const uploadOk = (request: FakeRequest) => {
  const file = (request.body as FormData).get('file') as File;
  return ok({
    file_id: LICENCE_ID,
    webPath: `/api/files/${LICENCE_ID}`,
    originName: file.name,
    size: 4,
    mime: 'image/png',
  });
};

const form = (name: string) => screen.getByRole('form', { name });

async function fillCompany(creditCode: string) {
  const create = form('创建企业');
  const user = userEvent.setup({ applyAccept: false });
  await user.type(within(create).getByPlaceholderText('请输入企业名称'), '北京示例科技有限公司');
  await user.type(within(create).getByPlaceholderText('请输入统一社会信用代码'), creditCode);
  const region = within(create).getByRole('combobox');
  // The regions have arrived: the box no longer shows its loading icon.
  await waitFor(() => expect(allWithRole(document, 'img', 'loading')).toHaveLength(0));
  await user.type(region, '西城');
  await user.click(await findWithRole(document, 'menuitemcheckbox', /西城/));
  await user.type(within(create).getByPlaceholderText('请输入详细地址'), '金融街1号');
  await user.type(within(create).getByPlaceholderText('请输入联系人'), '李经理');
  await user.type(within(create).getByPlaceholderText('请输入联系电话'), '13912345678');
  await user.upload(
    create.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File([new Uint8Array([137, 80, 78, 71])], '营业执照.png', { type: 'image/png' }),
  );
  await waitFor(() => expect(within(create).getByRole('img', { name: /营业执照/ })).toBeInTheDocument());
  return user;
}

// The page and the home a new company lands on, loaded once, outside the tests' time limit.
beforeAll(() => preloadRoutes('/join', '/record-application'), 120_000);

describe('JoinPage (/join)', () => {
  it('without a request: 创建企业 and 加入企业 tabs, and 退出登录 stays', async () => {
    installFakeNetwork({ 'GET /api/companies/myJoinRequest': ok(null), ...NO_INVITATIONS });
    signInWithoutCompany();
    renderRoute('/join');

    expect(await screen.findByRole('heading', { name: '加入或创建企业' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '创建企业' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '加入企业' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });

  it('refuses a credit code whose check digit is wrong, on the client, and names the empty fields', async () => {
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      ...NO_INVITATIONS,
      'GET /api/area/info': ok(regions),
    });
    signInWithoutCompany();
    renderRoute('/join');
    const create = await waitFor(() => form('创建企业'));
    const user = userEvent.setup();

    const wrong = CREDIT_CODE.slice(0, 17) + (CREDIT_CODE[17] === '0' ? '1' : '0');
    await user.type(within(create).getByPlaceholderText('请输入统一社会信用代码'), wrong.toLowerCase());
    expect(within(create).getByPlaceholderText('请输入统一社会信用代码')).toHaveValue(wrong);
    await user.click(within(create).getByRole('button', { name: '创建企业' }));

    // antd shows each field's error when that field's validation settles, not all in one render: wait for each.
    for (const text of [
      '统一社会信用代码不正确，请核对',
      '请输入企业名称',
      '请选择所在地区',
      '请输入详细地址',
      '请输入联系人',
      '请输入联系电话',
      '请上传营业执照',
    ])
      expect(await within(create).findByText(text)).toBeInTheDocument();
    expect(network.callsTo('POST /api/companies')).toHaveLength(0);
  });

  it('creates the company with the county code and licence id, reloads the user and lands on /record-application', async () => {
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      ...NO_INVITATIONS,
      'GET /api/area/info': ok(regions),
      'POST /api/files/upload': uploadOk,
      'POST /api/companies': ok({ _id: 'company-new', name: '北京示例科技有限公司' }),
      'GET /api/user': ok(makeUser({ roles: [1], company_id: 'company-new' })),
    });
    signInWithoutCompany();
    const { location } = renderRoute('/join');
    await waitFor(() => form('创建企业'));
    const user = await fillCompany(CREDIT_CODE.toLowerCase());

    await user.click(within(form('创建企业')).getByRole('button', { name: '创建企业' }));

    await waitFor(() => expect(location()).toBe('/record-application'));
    expect(network.callsTo('POST /api/companies')[0]?.body).toEqual({
      name: '北京示例科技有限公司',
      credit_code: CREDIT_CODE,
      region_code: '110102',
      address: '金融街1号',
      contact_name: '李经理',
      contact_phone: '13912345678',
      licence_file_id: LICENCE_ID,
    });
    expect(network.callsTo('GET /api/user')).toHaveLength(1);
    expect(useSessionStore.getState().user?.company_id).toBe('company-new');
    expect(await screen.findByText('企业创建成功')).toBeInTheDocument();
  });

  it('a refused creation shows the server message and stays on /join', async () => {
    installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      ...NO_INVITATIONS,
      'GET /api/area/info': ok(regions),
      'POST /api/files/upload': uploadOk,
      'POST /api/companies': fail(400, '该统一社会信用代码已注册，请联系该企业管理员邀请您加入'),
    });
    signInWithoutCompany();
    const { location } = renderRoute('/join');
    await waitFor(() => form('创建企业'));
    const user = await fillCompany(CREDIT_CODE);
    await user.click(within(form('创建企业')).getByRole('button', { name: '创建企业' }));

    expect(
      await screen.findByText('该统一社会信用代码已注册，请联系该企业管理员邀请您加入'),
    ).toBeInTheDocument();
    expect(location()).toBe('/join');
  });

  it('asks to join with the invite code, then shows 等待管理员审核 with the company name', async () => {
    let latest: JoinRequestRow | null = null;
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': () => ok(latest),
      ...NO_INVITATIONS,
      'POST /api/companies/join': () => {
        latest = joinRequest();
        return ok({ _id: latest._id, company_name: latest.company_name });
      },
    });
    signInWithoutCompany();
    renderRoute('/join');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '加入企业' }));
    const join = form('加入企业');

    await user.click(within(join).getByRole('button', { name: '申请加入' }));
    expect(await within(join).findByText('请输入邀请码')).toBeInTheDocument();
    expect(network.callsTo('POST /api/companies/join')).toHaveLength(0);

    await user.type(within(join).getByPlaceholderText('请输入邀请码'), ' DEMO2026 ');
    await user.click(within(join).getByRole('button', { name: '申请加入' }));

    expect(await screen.findByText('等待管理员审核')).toBeInTheDocument();
    expect(network.callsTo('POST /api/companies/join')[0]?.body).toEqual({ code: 'DEMO2026' });
    expect(screen.getByText(/您已申请加入「示例智能制造有限公司」/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '创建企业' })).not.toBeInTheDocument();
  });

  it('a pending request: 撤回申请 asks first, then withdraws and the forms come back', async () => {
    let latest: JoinRequestRow | null = joinRequest();
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': () => ok(latest),
      ...NO_INVITATIONS,
      'DELETE /api/companies/myJoinRequest': () => {
        latest = joinRequest({ status: 3, status_text: '已撤回' });
        return ok(null);
      },
    });
    signInWithoutCompany();
    renderRoute('/join');
    const user = userEvent.setup();

    expect(await screen.findByText('等待管理员审核')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '撤回申请' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定撤回加入「示例智能制造有限公司」的申请吗？')).toBeInTheDocument();
    expect(network.callsTo('DELETE /api/companies/myJoinRequest')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo('DELETE /api/companies/myJoinRequest')).toHaveLength(1));
    expect(await screen.findByText('已撤回加入申请')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '创建企业' })).toBeInTheDocument();
  });

  it('a rejected request shows the reason and a new request can be made', async () => {
    installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(
        joinRequest({ status: 2, status_text: '已驳回', reason: '不是本公司员工' }),
      ),
    });
    signInWithoutCompany();
    renderRoute('/join');

    expect(await screen.findByText('您加入「示例智能制造有限公司」的申请已被驳回')).toBeInTheDocument();
    expect(screen.getByText(/驳回原因：不是本公司员工/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '加入企业' }));
    expect(within(form('加入企业')).getByRole('button', { name: '申请加入' })).toBeEnabled();
  });

  it('an approved request loads the user with its company and goes in', async () => {
    installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(joinRequest({ status: 1, status_text: '已通过' })),
      ...NO_INVITATIONS,
      'GET /api/user': ok(makeUser({ roles: [1], company_id: 'company-9' })),
    });
    signInWithoutCompany();
    const { location } = renderRoute('/join');
    await waitFor(() => expect(location()).toBe('/record-application'));
    expect(useSessionStore.getState().user?.company_id).toBe('company-9');
  });

  it('an invitation is shown above the forms: 接受 joins the company and goes in', async () => {
    const invitation = invitationFrom('company-7', '邀请方科技有限公司');
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      'GET /api/companies/myInvitations': ok([invitation]),
      [`POST /api/companies/myInvitations/${invitation._id}/accept`]: ok({ company_id: 'company-7' }),
      'GET /api/user': ok(makeUser({ roles: [1], company_id: 'company-7' })),
    });
    signInWithoutCompany();
    const { location } = renderRoute('/join');
    expect(await screen.findByText('「邀请方科技有限公司」邀请您加入企业')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '创建企业' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '接受「邀请方科技有限公司」的邀请' }));
    await waitFor(() => expect(location()).toBe('/record-application'));
    expect(network.callsTo(`POST /api/companies/myInvitations/${invitation._id}/accept`)).toHaveLength(1);
    expect(useSessionStore.getState().user?.company_id).toBe('company-7');
  });

  it('an invitation that arrives while /join is open shows at once', async () => {
    const invitation = invitationFrom('company-6', '新邀请有限公司');
    let invited = false;
    installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      'GET /api/companies/myInvitations': () => ok(invited ? [invitation] : []),
    });
    signInWithoutCompany();
    renderRoute('/join');
    expect(await screen.findByRole('tab', { name: '创建企业' })).toBeInTheDocument();
    expect(screen.queryByText('「新邀请有限公司」邀请您加入企业')).not.toBeInTheDocument();

    invited = true;
    act(() =>
      emitMessageArrived({
        _id: 'm-9',
        message_category_name: '企业通知',
        create_time_str: '2026-01-02 10:00:00',
        content: '「新邀请有限公司」邀请您加入企业',
        whether_read: 0,
        url: null,
        data: { _id: invitation._id, template_key: TemplateKey.COMPANY_INVITATION },
      }),
    );
    expect(await screen.findByText('「新邀请有限公司」邀请您加入企业')).toBeInTheDocument();
  });

  it('拒绝 declines the invitation and it goes away', async () => {
    const invitation = invitationFrom('company-8', '不想去有限公司');
    let declined = false;
    const network = installFakeNetwork({
      'GET /api/companies/myJoinRequest': ok(null),
      'GET /api/companies/myInvitations': () => ok(declined ? [] : [invitation]),
      [`POST /api/companies/myInvitations/${invitation._id}/decline`]: () => {
        declined = true;
        return ok(null);
      },
    });
    signInWithoutCompany();
    renderRoute('/join');
    await userEvent.click(await screen.findByRole('button', { name: '拒绝「不想去有限公司」的邀请' }));
    await waitFor(() => expect(screen.queryByText('「不想去有限公司」邀请您加入企业')).toBeNull());
    expect(network.callsTo(`POST /api/companies/myInvitations/${invitation._id}/decline`)).toHaveLength(1);
    expect(screen.getByRole('tab', { name: '加入企业' })).toBeInTheDocument();
  });
});
