import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { detail } from '@/test/records';
import { renderWithProviders } from '@/test/render';
import { RECORD_CENTER_INTRO, RecordCenterPage } from './record-center-page';
import { referenceRoutes } from './test-fixtures';

const BASE = '/api/institution/recordApplications';
const LIST_KEY = 'institution:record:list';
const EDIT_KEY = 'institution:record:edit';

const institutionFiling = (overrides: Parameters<typeof detail>[0] = {}) =>
  detail({ kind: 2, kind_text: '社会培训评价组织', company_name: '示例职业技能培训学校', ...overrides });

const row = (overrides: Parameters<typeof detail>[0]): RecordApplicationRow => {
  const {
    scopes: _s,
    evaluation_basis: _e,
    evaluation_basis_text: _t,
    basis_file: _b,
    sites: _si,
    examiners: _ex,
    supervisors: _su,
    attachments: _a,
    remark: _r,
    editable: _ed,
    deletable: _de,
    timeline: _ti,
    institution_code: _ic,
    province_code: _pc,
    codes_proposed: _cp,
    ...base
  } = institutionFiling(overrides);
  return base;
};

const draft = row({ _id: 'r-draft', record_no: 'BA20260102DRAFT1' });
const pending = row({ _id: 'r-pending', record_no: 'BA20260102PEND01', status: 1, status_text: '待审核' });
const rejected = row({
  _id: 'r-rejected',
  record_no: 'BA20260102REJ001',
  status: 3,
  status_text: '已驳回',
  reject_reason: '考核场地证明不全',
});

function renderCenter(permissions: string[], routes: Parameters<typeof installFakeNetwork>[0]) {
  useSessionStore.setState({ user: makeUser({ roles: [3] }) });
  const network = installFakeNetwork({
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    ...routes,
  });
  renderWithProviders(<RecordCenterPage />);
  return network;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const button = (container: HTMLElement, name: string) =>
  within(container).queryByRole('button', { name: buttonName(name) });

describe('备案中心 (the institution filing)', () => {
  it('lists the institution filings from its own routes with status tags and the rejection reason', async () => {
    const network = renderCenter([LIST_KEY, EDIT_KEY], {
      [`GET ${BASE}`]: paged([draft, pending, rejected]),
    });
    expect(await screen.findByText(RECORD_CENTER_INTRO)).toBeInTheDocument();
    const rejectedRow = await rowOf('BA20260102REJ001');
    expect(within(rejectedRow).getByText('已驳回')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('驳回原因：考核场地证明不全')).toBeInTheDocument();
    expect(network.callsTo(`GET ${BASE}`)).not.toHaveLength(0);
    expect(network.callsTo('GET /api/recordApplications')).toHaveLength(0);
  });

  it('with the edit key: 新增备案; 编辑 and 提交审核 for 草稿 and 已驳回; 删除 for 草稿 only', async () => {
    renderCenter([LIST_KEY, EDIT_KEY], { [`GET ${BASE}`]: paged([draft, pending, rejected]) });
    const draftRow = await rowOf('BA20260102DRAFT1');
    expect(button(draftRow, '编辑')).not.toBeNull();
    expect(button(draftRow, '提交审核')).not.toBeNull();
    expect(button(draftRow, '删除')).not.toBeNull();
    const rejectedRow = await rowOf('BA20260102REJ001');
    expect(button(rejectedRow, '编辑')).not.toBeNull();
    expect(button(rejectedRow, '删除')).toBeNull();
    const pendingRow = await rowOf('BA20260102PEND01');
    expect(button(pendingRow, '编辑')).toBeNull();
    expect(button(pendingRow, '提交审核')).toBeNull();
    expect(button(pendingRow, '详情')).not.toBeNull();
    expect(screen.getByRole('button', { name: /新增备案/ })).toBeInTheDocument();
  });

  it('without institution:record:edit the filings only read: no 新增备案, 编辑, 提交审核 or 删除', async () => {
    renderCenter([LIST_KEY], { [`GET ${BASE}`]: paged([draft, rejected]) });
    const draftRow = await rowOf('BA20260102DRAFT1');
    expect(button(draftRow, '详情')).not.toBeNull();
    expect(button(draftRow, '编辑')).toBeNull();
    expect(button(draftRow, '提交审核')).toBeNull();
    expect(button(draftRow, '删除')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增备案/ })).toBeNull();
  });

  it('no filing yet: the list invites to file as 社会培训评价组织', async () => {
    renderCenter([LIST_KEY, EDIT_KEY], { [`GET ${BASE}`]: paged([]) });
    expect(await screen.findByText('暂无备案，请先提交社会培训评价组织备案')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /新增备案/ })).toHaveLength(2);
  });

  it('a list that cannot load says so and offers 重新获取', async () => {
    renderCenter([LIST_KEY], {
      [`GET ${BASE}`]: { status: 500, body: { code: 500, message: '服务器错误', data: null } },
    });
    expect(await screen.findByRole('button', { name: /重新获取/ })).toBeInTheDocument();
  });

  it('提交审核 confirms, then submits through the institution route', async () => {
    const network = renderCenter([LIST_KEY, EDIT_KEY], {
      [`GET ${BASE}`]: paged([draft]),
      [`POST ${BASE}/r-draft/submit`]: ok(institutionFiling({ _id: 'r-draft', status: 1 })),
    });
    await userEvent.click(button(await rowOf('BA20260102DRAFT1'), '提交审核')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定将备案申请 BA20260102DRAFT1 提交审核吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo(`POST ${BASE}/r-draft/submit`)).toHaveLength(1));
  });

  it('the detail of a rejected filing shows its kind, the reason, 编辑 and 重新提交审核; 编辑 saves with PATCH', async () => {
    const rejectedDetail = institutionFiling({
      _id: 'r-rejected',
      status: 3,
      status_text: '已驳回',
      reject_reason: '考核场地证明不全',
    });
    const network = renderCenter([LIST_KEY, EDIT_KEY], {
      ...referenceRoutes,
      [`GET ${BASE}`]: paged([rejected]),
      [`GET ${BASE}/r-rejected`]: ok(rejectedDetail),
      [`PATCH ${BASE}/r-rejected`]: ok({ ...rejectedDetail, update_time_str: '2026-01-02 11:00:00' }),
    });
    await userEvent.click(button(await rowOf('BA20260102REJ001'), '详情')!);
    expect(await screen.findByText('驳回原因：考核场地证明不全')).toBeInTheDocument();
    expect(screen.getByText('社会培训评价组织')).toBeInTheDocument();
    expect(screen.getByText('机构名称')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新提交审核' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: buttonName('删除') })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: buttonName('编辑') }));
    await userEvent.type(await screen.findByPlaceholderText('选填'), '补充场地证明');
    await userEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(network.callsTo(`PATCH ${BASE}/r-rejected`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${BASE}/r-rejected`)[0].body).toMatchObject({
      remark: '补充场地证明',
      submit: false,
    });
    expect(await screen.findByText('备案详情 BA20260102ABCDEF')).toBeInTheDocument();
  });

  it('an approved filing says test plans may now be organised, and has nothing to edit', async () => {
    renderCenter([LIST_KEY, EDIT_KEY], {
      [`GET ${BASE}`]: paged([
        row({ _id: 'r-ok', record_no: 'BA20260102OK0001', status: 2, status_text: '已通过' }),
      ]),
      [`GET ${BASE}/r-ok`]: ok(
        institutionFiling({
          _id: 'r-ok',
          status: 2,
          status_text: '已通过',
          editable: false,
          deletable: false,
        }),
      ),
    });
    await userEvent.click(button(await rowOf('BA20260102OK0001'), '详情')!);
    expect(await screen.findByText('备案已通过，可在“考试计划”中组织考试。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: buttonName('编辑') })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '返回列表' }));
    expect(await screen.findByText(RECORD_CENTER_INTRO)).toBeInTheDocument();
  });
});
