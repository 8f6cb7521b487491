import type { SeatRow } from '@skill-cert/shared/level-evaluations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { abilities, PLAN_ID, planDetail } from '@/test/level-evaluations';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { EvaluationDetailContent } from './components/evaluation-detail-content';
import { sessionList, ticketOverview } from './test-plan-fixtures';

const PLAN = `/api/levelEvaluations/${PLAN_ID}`;

function install(routes: Parameters<typeof installFakeNetwork>[0] = {}) {
  clearDictCache();
  useSessionStore.setState({ user: makeUser({ roles: [1] }) });
  return installFakeNetwork({
    'POST /api/dict': ok({}),
    [`GET ${PLAN}/sessions`]: ok(sessionList()),
    [`GET ${PLAN}/tickets`]: ok(ticketOverview()),
    [`GET ${PLAN}/seats`]: paged([]),
    ...routes,
  });
}

/** An approved enterprise plan (进行中) with no score yet: its sessions, rooms and seating may change. */
const openPlan = (extra: Parameters<typeof planDetail>[0] = {}) =>
  planDetail({
    abilities: abilities({ can_edit_sessions: true, can_seat: true, can_render_tickets: true }),
    session_count: 1,
    room_count: 1,
    seat_total: 30,
    ...extra,
  });

const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

describe('an enterprise plan’s 场次与考场 and 座位与准考证 tabs', () => {
  it('the owner’s detail offers both tabs while they may change; the sessions come from the evaluation’s own routes', async () => {
    const network = install();
    renderPage(`/evaluation-list/detail/${PLAN_ID}`, <EvaluationDetailContent plan={openPlan()} logistics />);
    await userEvent.click(await screen.findByRole('tab', { name: '场次与考场' }));
    const session = await screen.findByRole('region', { name: '场次 01' });
    expect(within(session).getByText('理论知识考试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增场次/ })).toBeInTheDocument();
    expect(network.callsTo(`GET ${PLAN}/sessions`).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: '座位与准考证' })).toBeInTheDocument();
  });

  it('a plan that may not use them and has no session shows neither tab; nor does the approval’s detail', async () => {
    install();
    const { unmount } = renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailContent plan={planDetail()} logistics />,
    );
    expect(await screen.findByRole('tab', { name: '成绩' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '场次与考场' })).toBeNull();
    unmount();
    renderPage(`/evaluation-approve/detail/${PLAN_ID}`, <EvaluationDetailContent plan={openPlan()} />);
    expect(await screen.findByRole('tab', { name: '成绩' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '座位与准考证' })).toBeNull();
  });

  it('a plan scored already keeps its tabs to read: sessions without 新增场次', async () => {
    install();
    renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailContent plan={planDetail({ session_count: 1 })} logistics />,
    );
    await userEvent.click(await screen.findByRole('tab', { name: '场次与考场' }));
    expect(await screen.findByRole('region', { name: '场次 01' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增场次/ })).toBeNull();
  });

  it('座位与准考证 seats the plan’s candidates through POST /api/levelEvaluations/{id}/seating, counting candidates, not reviews', async () => {
    const network = install({ [`POST ${PLAN}/seating`]: ok({ seated: 3, adjacent_pairs: 0, warnings: [] }) });
    renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailContent plan={openPlan()} initialTab="seating" logistics />,
    );
    const card = await screen.findByRole('region', { name: '编排考场' });
    expect(within(card).getByText(/^考生 3 人，已编排 0 人/)).toBeInTheDocument();
    expect(within(card).queryByText(/已通过审核/)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: '编排考场' }));
    await userEvent.click(
      within(await dialogWith('编排后考生的准考证号即固定')).getByRole('button', {
        name: buttonName('确定'),
      }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/seating`)).toHaveLength(1));
    expect(await within(card).findByText('已编排 3 名考生')).toBeInTheDocument();
  });

  it('without the seating ability the card says when an evaluation plan can be seated', async () => {
    install();
    renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailContent plan={planDetail({ session_count: 1 })} initialTab="seating" logistics />,
    );
    const card = await screen.findByRole('region', { name: '编排考场' });
    expect(
      within(card).getByText('审批通过（进行中）且尚未录入成绩的评价计划可以编排考场。'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '编排考场' })).toBeNull();
  });

  it('a seated candidate’s own ticket downloads from the evaluation’s candidate route', async () => {
    const network = install({
      [`GET ${PLAN}/seats`]: paged<SeatRow>([
        {
          session_id: 's-1',
          room_id: 'r-1',
          session_code: '01',
          session_name: '上午场',
          method: 1,
          method_text: '理论知识考试',
          start_time_str: '2026-03-01 09:00',
          end_time_str: '2026-03-01 11:00',
          room_code: '001',
          room_name: '第一考场',
          room_type_text: '笔试',
          address: '公司培训中心 201 室',
          seat_no: 1,
          examinee_id: 'c-1',
          name: '王伟',
          id_number: '110101199001010011',
          work_unit: null,
          ticket_no: '260001000101001001',
        },
      ]),
      [`GET ${PLAN}/candidates/c-1/ticket`]: fail(404, '文件不存在'),
    });
    renderPage(
      `/evaluation-list/detail/${PLAN_ID}`,
      <EvaluationDetailContent plan={openPlan()} initialTab="seating" logistics />,
    );
    const row = (await screen.findByText('260001000101001001')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '下载王伟的准考证' }));
    await waitFor(() => expect(network.callsTo(`GET ${PLAN}/candidates/c-1/ticket`)).toHaveLength(1));
  });
});
