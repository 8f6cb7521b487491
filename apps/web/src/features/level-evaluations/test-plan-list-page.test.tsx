import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { options } from '@/test/level-evaluations';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { signInInstitution, TEST_PLAN_ID, testPlanDetail, testPlanRow } from './test-plan-fixtures';
import { TestPlanListPage } from './test-plan-list-page';

const draft = testPlanRow({
  _id: 'tp-draft',
  name: '草稿中的考试',
  status: 0,
  status_text: '草稿',
  plan_no: null,
});
const registering = testPlanRow();
const statusDict = ok({
  test_plan_status: [
    { label: '草稿', value: 0 },
    { label: '报名中', value: 10 },
    { label: '已编排', value: 11 },
  ],
});

function renderList(permissions: string[], routes: Parameters<typeof installFakeNetwork>[0]) {
  clearDictCache();
  const network = installFakeNetwork({
    ...signInInstitution(permissions),
    'POST /api/dict': statusDict,
    'GET /api/testPlans/options': ok(options),
    ...routes,
  });
  const view = renderPage('/test-plan', <TestPlanListPage />);
  return { network, ...view };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('考试计划 (the institution test plans)', () => {
  it('lists the plans with their state, registration window and registrations waiting', async () => {
    const { network } = renderList(['institution:test-plan:list'], {
      'GET /api/testPlans': paged([registering, draft], 12),
    });
    const row = await rowOf('2026年第一期电工四级考试');
    expect(within(row).getByText('报名中')).toBeInTheDocument();
    expect(within(row).getByTitle('2026-02-01 至 2026-02-20')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '考试计划名称' })).toBeInTheDocument();
    expect(network.callsTo('GET /api/levelEvaluations')).toHaveLength(0);
  });

  it('the state filter offers the dictionary test_plan_status and searches with it from page 1', async () => {
    const { network } = renderList(['institution:test-plan:list'], {
      'GET /api/testPlans': paged([registering]),
    });
    await rowOf('2026年第一期电工四级考试');
    const form = screen.getByRole('form', { name: '考试计划搜索' });
    await userEvent.click(within(form).getByLabelText('状态'));
    await userEvent.click(await screen.findByTitle('已编排'));
    await userEvent.click(within(form).getByRole('button', { name: buttonName('搜索') }));
    await waitFor(() => expect(network.callsTo('GET /api/testPlans').at(-1)!.query.get('status')).toBe('11'));
    expect(network.callsTo('GET /api/testPlans').at(-1)!.query.get('page')).toBe('1');
  });

  it('with the edit key a draft offers 编辑 and 删除 (confirmed); a plan past 草稿 only 查看', async () => {
    const { network } = renderList(['institution:test-plan:list', 'institution:test-plan:edit'], {
      'GET /api/testPlans': paged([registering, draft]),
      'DELETE /api/testPlans/tp-draft': ok(null),
    });
    const draftRow = await rowOf('草稿中的考试');
    expect(within(draftRow).getByRole('button', { name: buttonName('编辑') })).toBeInTheDocument();
    const registeringRow = await rowOf('2026年第一期电工四级考试');
    expect(within(registeringRow).getByRole('button', { name: buttonName('查看') })).toBeInTheDocument();
    expect(within(registeringRow).queryByRole('button', { name: buttonName('删除') })).toBeNull();

    await userEvent.click(within(draftRow).getByRole('button', { name: buttonName('删除') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除考试计划“草稿中的考试”吗？删除后不可恢复。');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo('DELETE /api/testPlans/tp-draft')).toHaveLength(1));
  });

  it('without the edit and add keys: 查看 only, no 新增考试计划, no 删除', async () => {
    renderList(['institution:test-plan:list'], { 'GET /api/testPlans': paged([draft]) });
    const row = await rowOf('草稿中的考试');
    expect(within(row).getByRole('button', { name: buttonName('查看') })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: buttonName('删除') })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增考试计划/ })).toBeNull();
  });

  it('新增考试计划 asks the name, saves a draft and opens its editor', async () => {
    const { network, location } = renderList(['institution:test-plan:list', 'institution:test-plan:add'], {
      'GET /api/testPlans': paged([]),
      'POST /api/testPlans': ok(testPlanDetail({ status: 0, status_text: '草稿' })),
    });
    expect(await screen.findByText('暂无考试计划')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: /新增考试计划/ })[0]);
    const form = await screen.findByRole('form', { name: '新增考试计划' });
    await userEvent.click(screen.getByRole('button', { name: '创建并编辑' }));
    expect(await within(form).findByText('请输入考试计划名称')).toBeInTheDocument();
    expect(network.callsTo('POST /api/testPlans')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('考试计划名称'), ' 2026年第一期电工四级考试 ');
    await userEvent.click(await screen.findByRole('button', { name: buttonName('创建并编辑') }));
    await waitFor(() => expect(network.callsTo('POST /api/testPlans')).toHaveLength(1));
    expect(network.callsTo('POST /api/testPlans')[0].body).toEqual({ name: '2026年第一期电工四级考试' });
    await waitFor(() => expect(location()).toBe(`/test-plan/edit/${TEST_PLAN_ID}`));
  });

  it('before the filing is approved (code 61) the page says why and leads to 备案中心', async () => {
    const notice = '贵机构尚无审核通过的备案，请先在“备案中心”提交备案，待平台审核通过后再开展考试';
    const { location } = renderList(['*:*:*'], { 'GET /api/testPlans': fail(61, notice) });
    expect(await screen.findByText('暂不能组织考试')).toBeInTheDocument();
    expect(screen.getAllByText(notice).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: '前往备案中心' }));
    await waitFor(() => expect(location()).toBe('/record-center'));
  });
});
