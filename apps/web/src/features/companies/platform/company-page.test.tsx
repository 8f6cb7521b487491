import type { CompanyInfo } from '@skill-cert/shared/companies';
import type {
  PlatformCompanyDetail,
  RecordApplicationDetail,
  RecordApplicationRow,
} from '@skill-cert/shared/records';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { renderPage as renderAt } from '@/test/render';
import { findDialog, pickOption } from '@/test/ui';
import { CompanyPage, companyLink } from './company-page';

const company = (overrides: Partial<CompanyInfo>): CompanyInfo => ({
  _id: 'c1',
  name: '示例智能制造有限公司',
  type: 1,
  type_text: '企业',
  credit_code: '91110108MA01DEM200',
  sub_name: null,
  en_name: null,
  region_code: '110108',
  region_names: ['北京市', '北京市', '海淀区'],
  address: '中关村大街1号',
  contact_name: '王经理',
  contact_phone: '13800000001',
  contact_email: null,
  licence_file: { file_id: 'f1', webPath: '/api/files/f1' },
  logo_file: null,
  status: 1,
  create_time_str: '2026-01-01 09:00:00',
  ...overrides,
});

const pendingRow: RecordApplicationRow = {
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
};

const pendingDetail = (overrides: Partial<RecordApplicationDetail> = {}): RecordApplicationDetail => ({
  ...pendingRow,
  scopes: [
    {
      _id: 's1',
      occupation_code: '6-31-01-03',
      occupation_name: '电工',
      work_type: null,
      levels: [4],
      level_names: ['四级/中级工'],
    },
  ],
  evaluation_basis: 2,
  evaluation_basis_text: '企业评价规范',
  basis_file: { file_id: 'f9', webPath: '/api/files/f9', originName: '企业评价规范.pdf' },
  sites: [
    {
      _id: 's',
      name: '一号实训楼',
      region_code: '330106',
      region_names: ['浙江省', '杭州市', '西湖区'],
      address: '文三路',
      site_code: '000001',
    },
  ],
  examiners: [
    {
      _id: 'p1',
      name: '张考评',
      id_number: '110101198001010010',
      phone: '13912345678',
      qualification: '电工 二级',
    },
  ],
  supervisors: [
    {
      _id: 'p2',
      name: '李督导',
      id_number: '330106199002150020',
      phone: '13912345679',
      qualification: '电工 一级',
    },
  ],
  attachments: [],
  remark: null,
  editable: false,
  deletable: false,
  institution_code: '0001',
  province_code: '33',
  codes_proposed: false,
  timeline: [
    {
      _id: 't1',
      action: 'create',
      action_text: '创建申请',
      user_name: 'qiye',
      note: null,
      create_time_str: '2026-01-02 10:00:00',
    },
    {
      _id: 't2',
      action: 'submit',
      action_text: '提交审核',
      user_name: 'qiye',
      note: null,
      create_time_str: '2026-01-02 10:00:01',
    },
  ],
  ...overrides,
});

const paged = <T,>(list: T[]) =>
  ok({ list, meta: { total: list.length, count: list.length, page: 1, per_page: 10, last_page: 1 } });

function renderPage(
  permissions: string[],
  routes: Parameters<typeof installFakeNetwork>[0],
  path = '/company',
) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  const network = installFakeNetwork({
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    'GET /api/platform/companies': paged([
      company({}),
      company({ _id: 'c2', name: '冻结的公司', status: 0 }),
    ]),
    'GET /api/platform/recordApplications': paged([pendingRow]),
    ...routes,
  });
  renderAt(path, <CompanyPage />, [], '/company');
  return network;
}

// Role queries are slow in jsdom with antd's style sheets: these tests find elements by text.
const buttonIn = (container: HTMLElement, name: string): HTMLButtonElement | null =>
  (within(container)
    .queryAllByText(name)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLButtonElement | undefined) ?? null;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
/** The drawer open on a company (its name) or on a filing (备案审核 …). */
const openDrawer = (title: string | RegExp = /^(示例智能制造有限公司|备案审核 BA20260102PEND01)$/) =>
  findDialog(title);
/** The 提示 confirmation asked before a decision. */
const confirmDialog = () => findDialog('提示');
const openReviewTab = async () => userEvent.click(await screen.findByText('备案审核'));

describe('CompanyPage (企业管理)', () => {
  it('lists companies with their status; 冻结 asks to confirm and freezes', async () => {
    const network = renderPage(['*:*:*'], { 'POST /api/platform/companies/c1/freeze': ok(null) });
    const row = await rowOf('示例智能制造有限公司');
    expect(within(row).getByText('正常')).toBeInTheDocument();
    expect(within(row).getByText('北京市 / 北京市 / 海淀区')).toBeInTheDocument();
    expect(within(await rowOf('冻结的公司')).getByText('已冻结')).toBeInTheDocument();
    expect(buttonIn(await rowOf('冻结的公司'), '解冻')).not.toBeNull();

    await userEvent.click(buttonIn(row, '冻结')!);
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('确定冻结「示例智能制造有限公司」吗？');
    await userEvent.click(buttonIn(dialog, '确定')!);
    await waitFor(() => expect(network.callsTo('POST /api/platform/companies/c1/freeze')).toHaveLength(1));
  });

  it("shows each company's type and filters by type and status", async () => {
    const network = renderPage(['platform:company:list'], {
      'GET /api/platform/companies': (req) =>
        paged(
          [
            company({}),
            company({ _id: 'c3', name: '示例培训评价中心', type: 2, type_text: '培训评价机构' }),
          ].filter((c) => !req.query.get('type') || String(c.type) === req.query.get('type')),
        ),
    });
    expect(within(await rowOf('示例智能制造有限公司')).getByText('企业')).toBeInTheDocument();
    expect(within(await rowOf('示例培训评价中心')).getByText('培训评价机构')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: '企业搜索' });
    const pick = async (label: string, option: string) => {
      await pickOption(within(form).getByLabelText(label), option);
    };
    await pick('类型', '培训评价机构');
    await pick('状态', '已冻结');
    await userEvent.click(buttonIn(form, '搜索')!);
    await waitFor(() => {
      const last = network.callsTo('GET /api/platform/companies').at(-1)!;
      expect([last.query.get('type'), last.query.get('status'), last.query.get('page')]).toEqual([
        '2',
        '0',
        '1',
      ]);
    });
    await waitFor(() => expect(screen.queryByText('示例智能制造有限公司')).toBeNull());

    await userEvent.click(buttonIn(form, '重置')!);
    await waitFor(() => {
      const last = network.callsTo('GET /api/platform/companies').at(-1)!;
      expect([last.query.get('type'), last.query.get('status')]).toEqual([null, null]);
    });
  });

  it('pages the company list on the server: page 2 asks for page=2 and shows the total', async () => {
    const many = Array.from({ length: 10 }, (_, i) => company({ _id: `p${i}`, name: `企业${i + 1}` }));
    const network = renderPage(['platform:company:list'], {
      'GET /api/platform/companies': (req) => {
        const page = Number(req.query.get('page'));
        const list = page === 2 ? [company({ _id: 'p10', name: '第二页的企业' })] : many;
        return ok({ list, meta: { total: 11, count: 11, page, per_page: 10, last_page: 2 } });
      },
    });
    expect(await screen.findByText('共 11 条')).toBeInTheDocument();
    await rowOf('企业1');
    const next = screen.getByTitle('2');
    await userEvent.click(next);
    expect(await screen.findByText('第二页的企业')).toBeInTheDocument();
    expect(network.callsTo('GET /api/platform/companies').at(-1)!.query.get('page')).toBe('2');
  });

  it('without platform:company:freeze there is no 冻结 / 解冻', async () => {
    renderPage(['platform:company:list'], {});
    const row = await rowOf('示例智能制造有限公司');
    expect(buttonIn(row, '详情')).not.toBeNull();
    expect(buttonIn(row, '冻结')).toBeNull();
  });

  it('the company detail shows its record, administrators and applications; 查看 opens one', async () => {
    const detail: PlatformCompanyDetail = {
      company: company({}),
      member_count: 2,
      admins: [{ user_id: 'u1', name: 'qiye', phone: '13800000001' }],
      application_count: 1,
      approved_count: 0,
    };
    const network = renderPage(['*:*:*'], {
      'GET /api/platform/companies/c1': ok(detail),
      'GET /api/platform/recordApplications/r1': ok(pendingDetail()),
    });
    await userEvent.click(buttonIn(await rowOf('示例智能制造有限公司'), '详情')!);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('qiye（13800000001）')).toBeInTheDocument();
    expect(within(drawer).getByText('备案申请（已通过 0 / 共 1）')).toBeInTheDocument();
    // The drawer's applications are the review list of that company, paged by the server.
    await waitFor(() =>
      expect(
        network
          .callsTo('GET /api/platform/recordApplications')
          .some((c) => c.query.get('company_id') === 'c1' && c.query.get('page') === '1'),
      ).toBe(true),
    );
    await userEvent.click(
      buttonIn((await within(drawer).findByText('BA20260102PEND01')).closest('tr')!, '查看')!,
    );
    await waitFor(() => expect(network.callsTo('GET /api/platform/recordApplications/r1')).toHaveLength(1));
    expect(await screen.findByText('备案审核 BA20260102PEND01')).toBeInTheDocument();
  });

  it('the review queue starts with 待审核; 驳回 needs a reason and sends it', async () => {
    const network = renderPage(['*:*:*'], {
      'GET /api/platform/recordApplications/r1': ok(pendingDetail()),
      'POST /api/platform/recordApplications/r1/reject': ok(
        pendingDetail({ status: 3, status_text: '已驳回', reject_reason: '资格证明不全' }),
      ),
    });
    await openReviewTab();
    await waitFor(() =>
      expect(network.callsTo('GET /api/platform/recordApplications').at(-1)?.query.get('status')).toBe('1'),
    );
    await userEvent.click(buttonIn(await rowOf('BA20260102PEND01'), '审核')!);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('企业评价规范.pdf')).toBeInTheDocument();
    expect(within(drawer).getByText('张考评')).toBeInTheDocument();
    expect(within(drawer).getByText('提交审核')).toBeInTheDocument();

    await userEvent.click(buttonIn(drawer, '驳回')!);
    const modal = await findDialog('驳回备案申请 BA20260102PEND01');
    await userEvent.click(buttonIn(modal, '确定驳回')!);
    expect(await within(modal).findByText('请输入驳回原因')).toBeInTheDocument();
    expect(network.callsTo('POST /api/platform/recordApplications/r1/reject')).toHaveLength(0);

    fireEvent.change(within(modal).getByPlaceholderText('请说明需要修改的内容，企业将看到该原因'), {
      target: { value: ' 资格证明不全 ' },
    });
    await userEvent.click(buttonIn(modal, '确定驳回')!);
    await waitFor(() =>
      expect(network.callsTo('POST /api/platform/recordApplications/r1/reject')).toHaveLength(1),
    );
    expect(network.callsTo('POST /api/platform/recordApplications/r1/reject')[0].body).toEqual({
      reason: '资格证明不全',
    });
    // The drawer shows the decided application: its reason, no more 通过 / 驳回.
    expect(await within(drawer).findByText('资格证明不全')).toBeInTheDocument();
    expect(buttonIn(drawer, '通过')).toBeNull();
  });

  it('通过 asks to confirm and approves', async () => {
    const network = renderPage(['*:*:*'], {
      'GET /api/platform/recordApplications/r1': ok(pendingDetail()),
      'POST /api/platform/recordApplications/r1/approve': ok(
        pendingDetail({ status: 2, status_text: '已通过' }),
      ),
    });
    await openReviewTab();
    await userEvent.click(buttonIn(await rowOf('BA20260102PEND01'), '审核')!);
    const drawer = await openDrawer();
    await within(drawer).findByText('张考评');
    await userEvent.click(buttonIn(drawer, '通过')!);
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('确定通过「示例智能制造有限公司」的备案申请 BA20260102PEND01 吗？');
    await userEvent.click(buttonIn(dialog, '确定')!);
    await waitFor(() =>
      expect(network.callsTo('POST /api/platform/recordApplications/r1/approve')).toHaveLength(1),
    );
  });

  it('通过 sends the codes the reviewer changed; a code of the wrong form is refused before asking', async () => {
    const network = renderPage(['*:*:*'], {
      'GET /api/platform/recordApplications/r1': ok(pendingDetail({ codes_proposed: true })),
      'POST /api/platform/recordApplications/r1/approve': ok(
        pendingDetail({ status: 2, status_text: '已通过' }),
      ),
    });
    await openReviewTab();
    await userEvent.click(buttonIn(await rowOf('BA20260102PEND01'), '审核')!);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('0001（拟分配）')).toBeInTheDocument();
    const institution = within(drawer).getByLabelText('评价机构代码');
    expect(institution).toHaveValue('0001');
    await userEvent.clear(institution);
    await userEvent.type(institution, '12');
    await userEvent.click(buttonIn(drawer, '通过')!);
    expect(await screen.findByText('评价机构代码应为4位数字')).toBeInTheDocument();
    await userEvent.type(institution, '34');
    const site = within(drawer).getByLabelText('一号实训楼 考核站点代码');
    await userEvent.clear(site);
    await userEvent.type(site, '000009');
    await userEvent.click(buttonIn(drawer, '通过')!);
    await userEvent.click(buttonIn(await confirmDialog(), '确定')!);
    await waitFor(() =>
      expect(network.callsTo('POST /api/platform/recordApplications/r1/approve')).toHaveLength(1),
    );
    expect(network.callsTo('POST /api/platform/recordApplications/r1/approve')[0].body).toEqual({
      institution_code: '1234',
      site_codes: [{ site_id: 's', site_code: '000009' }],
    });
  });

  it('without platform:company:review the reviewer sees the application but no 通过 / 驳回', async () => {
    renderPage(['platform:company:list'], { 'GET /api/platform/recordApplications/r1': ok(pendingDetail()) });
    await openReviewTab();
    await userEvent.click(buttonIn(await rowOf('BA20260102PEND01'), '审核')!);
    const drawer = await openDrawer();
    await within(drawer).findByText('张考评');
    expect(buttonIn(drawer, '通过')).toBeNull();
    expect(buttonIn(drawer, '驳回')).toBeNull();
  });
});

describe('CompanyPage opened by a link (数据看板)', () => {
  it('companyLink reads type and status from the address, and nothing else', () => {
    expect(companyLink(new URLSearchParams('type=2&status=0'))).toEqual({ type: 2, status: 0 });
    expect(companyLink(new URLSearchParams('type=1'))).toEqual({ type: 1, status: null });
    expect(companyLink(new URLSearchParams('type=9&status=x'))).toBeNull();
    expect(companyLink(new URLSearchParams(''))).toBeNull();
  });

  it('/company?type=2&status=0 asks for frozen institutions at once, and the form shows them', async () => {
    const network = renderPage(['platform:company:list'], {}, '/company?type=2&status=0');
    await waitFor(() => expect(network.callsTo('GET /api/platform/companies').length).toBeGreaterThan(0));
    const first = network.callsTo('GET /api/platform/companies')[0];
    expect(first.query.get('type')).toBe('2');
    expect(first.query.get('status')).toBe('0');
    const form = await screen.findByRole('form', { name: '企业搜索' });
    expect(within(form).getByText('培训评价机构')).toBeTruthy();
  });
});
