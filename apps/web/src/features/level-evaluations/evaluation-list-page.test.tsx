import { NO_APPROVED_FILING } from '@skill-cert/shared/level-evaluations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { options, planRow } from '@/test/level-evaluations';
import { renderPage } from '@/test/render';
import { pickOption } from '@/test/ui';
import { EvaluationListPage } from './evaluation-list-page';

const draft = planRow({ _id: 'e-draft', plan_no: null, name: '草稿计划', status: 0, status_text: '草稿' });
const pending = planRow({ _id: 'e-pending', name: '待审批计划', status: 1, status_text: '待审批' });
const running = planRow({ _id: 'e-running', name: '进行中计划', status: 2, status_text: '进行中' });
const rejected = planRow({ _id: 'e-rejected', name: '驳回计划', status: 9, status_text: '已驳回' });

const actionsOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  return [...row.querySelectorAll('td:last-child button')].map((b) => b.textContent?.replace(/\s/g, ''));
};

describe('the evaluation list', () => {
  it('shows the actions each state allows', async () => {
    installFakeNetwork({
      'GET /api/levelEvaluations': paged([draft, pending, running, rejected]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/evaluation-list', <EvaluationListPage />);
    expect(await actionsOf('草稿计划')).toEqual(['查看', '编辑', '提交审批', '删除']);
    expect(await actionsOf('待审批计划')).toEqual(['查看']);
    expect(await actionsOf('进行中计划')).toEqual(['查看', '录入成绩']);
    expect(await actionsOf('驳回计划')).toEqual(['查看', '编辑', '提交审批']);
    expect(screen.getByText('提交后生成')).toBeInTheDocument();
  });

  it('the filters reach the query', async () => {
    // A day of the month the calendar opens on.
    const day = dayjs().date(15).format('YYYY-MM-DD');
    const network = installFakeNetwork({
      'GET /api/levelEvaluations': paged([running]),
      'GET /api/levelEvaluations/options': ok(options),
    });
    renderPage('/evaluation-list', <EvaluationListPage />);
    await screen.findByText('进行中计划');
    const form = document.querySelector<HTMLElement>('form[aria-label="评价搜索"]') as HTMLElement;
    await userEvent.type(within(form).getByPlaceholderText('评价名称或计划编号'), ' 电工 ');
    await pickOption(within(form).getByLabelText('状态'), '进行中');
    await pickOption(within(form).getByLabelText('等级'), '四级/中级工');
    // The calendar loads with the first list that has a date filter: wait for it, not for its stand-in box.
    const start = await waitFor(() => {
      // The stand-in box is read-only; the calendar's own is typed into.
      const input = within(form).getByPlaceholderText('开始日期');
      expect(input).not.toHaveAttribute('readonly');
      return input;
    });
    await userEvent.click(start);
    await userEvent.click(
      await waitFor(() => document.querySelector<HTMLElement>(`td[title="${day}"]`) as HTMLElement),
    );
    await userEvent.click(
      within(form)
        .getByText(/^搜\s?索$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() =>
      expect(Object.fromEntries(network.callsTo('GET /api/levelEvaluations').at(-1)?.query ?? [])).toEqual({
        keyword: '电工',
        status: '2',
        level: '4',
        start_date: day,
        page: '1',
        per_page: '10',
      }),
    );
  });

  it('without an approved filing (code 61) the page says why and leads to 备案申请', async () => {
    installFakeNetwork({ 'GET /api/levelEvaluations': fail(61, NO_APPROVED_FILING) });
    const { location } = renderPage('/evaluation-list', <EvaluationListPage />);
    expect(await screen.findByText('暂不能开展等级评价')).toBeInTheDocument();
    expect(screen.getAllByText(NO_APPROVED_FILING).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText('前往备案申请').closest('button') as HTMLElement);
    await waitFor(() => expect(location()).toBe('/record-application'));
  });
});
