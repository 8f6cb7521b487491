import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { signInExaminer, TASK_ID, taskRow } from './exam-task-fixtures';
import { ExamTaskListPage } from './exam-task-list-page';

const dict = ok({
  exam_task_status: [
    { label: '待开始', value: 0 },
    { label: '进行中', value: 1 },
    { label: '已提交', value: 2 },
    { label: '已退回', value: 3 },
    { label: '已完成', value: 4 },
  ],
  exam_task_kind: [
    { label: '阅卷', value: 1 },
    { label: '实操评分', value: 2 },
  ],
});

function renderList(routes: Parameters<typeof installFakeNetwork>[0]) {
  clearDictCache();
  const network = installFakeNetwork({ ...signInExaminer(), 'POST /api/dict': dict, ...routes });
  return { network, ...renderPage('/exam-task', <ExamTaskListPage />) };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('考评任务 (the examiner task list)', () => {
  it('lists the tasks with kind, progress done/total, deadline and state; a returned task says why', async () => {
    renderList({
      'GET /api/examTasks': paged(
        [
          taskRow(),
          taskRow({
            _id: 'task-2',
            plan_name: '退回的计划',
            status: 3,
            status_text: '已退回',
            return_reason: '第2题评分过严',
          }),
        ],
        12,
      ),
    });
    const row = await rowOf('2026年电工四级评价');
    expect(within(row).getByText('阅卷')).toBeInTheDocument();
    expect(within(row).getByText('1/3')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-20')).toBeInTheDocument();
    expect(within(row).getByText('进行中')).toBeInTheDocument();
    const returned = await rowOf('退回的计划');
    expect(within(returned).getByText('退回原因：第2题评分过严')).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
  });

  it('filters by state and kind from page 1', async () => {
    const { network } = renderList({ 'GET /api/examTasks': paged([taskRow()]) });
    await rowOf('2026年电工四级评价');
    const form = screen.getByRole('form', { name: '考评任务搜索' });
    await userEvent.click(within(form).getByLabelText('状态'));
    await userEvent.click(await screen.findByTitle('已退回'));
    await userEvent.click(within(form).getByLabelText('任务类型'));
    await userEvent.click(await screen.findByTitle('实操评分'));
    await userEvent.type(within(form).getByLabelText('关键词'), '电工');
    await userEvent.click(within(form).getByRole('button', { name: buttonName('搜索') }));
    await waitFor(() => expect(network.callsTo('GET /api/examTasks').at(-1)!.query.get('status')).toBe('3'));
    const last = network.callsTo('GET /api/examTasks').at(-1)!.query;
    expect(last.get('kind')).toBe('2');
    expect(last.get('keyword')).toBe('电工');
    expect(last.get('page')).toBe('1');
  });

  it('评分 opens the scoring page of the task', async () => {
    const { location } = renderList({ 'GET /api/examTasks': paged([taskRow()]) });
    const row = await rowOf('2026年电工四级评价');
    await userEvent.click(await within(row).findByRole('button', { name: buttonName('评分') }));
    await waitFor(() => expect(location()).toBe(`/exam-task/score/${TASK_ID}`));
  });

  it('a submitted task offers 查看 only', async () => {
    renderList({ 'GET /api/examTasks': paged([taskRow({ status: 2, status_text: '已提交' })]) });
    const row = await rowOf('2026年电工四级评价');
    expect(await within(row).findByRole('button', { name: buttonName('查看') })).toBeInTheDocument();
  });

  it('no task yet: says so', async () => {
    renderList({ 'GET /api/examTasks': paged([]) });
    expect(await screen.findByText('暂无考评任务，考核计划分配评分任务后会显示在这里')).toBeInTheDocument();
  });

  it('a failed read shows the message and 重新获取', async () => {
    renderList({ 'GET /api/examTasks': fail(500, '服务器开小差了', 500) });
    expect((await screen.findAllByText('服务器开小差了')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: /重新获取/ })).toBeInTheDocument();
  });
});
