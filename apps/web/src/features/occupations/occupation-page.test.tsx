import type { OccupationRow } from '@skill-cert/shared/occupations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { OccupationPage } from './occupation-page';

const URL = '/api/platform/occupations';
let seq = 0;
function occupationRow(code: string, name: string, extra: Partial<OccupationRow> = {}): OccupationRow {
  seq += 1;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    _id: id,
    code,
    name,
    category_code: code[0],
    category_name: '生产制造及有关人员',
    levels: [5, 4, 3, 2, 1],
    levels_text: '五级/初级工、四级/中级工、三级/高级工、二级/技师、一级/高级技师',
    comprehensive_review: true,
    status: 1,
    status_name: '启用',
    sort: 10,
    work_types: [],
    create_time_str: '2026-12-01 10:00:00',
    update_time_str: '2026-12-01 10:00:00',
    ...extra,
  };
}

function signInAs(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

const weld = () =>
  occupationRow('6-18-02-04', '焊工', {
    work_types: [
      { _id: 'w1', name: '电焊工', kind: 1, kind_name: '工种', status: 1, status_name: '启用', sort: 10 },
      { _id: 'w2', name: '气焊工', kind: 1, kind_name: '工种', status: 0, status_name: '停用', sort: 20 },
    ],
  });

describe('OccupationPage (职业目录 of the platform)', () => {
  it('lists occupations with levels, 综合评审 and status; a row expands to its 工种 (a disabled one marked)', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      [`GET ${URL}`]: paged([occupationRow('6-31-01-03', '电工'), weld()]),
    });
    renderPage('/occupation', <OccupationPage />);
    const first = await rowOf('电工');
    expect(within(first).getByText('不分工种')).toBeInTheDocument();
    expect(within(first).getByText('须综合评审')).toBeInTheDocument();
    const second = await rowOf('焊工');
    expect(within(second).getByText('2 个')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(second).getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('工种：电焊工')).toBeInTheDocument();
    expect(screen.getByText(/工种：气焊工/).textContent).toBe('工种：气焊工（停用）');
    expect(network.callsTo(`GET ${URL}`)[0]!.query.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: /导出/ })).toHaveAttribute('href', `${URL}/export`);
  });

  it('shows 导出 alone to a user holding list and export (运营人员): no add, import, edit or delete', async () => {
    installFakeNetwork({
      ...signInAs(['platform:occupation:list', 'platform:occupation:export']),
      [`GET ${URL}`]: paged([occupationRow('6-31-01-03', '电工')]),
    });
    renderPage('/occupation', <OccupationPage />);
    const row = await rowOf('电工');
    expect(within(row).queryByRole('button', { name: /修改|停用|删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增职业/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导入职业目录/ })).toBeNull();
    expect(screen.getByRole('link', { name: /导出/ })).toBeInTheDocument();
  });

  it('停用 asks first and says what it means; 删除 of one in use shows the server’s where-used message', async () => {
    const row = occupationRow('6-31-01-03', '电工');
    const network = installFakeNetwork({
      ...signInAs(),
      [`GET ${URL}`]: paged([row]),
      [`PATCH ${URL}/${row._id}/status`]: ok({ ...row, status: 0, status_name: '停用' }),
      [`DELETE ${URL}/${row._id}`]: fail(400, '该职业已被 3 个备案、2 个评价计划使用，不能删除，可停用'),
    });
    renderPage('/occupation', <OccupationPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('电工')).getByRole('button', { name: '停用' }));
    expect(
      await screen.findByText(/停用后不能再用于新的备案、评价计划和考试计划，已有的不受影响/),
    ).toBeInTheDocument();
    expect(network.callsTo(`PATCH ${URL}/${row._id}/status`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo(`PATCH ${URL}/${row._id}/status`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${URL}/${row._id}/status`)[0]!.body).toEqual({ status: 0 });

    await user.click(within(await rowOf('电工')).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(
      (await screen.findAllByText('该职业已被 3 个备案、2 个评价计划使用，不能删除，可停用')).length,
    ).toBeGreaterThan(0);
  });

  it('新增职业 asks for code, name and levels, takes 工种 with their kind, then saves', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      [`GET ${URL}`]: paged([]),
      [`POST ${URL}`]: (request) =>
        ok(occupationRow('4-99-99-01', String((request.body as { name: string }).name))),
    });
    renderPage('/occupation', <OccupationPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新增职业/ }));
    const dialog = await screen.findByRole('dialog');
    const errors = () =>
      [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(errors()).toEqual(['请输入职业编码', '请输入职业名称']));

    await user.type(within(dialog).getByPlaceholderText('如 6-31-01-03'), '499-99-01');
    await user.type(within(dialog).getByPlaceholderText('如 电工'), '示例职业');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(errors()).toEqual(['职业编码应为“大类-中类-小类-细类”格式，如 6-31-01-03']));
    const code = within(dialog).getByPlaceholderText('如 6-31-01-03');
    await user.clear(code);
    await user.type(code, '4-99-99-01');
    await user.click(within(dialog).getByRole('checkbox', { name: '一级/高级技师' }));
    await user.click(within(dialog).getByRole('switch', { name: '二级、一级须综合评审' }));
    await user.click(within(dialog).getByRole('button', { name: /添加工种/ }));
    await user.type(within(dialog).getByRole('textbox', { name: '第1个工种/职业方向名称' }), '示例工种');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(network.callsTo(`POST ${URL}`)).toHaveLength(1));
    expect(network.callsTo(`POST ${URL}`)[0]!.body).toEqual({
      code: '4-99-99-01',
      name: '示例职业',
      levels: [5, 4, 3, 2],
      comprehensive_review: false,
      sort: 0,
      status: 1,
      work_types: [{ name: '示例工种', kind: 1, status: 1 }],
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });
});
