import type { CandidateMarking, MethodMarkingRow, PlanExamTaskRow } from '@skill-cert/shared/exam-tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { planDetail } from '@/test/level-evaluations';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { typeDate } from '@/test/ui';
import { EvaluationDetailContent } from './components/evaluation-detail-content';
import { ExamTaskPanel, type ExamTaskPlan } from './components/exam-task-panel';
import { ROOM_ID, sessionList, TEST_PLAN_ID } from './test-plan-fixtures';

const PLAN = '/api/levelEvaluations/plan-1';
const plan: ExamTaskPlan = {
  _id: 'plan-1',
  owner_kind: 1,
  methods: [{ method: 1, method_text: '理论知识', full_mark: 100, pass_mark: 60 }],
  examiners: [
    { _id: '22222222-2222-4222-8222-222222222222', name: '王考评' },
    { _id: '33333333-3333-4333-8333-333333333333', name: '赵考评' },
  ],
};
const marking: MethodMarkingRow = {
  method: 1,
  method_text: '理论知识',
  full_mark: 100,
  items: [
    { item_no: 1, name: '选择题', max: 40 },
    { item_no: 2, name: '简答题', max: 60 },
  ],
  double_marking: false,
  tolerance: null,
  rounding: 1,
  rounding_text: '保留一位小数',
  leader: null,
  locked: false,
};
const task = (overrides: Partial<PlanExamTaskRow> = {}): PlanExamTaskRow => ({
  _id: 'task-1',
  kind: 1,
  kind_text: '阅卷',
  method: 1,
  method_text: '理论知识',
  round: 1,
  round_text: '一评',
  room_name: null,
  deadline: null,
  status: 2,
  status_text: '已提交',
  return_reason: null,
  done: 2,
  total: 2,
  submit_time_str: '2026-12-07 10:00:00',
  update_time_str: '2026-12-07 10:00:00',
  examiner_name: '王考评',
  examiner_phone: '13900000000',
  person_id: '22222222-2222-4222-8222-222222222222',
  room_id: null,
  create_time_str: '2026-12-06 10:00:00',
  warnings: [],
  ...overrides,
});
const rounds: CandidateMarking[] = [
  {
    method: 1,
    method_text: '理论知识',
    candidate_id: '44444444-4444-4444-8444-444444444444',
    name: '张考生',
    rounds: [
      {
        task_id: 'task-1',
        round: 1,
        round_text: '一评',
        examiner_name: '王考评',
        masked_code: '10000001',
        total: 82,
        submit_time_str: '2026-12-07 10:00:00',
        return_reason: null,
      },
    ],
    state: 1,
    state_text: '单评',
    score: 82,
  },
];

function renderPanel(routes: Parameters<typeof installFakeNetwork>[0], canChange = true) {
  useSessionStore.setState({ user: makeUser({ roles: [1] }) });
  const network = installFakeNetwork({
    [`GET ${PLAN}/marking`]: ok([marking]),
    [`GET ${PLAN}/examTasks`]: ok([task()]),
    [`GET ${PLAN}/markings`]: ok(rounds),
    ...routes,
  });
  return {
    network,
    ...renderPage('/evaluation-list/detail/plan-1', <ExamTaskPanel plan={plan} canChange={canChange} />),
  };
}

describe('考评任务 (the plan owner’s examiner tasks)', () => {
  it('lists the tasks with progress, state and the qualification warnings', async () => {
    renderPanel({
      [`GET ${PLAN}/examTasks`]: ok([task({ warnings: ['王考评的考评员资格不含职业「电工」'] })]),
    });
    expect(await screen.findByText('王考评的考评员资格不含职业「电工」')).toBeInTheDocument();
    const row = screen.getByText('阅卷 · 理论知识 · 一评').closest('tr')!;
    expect(within(row).getByText('2/2')).toBeInTheDocument();
    expect(within(row).getByText('已提交')).toBeInTheDocument();
  });

  it('分配考评员 sends the examiner, method, round and the deadline picked, and shows the warnings of the answer', async () => {
    const { network } = renderPanel({
      [`GET ${PLAN}/examTasks`]: ok([]),
      [`POST ${PLAN}/examTasks`]: ok(task({ status: 0, warnings: ['王考评的考评员资格不含四级/中级工'] })),
    });
    await userEvent.click(await screen.findByRole('button', { name: '分配考评员' }));
    const form = await screen.findByRole('form', { name: '分配考评员' });
    await userEvent.click(within(form).getByLabelText('考评员'));
    await userEvent.click(await screen.findByTitle('王考评'));
    await userEvent.click(within(form).getByLabelText('评价方式'));
    await userEvent.click((await screen.findAllByTitle('理论知识')).at(-1)!);
    const deadline = dayjs().add(7, 'day').format('YYYY-MM-DD');
    typeDate(within(form).getByLabelText('截止日期'), deadline);
    await userEvent.click(screen.getByRole('button', { name: buttonName('分配') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examTasks`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/examTasks`)[0].body).toEqual({
      person_id: '22222222-2222-4222-8222-222222222222',
      method: 1,
      round: 1,
      room_id: null,
      deadline,
    });
    expect(await screen.findByText('王考评的考评员资格不含四级/中级工')).toBeInTheDocument();
  });

  it('取消分配 a waiting task asks first', async () => {
    const { network } = renderPanel({
      [`GET ${PLAN}/examTasks`]: ok([task({ status: 0, status_text: '待开始', done: 0 })]),
      [`DELETE ${PLAN}/examTasks/task-1`]: ok(null),
    });
    await userEvent.click(await screen.findByRole('button', { name: '取消分配' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定取消王考评的理论知识一评任务吗？');
    expect(network.callsTo(`DELETE ${PLAN}/examTasks/task-1`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(network.callsTo(`DELETE ${PLAN}/examTasks/task-1`)).toHaveLength(1));
  });

  it('退回 a submitted task needs a reason and returns the whole task', async () => {
    const { network } = renderPanel({ [`POST ${PLAN}/examTasks/task-1/return`]: ok(task({ status: 3 })) });
    const row = (await screen.findByText('阅卷 · 理论知识 · 一评')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: buttonName('退回') }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('退回') }));
    expect(await within(dialog).findByText('请输入退回原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('退回原因'), '第2题评分过严');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('退回') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examTasks/task-1/return`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/examTasks/task-1/return`)[0].body).toEqual({
      candidate_ids: [],
      reason: '第2题评分过严',
    });
  });

  it('every marking round shows who marked, the masked code and total; one examinee can be returned alone', async () => {
    const { network } = renderPanel({ [`POST ${PLAN}/examTasks/task-1/return`]: ok(task({ status: 3 })) });
    const row = (await screen.findByText('王考评（密号 10000001）：82')).closest('tr')!;
    expect(within(row).getByText('单评')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '退回该考生' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('退回原因'), '简答题漏评');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('退回') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examTasks/task-1/return`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/examTasks/task-1/return`)[0].body).toEqual({
      candidate_ids: ['44444444-4444-4444-8444-444444444444'],
      reason: '简答题漏评',
    });
  });

  it('题目与双评设置: double marking needs 最大差值; the items go as typed', async () => {
    const { network } = renderPanel({ [`PUT ${PLAN}/marking/1`]: ok(marking) });
    await userEvent.click(await screen.findByRole('button', { name: buttonName('设置') }));
    const form = await screen.findByRole('form', { name: '题目与双评设置' });
    await userEvent.click(within(form).getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: buttonName('保存') }));
    expect(await within(form).findByText('双评须设置最大差值')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('最大差值'), '5');
    await userEvent.click(screen.getByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(network.callsTo(`PUT ${PLAN}/marking/1`)).toHaveLength(1));
    expect(network.callsTo(`PUT ${PLAN}/marking/1`)[0].body).toEqual({
      items: [
        { name: '选择题', max: 40 },
        { name: '简答题', max: 60 },
      ],
      double_marking: true,
      tolerance: 5,
      rounding: 1,
      leader_person_id: null,
    });
  });

  it('without the right to change: no 分配, 退回 or 设置', async () => {
    renderPanel({}, false);
    expect(await screen.findByText('王考评（密号 10000001）：82')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '分配考评员' })).toBeNull();
    expect(screen.queryByRole('button', { name: '退回该考生' })).toBeNull();
    expect(screen.queryByRole('button', { name: buttonName('设置') })).toBeNull();
  });

  it('on a test plan an examiner can be assigned one room of the method (its seated examinees)', async () => {
    const TP = `/api/testPlans/${TEST_PLAN_ID}`;
    useSessionStore.setState({ user: makeUser({ roles: [3] }) });
    const network = installFakeNetwork({
      'GET /api/user/personalMenus': ok({ menus: [], permissions: ['*:*:*'] }),
      [`GET ${TP}/marking`]: ok([marking]),
      [`GET ${TP}/examTasks`]: ok([]),
      [`GET ${TP}/markings`]: ok([]),
      [`GET ${TP}/sessions`]: ok(sessionList()),
      [`POST ${TP}/examTasks`]: ok(task({ status: 0, room_name: '第一考场', room_id: ROOM_ID })),
    });
    renderPage(
      `/test-plan/edit/${TEST_PLAN_ID}`,
      <ExamTaskPanel plan={{ ...plan, _id: TEST_PLAN_ID, owner_kind: 2 }} canChange />,
    );
    await userEvent.click(await screen.findByRole('button', { name: '分配考评员' }));
    const form = await screen.findByRole('form', { name: '分配考评员' });
    await userEvent.click(within(form).getByLabelText('考评员'));
    await userEvent.click(await screen.findByTitle('赵考评'));
    await userEvent.click(within(form).getByLabelText('评价方式'));
    await userEvent.click((await screen.findAllByTitle('理论知识')).at(-1)!);
    await userEvent.click(within(form).getByLabelText('考场'));
    await userEvent.click(await screen.findByTitle('上午场 第一考场'));
    await userEvent.click(screen.getByRole('button', { name: buttonName('分配') }));
    await waitFor(() => expect(network.callsTo(`POST ${TP}/examTasks`)).toHaveLength(1));
    expect(network.callsTo(`POST ${TP}/examTasks`)[0].body).toMatchObject({
      person_id: '33333333-3333-4333-8333-333333333333',
      room_id: ROOM_ID,
    });
    expect(await screen.findByText('已分配给王考评')).toBeInTheDocument();
  });

  it('the plan’s detail offers 考评任务 to its owner, not to the platform’s approval', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1] }) });
    installFakeNetwork({});
    const { unmount } = renderPage(
      '/evaluation-list/detail/p',
      <EvaluationDetailContent plan={planDetail()} examTasks />,
    );
    expect(await screen.findByRole('tab', { name: '考评任务' })).toBeInTheDocument();
    unmount();
    renderPage('/evaluation-approve/detail/p', <EvaluationDetailContent plan={planDetail()} />);
    expect(await screen.findByRole('tab', { name: '成绩' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '考评任务' })).toBeNull();
  });
});
