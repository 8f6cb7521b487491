import type { DictItemRow, DictionaryRow } from '@skill-cert/shared/dict';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeRequest, fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { DictPage } from './dict-page';

const dictionary = (name: string, title: string, fixed: boolean, numeric = true): DictionaryRow => ({
  name,
  title,
  fixed,
  numeric,
  item_count: 2,
  enabled_count: 2,
  update_time_str: '2026-12-01 10:00:00',
});

let seq = 0;
function item(
  dict: string,
  label: string,
  value: number | string,
  extra: Partial<DictItemRow> = {},
): DictItemRow {
  seq += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    dict_name: dict,
    label,
    value,
    sort: seq * 10,
    enabled: true,
    color: null,
    fixed: dict !== 'education',
    create_time_str: '2026-12-01 10:00:00',
    update_time_str: '2026-12-01 10:00:00',
    ...extra,
  };
}

const ITEMS: Record<string, DictItemRow[]> = {
  exam_task_status: [
    item('exam_task_status', '待开始', 0, { color: '#1677ff' }),
    item('exam_task_status', '已完成', 4),
  ],
  education: [item('education', '本科', '本科'), item('education', '硕士', '硕士', { enabled: false })],
};

function signInAs(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return {
    'GET /api/user/personalMenus': ok({ menus: [], permissions }),
    'GET /api/dictionaries': ok([
      dictionary('exam_task_status', '考评任务状态', true),
      dictionary('education', '文化程度', false, false),
    ]),
    'GET /api/dictionaries/exam_task_status/items': ok(ITEMS.exam_task_status),
    'GET /api/dictionaries/education/items': ok(ITEMS.education),
  };
}

const rowOf = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!;

describe('DictPage (字典管理)', () => {
  it('shows the first dictionary’s items; a fixed one can be edited but offers no delete and no new item', async () => {
    installFakeNetwork(signInAs());
    renderPage('/dict', <DictPage />);
    const first = await rowOf('待开始');
    expect(within(first).getByText('#1677ff')).toBeInTheDocument();
    // The keys arrive with the personal menus.
    expect(await within(first).findByRole('button', { name: '修改' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('值固定')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增字典项/ })).toBeNull();
  });

  it('editing a fixed item keeps its value read-only and saves the new label', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      [`PUT /api/dictItems/${ITEMS.exam_task_status[1]!._id}`]: (req: FakeRequest) =>
        ok({ ...ITEMS.exam_task_status[1]!, ...(req.body as object) }),
    });
    const user = userEvent.setup();
    renderPage('/dict', <DictPage />);
    await user.click(await within(await rowOf('已完成')).findByRole('button', { name: '修改' }));
    const form = await screen.findByRole('form', { name: '修改字典项' });
    expect(within(form).getByLabelText('值')).toBeDisabled();
    const label = within(form).getByLabelText('名称');
    await user.clear(label);
    await user.type(label, '已完成评分');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(network.callsTo(`PUT /api/dictItems/${ITEMS.exam_task_status[1]!._id}`)).toHaveLength(1),
    );
    expect(network.callsTo(`PUT /api/dictItems/${ITEMS.exam_task_status[1]!._id}`)[0]!.body).toMatchObject({
      label: '已完成评分',
      value: '4',
    });
  });

  it('a free dictionary adds and deletes items, asking before a delete', async () => {
    const deleted = ITEMS.education[0]!._id;
    const network = installFakeNetwork({
      ...signInAs(),
      [`DELETE /api/dictItems/${deleted}`]: ok(null),
      'POST /api/dictionaries/education/items': fail(400, '该字典已有值为“本科”的字典项'),
    });
    const user = userEvent.setup();
    renderPage('/dict', <DictPage />);
    await user.click(await screen.findByRole('menuitem', { name: '文化程度' }));
    const row = await rowOf('本科');
    expect(within(await rowOf('硕士')).getByText('停用')).toBeInTheDocument();
    await user.click(await within(row).findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除字典项' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo(`DELETE /api/dictItems/${deleted}`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: /新增字典项/ }));
    const form = await screen.findByRole('form', { name: '新增字典项' });
    await user.type(within(form).getByLabelText('名称'), '本科');
    await user.type(within(form).getByLabelText('值'), '本科');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('该字典已有值为“本科”的字典项')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '新增字典项' })).toBeInTheDocument();
  });

  it('shows no write buttons to a user holding only the list key', async () => {
    const user = userEvent.setup();
    const network = installFakeNetwork(signInAs(['platform:dict:list']));
    renderPage('/dict', <DictPage />);
    await rowOf('待开始');
    await waitFor(() => expect(network.callsTo('GET /api/user/personalMenus')).toHaveLength(1));
    await network.settled();
    expect(within(await rowOf('待开始')).queryByRole('button')).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: '文化程度' }));
    expect(within(await rowOf('本科')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增字典项/ })).toBeNull();
  });
});
