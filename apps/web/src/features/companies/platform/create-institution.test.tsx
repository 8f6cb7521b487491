import type { CompanyInfo, InstitutionCreated } from '@skill-cert/shared/companies';
import { isValidCreditCode } from '@skill-cert/shared/credit-code';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Region } from '@/shared/dict/area-tree';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { pickOption } from '@/test/ui';
import { CompanyPage } from './company-page';

/** The 18th character that makes a 17-character prefix a valid 统一社会信用代码. */
const withCheckDigit = (prefix: string) =>
  [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => prefix + c).find(isValidCreditCode)!;
const CREDIT_CODE = withCheckDigit('52110101MA01ABCD1');

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
        county: [{ _id: '110102', code: '110102', name: '西城区' }],
      },
    ],
  },
];

const institution: CompanyInfo = {
  _id: 'c9',
  name: '北京示例职业技能培训学校',
  type: 2,
  type_text: '培训评价机构',
  credit_code: CREDIT_CODE,
  sub_name: null,
  en_name: null,
  region_code: '110102',
  region_names: ['北京市', '北京市', '西城区'],
  address: '金融街1号',
  contact_name: '李老师',
  contact_phone: '13912345678',
  contact_email: null,
  licence_file: null,
  logo_file: null,
  status: 1,
  create_time_str: '2026-03-01 09:00:00',
};

const created = (isNew: boolean): InstitutionCreated => ({
  company: institution,
  admin: { user_id: 'u9', name: '王校长', phone: '13912340000', created: isNew },
});

function renderCompanies(permissions: string[], routes: Parameters<typeof installFakeNetwork>[0] = {}) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  const network = installFakeNetwork({
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    'GET /api/platform/companies': paged([]),
    'GET /api/platform/recordApplications': paged([]),
    'GET /api/area/info': ok(regions),
    ...routes,
  });
  renderPage('/company', <CompanyPage />);
  return network;
}

const openCreate = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /新增机构/ }));
  return screen.findByRole('form', { name: '新增机构' });
};
const submit = () => userEvent.click(screen.getByRole('button', { name: '创建机构' }));

async function fillInstitution(form: HTMLElement) {
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('机构名称'), '北京示例职业技能培训学校');
  await user.type(within(form).getByLabelText('统一社会信用代码'), CREDIT_CODE.toLowerCase());
  const region = within(form).getByLabelText('所在地区');
  await waitFor(() => expect(document.querySelector('.ant-select-loading')).toBeNull());
  await user.type(region, '西城');
  await user.click(await screen.findByText('西城', { exact: false, selector: '.ant-cascader-menu-item *' }));
  await user.type(within(form).getByLabelText('详细地址'), '金融街1号');
  await user.type(within(form).getByLabelText('联系人'), '李老师');
  await user.type(within(form).getByLabelText('联系电话'), '13912345678');
  await user.type(within(form).getByLabelText('管理员姓名'), '王校长');
  await user.type(within(form).getByLabelText('管理员手机号'), '13912340000');
}

describe('新增机构 (the platform creates institutions)', () => {
  it('新增机构 shows only to holders of platform:institution:add', async () => {
    renderCompanies(['platform:company:list']);
    await screen.findByRole('form', { name: '企业搜索' });
    expect(screen.queryByRole('button', { name: /新增机构/ })).toBeNull();
  });

  it('an empty form names every required field in Chinese and sends nothing', async () => {
    const network = renderCompanies(['platform:company:list', 'platform:institution:add']);
    const form = await openCreate();
    await submit();
    for (const text of [
      '请输入机构名称',
      '请输入统一社会信用代码',
      '请选择所在地区',
      '请输入详细地址',
      '请输入联系人',
      '请输入联系电话',
      '请输入姓名',
      '请输入手机号',
    ])
      expect(await within(form).findByText(text)).toBeInTheDocument();
    expect(network.callsTo('POST /api/platform/institutions')).toHaveLength(0);
  });

  it('a credit code with a wrong check digit, a malformed phone and e-mail are refused on the client', async () => {
    const network = renderCompanies(['platform:institution:add']);
    const form = await openCreate();
    const wrong = `${CREDIT_CODE.slice(0, 17)}${CREDIT_CODE.endsWith('0') ? '1' : '0'}`;
    fireEvent.change(within(form).getByLabelText('统一社会信用代码'), { target: { value: wrong } });
    fireEvent.change(within(form).getByLabelText('管理员手机号'), { target: { value: '1391234' } });
    fireEvent.change(within(form).getByLabelText('联系邮箱'), { target: { value: 'li@' } });
    await submit();
    expect(await within(form).findByText('统一社会信用代码不正确，请核对')).toBeInTheDocument();
    expect(within(form).getByText('手机号格式不正确')).toBeInTheDocument();
    expect(within(form).getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(network.callsTo('POST /api/platform/institutions')).toHaveLength(0);
  });

  it('a complete form creates the institution once and says a new administrator account signs in by SMS code', async () => {
    const network = renderCompanies(['platform:institution:add'], {
      'POST /api/platform/institutions': ok(created(true)),
    });
    const form = await openCreate();
    await fillInstitution(form);
    const button = screen.getByRole('button', { name: '创建机构' });
    await userEvent.dblClick(button);
    await waitFor(() => expect(network.callsTo('POST /api/platform/institutions')).toHaveLength(1));
    expect(network.callsTo('POST /api/platform/institutions')[0].body).toEqual({
      name: '北京示例职业技能培训学校',
      credit_code: CREDIT_CODE,
      region_code: '110102',
      address: '金融街1号',
      contact_name: '李老师',
      contact_phone: '13912345678',
      contact_email: null,
      admin_name: '王校长',
      admin_phone: '13912340000',
    });
    expect(await screen.findByText('机构“北京示例职业技能培训学校”已创建')).toBeInTheDocument();
    expect(
      screen.getByText('已为管理员 王校长（13912340000）创建机构端账号，可使用手机号验证码登录'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^完\s?成$/ }));
    // The next 新增机构 starts with an empty form.
    const again = await openCreate();
    expect(within(again).getByLabelText('机构名称')).toHaveValue('');
  });

  it('an administrator with an account already: the result says so', async () => {
    renderCompanies(['platform:institution:add'], { 'POST /api/platform/institutions': ok(created(false)) });
    await fillInstitution(await openCreate());
    await submit();
    expect(
      await screen.findByText('管理员 王校长（13912340000）已有账号，已加入该机构并获得机构管理员角色'),
    ).toBeInTheDocument();
  });

  it("the server's refusal is shown and what was typed stays", async () => {
    renderCompanies(['platform:institution:add'], {
      'POST /api/platform/institutions': fail(400, '该手机号的用户已加入其他企业或机构'),
    });
    const form = await openCreate();
    await fillInstitution(form);
    await submit();
    expect(await screen.findByText('该手机号的用户已加入其他企业或机构')).toBeInTheDocument();
    expect(within(form).getByLabelText('机构名称')).toHaveValue('北京示例职业技能培训学校');
  });
});

describe('备案审核 shows both kinds of filing', () => {
  const filing = (overrides: Partial<RecordApplicationRow>): RecordApplicationRow => ({
    _id: 'r1',
    record_no: 'BA20260102PEND01',
    company_id: 'c1',
    company_name: '示例智能制造有限公司',
    kind: 1,
    kind_text: '用人单位',
    status: 1,
    status_text: '待审核',
    scope_summary: '电工（四级/中级工）',
    site_count: 1,
    examiner_count: 1,
    supervisor_count: 1,
    reject_reason: null,
    submit_time_str: '2026-01-02 10:00:01',
    decide_time_str: null,
    create_time_str: '2026-01-02 10:00:00',
    update_time_str: '2026-01-02 10:00:01',
    ...overrides,
  });

  it('each row says its kind; 备案类型 filters the queue', async () => {
    const network = renderCompanies(['platform:company:list'], {
      'GET /api/platform/recordApplications': paged([
        filing({}),
        filing({
          _id: 'r2',
          record_no: 'BA20260102INST01',
          company_name: '北京示例职业技能培训学校',
          kind: 2,
          kind_text: '社会培训评价组织',
        }),
      ]),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '备案审核' }));
    const row = (await screen.findByText('BA20260102INST01')).closest('tr')!;
    expect(within(row).getByText('社会培训评价组织')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: '备案审核搜索' });
    await pickOption(within(form).getByLabelText('备案类型'), '社会培训评价组织');
    await userEvent.click(within(form).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(network.callsTo('GET /api/platform/recordApplications').at(-1)!.query.get('kind')).toBe('2'),
    );
  });
});
