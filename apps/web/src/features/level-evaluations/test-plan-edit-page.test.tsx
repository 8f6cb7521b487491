import { NO_APPROVED_INSTITUTION_FILING } from '@skill-cert/shared/level-evaluations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { options } from '@/test/level-evaluations';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { TestPlanEditPage } from './test-plan-edit-page';
import {
  examinee,
  sessionList,
  signInInstitution,
  TEST_PLAN_ID,
  testPlanAbilities,
  testPlanDetail,
} from './test-plan-fixtures';

const PLAN = `/api/testPlans/${TEST_PLAN_ID}`;

function renderEditor(
  plan: ReturnType<typeof testPlanDetail> | Parameters<typeof installFakeNetwork>[0][string],
  type: number | null,
  routes: Parameters<typeof installFakeNetwork>[0] = {},
) {
  const network = installFakeNetwork({
    ...signInInstitution(),
    [`GET ${PLAN}`]: 'abilities' in (plan as object) ? ok(plan) : (plan as never),
    'GET /api/testPlans/options': ok(options),
    [`GET ${PLAN}/examinees`]: paged([examinee(0)]),
    [`GET ${PLAN}/sessions`]: ok(sessionList()),
    ...routes,
  });
  const view = renderPage(
    `/test-plan/edit/${TEST_PLAN_ID}${type ? `?type=${type}` : ''}`,
    <TestPlanEditPage params={{ id: TEST_PLAN_ID }} />,
    [],
    '/test-plan/edit/:id',
  );
  return { network, ...view };
}

/** The editor's head: the plan's name, state and actions. */
const header = async () =>
  (await screen.findByRole('button', { name: '返回列表' })).closest<HTMLElement>('.ant-card-head')!;
const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

describe('编辑考试计划 (the test plan editor)', () => {
  it("the plan's name and state are the page's heading, its actions the 页面操作 group", async () => {
    const plan = testPlanDetail({ status: 0, status_text: '草稿' });
    renderEditor(plan, null);
    const heading = await screen.findByRole('heading', { name: new RegExp(plan.name) });
    expect(within(heading).getByText('草稿')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: '页面操作' });
    expect(within(actions).getByRole('button', { name: buttonName('返回列表') })).toBeInTheDocument();
  });

  it('?type=8 opens 考评任务; assigning needs the score key (institution:test-plan:score)', async () => {
    const routes = {
      [`GET ${PLAN}/marking`]: ok([]),
      [`GET ${PLAN}/examTasks`]: ok([]),
      [`GET ${PLAN}/markings`]: ok([]),
    };
    renderEditor(testPlanDetail(), 8, {
      ...routes,
      ...signInInstitution(['institution:test-plan:list', 'institution:test-plan:score']),
    });
    expect(await screen.findByRole('tab', { name: '考评任务', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '分配考评员' })).toBeInTheDocument();
  });

  it('考评任务 without the score key reads only', async () => {
    renderEditor(testPlanDetail(), 8, {
      [`GET ${PLAN}/marking`]: ok([]),
      [`GET ${PLAN}/examTasks`]: ok([]),
      [`GET ${PLAN}/markings`]: ok([]),
      ...signInInstitution(['institution:test-plan:list']),
    });
    expect(
      await screen.findByText('还没有分配考评任务，分配后考评员在考评员端按密号评分'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '分配考评员' })).toBeNull();
  });

  it('?type=3 opens 考生, where the examinee import notice leads', async () => {
    const { network } = renderEditor(testPlanDetail(), 3);
    const tab = await screen.findByRole('tab', { name: /考生/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('王一')).toBeInTheDocument();
    expect(network.callsTo(`GET ${PLAN}/examinees`)).not.toHaveLength(0);
  });

  it('switching tabs writes ?type= into the address', async () => {
    const { router } = renderEditor(testPlanDetail(), null);
    await userEvent.click(await screen.findByRole('tab', { name: /场次与考场/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=2'));
    expect(await screen.findByText('001 第一考场')).toBeInTheDocument();
  });

  it('a draft missing its registration window cannot be published yet and says what is missing', async () => {
    renderEditor(
      testPlanDetail({
        status: 0,
        status_text: '草稿',
        registration_start_date: null,
        registration_end_date: null,
        abilities: testPlanAbilities({ can_edit: true, can_delete: true, can_publish: true }),
      }),
      null,
    );
    expect(await screen.findByText('发布报名前还需完善：请选择报名开始日期')).toBeInTheDocument();
    expect(within(await header()).getByRole('button', { name: buttonName('发布报名') })).toBeDisabled();
    expect(within(await header()).getByRole('button', { name: buttonName('删除') })).toBeInTheDocument();
  });

  it('发布报名 on a complete draft confirms, then publishes once', async () => {
    const draft = testPlanDetail({
      status: 0,
      status_text: '草稿',
      abilities: testPlanAbilities({ can_edit: true, can_publish: true }),
    });
    const { network } = renderEditor(draft, null, {
      [`POST ${PLAN}/publish`]: ok(testPlanDetail()),
    });
    await userEvent.click(within(await header()).getByRole('button', { name: buttonName('发布报名') }));
    const dialog = await dialogWith('确定发布考试计划');
    expect(network.callsTo(`POST ${PLAN}/publish`)).toHaveLength(0);
    await userEvent.dblClick(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/publish`)).toHaveLength(1));
    expect(await screen.findByText('已发布，开始报名')).toBeInTheDocument();
  });

  it('已编排 offers 开始考试 and 取消考试计划, neither 发布报名 nor 删除; the warnings are said, not refused', async () => {
    const { network } = renderEditor(
      testPlanDetail({
        status: 11,
        status_text: '已编排',
        warnings: ['第一考场：监考人员少于2名'],
        abilities: testPlanAbilities({ can_start_exam: true, can_cancel: true, can_seat: true }),
      }),
      null,
      { [`POST ${PLAN}/startExam`]: ok(testPlanDetail({ status: 12, status_text: '考试中' })) },
    );
    const head = await header();
    expect(within(head).queryByRole('button', { name: buttonName('发布报名') })).toBeNull();
    expect(within(head).queryByRole('button', { name: buttonName('删除') })).toBeNull();
    expect(screen.getByText('第一考场：监考人员少于2名')).toBeInTheDocument();
    await userEvent.click(within(head).getByRole('button', { name: buttonName('开始考试') }));
    await userEvent.click(
      within(await dialogWith('确定开始考试')).getByRole('button', { name: buttonName('确定') }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/startExam`)).toHaveLength(1));
  });

  it('取消考试计划 needs its reason and sends it', async () => {
    const { network } = renderEditor(
      testPlanDetail({ abilities: testPlanAbilities({ can_cancel: true }) }),
      null,
      {
        [`POST ${PLAN}/cancel`]: ok(
          testPlanDetail({ status: 8, status_text: '已取消', cancel_reason: '考场不可用' }),
        ),
      },
    );
    await userEvent.click(within(await header()).getByRole('button', { name: buttonName('取消考试计划') }));
    const dialog = await dialogWith('取消原因');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('取消考试计划') }));
    expect(await within(dialog).findByText('请输入取消原因')).toBeInTheDocument();
    expect(network.callsTo(`POST ${PLAN}/cancel`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('取消原因'), '考场不可用');
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('取消考试计划') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/cancel`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/cancel`)[0].body).toEqual({ reason: '考场不可用' });
  });

  it('成绩待审核: 退回成绩 needs its reason; 成绩审核通过 sends approve', async () => {
    const { network } = renderEditor(
      testPlanDetail({
        status: 3,
        status_text: '成绩待审核',
        abilities: testPlanAbilities({ can_review_results: true }),
      }),
      null,
      { [`POST ${PLAN}/reviewResults`]: ok(testPlanDetail({ status: 4, status_text: '公示中' })) },
    );
    await userEvent.click(within(await header()).getByRole('button', { name: buttonName('退回成绩') }));
    const back = await dialogWith('退回原因');
    await userEvent.click(within(back).getByRole('button', { name: buttonName('退回') }));
    expect(await within(back).findByText('请输入退回原因')).toBeInTheDocument();
    await userEvent.click(within(back).getByRole('button', { name: buttonName('取消') }));

    await userEvent.click(within(await header()).getByRole('button', { name: buttonName('成绩审核通过') }));
    const approve = await dialogWith('审核意见');
    await userEvent.click(within(approve).getByRole('button', { name: buttonName('通过') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/reviewResults`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/reviewResults`)[0].body).toEqual({ action: 'approve' });
  });

  it('before the institution filing is approved (code 61): why, and the way to 备案中心', async () => {
    const { location } = renderEditor(fail(61, NO_APPROVED_INSTITUTION_FILING), null);
    expect(await screen.findByText('暂不能组织考试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '前往备案中心' }));
    await waitFor(() => expect(location()).toBe('/record-center'));
  });
});

describe('基本信息 of a test plan', () => {
  const draftPlan = (overrides: Parameters<typeof testPlanDetail>[0] = {}) =>
    testPlanDetail({
      status: 0,
      status_text: '草稿',
      abilities: testPlanAbilities({ can_edit: true, can_publish: true }),
      ...overrides,
    });

  it('a registration closing after the exam starts is refused under 报名时间, and nothing is sent', async () => {
    const { network } = renderEditor(draftPlan({ registration_end_date: '2026-03-10' }), 1);
    const form = await screen.findByRole('form', { name: '考试计划基本信息' });
    await userEvent.click(within(form).getByRole('button', { name: buttonName('保存') }));
    expect(await within(form).findByText('报名截止日期不能晚于考试开始日期')).toBeInTheDocument();
    expect(network.callsTo(`PATCH ${PLAN}`)).toHaveLength(0);
  });

  it('保存 sends the plan with its registration window', async () => {
    const { network } = renderEditor(draftPlan(), 1, { [`PATCH ${PLAN}`]: ok(draftPlan()) });
    const form = await screen.findByRole('form', { name: '考试计划基本信息' });
    await userEvent.type(within(form).getByLabelText('备注'), '携带身份证');
    await userEvent.click(within(form).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(network.callsTo(`PATCH ${PLAN}`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${PLAN}`)[0].body).toMatchObject({
      name: '2026年第一期电工四级考试',
      occupation_code: '6-31-01-03',
      level: 4,
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      registration_start_date: '2026-02-01',
      registration_end_date: '2026-02-20',
      remark: '携带身份证',
      methods: [
        { method: 1, full_mark: 100, pass_mark: 60 },
        { method: 2, full_mark: 100, pass_mark: 60 },
      ],
    });
  });

  it('past 草稿 the basics only read, with the registration window', async () => {
    renderEditor(testPlanDetail(), 1);
    expect(await screen.findByText('2026-02-01 至 2026-02-20')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '考试计划基本信息' })).toBeNull();
  });
});
