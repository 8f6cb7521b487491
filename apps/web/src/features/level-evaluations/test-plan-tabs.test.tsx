import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { type FakeRequest, fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderWithProviders } from '@/test/render';
import { ExamSessionsPanel } from './components/exam-sessions-panel';
import { ExamineePanel, IMPORT_STARTED } from './components/examinee-panel';
import { ScoreTable } from './components/score-table';
import { SeatingPanel } from './components/seating-panel';
import {
  examinee,
  ROOM_ID,
  SESSION_ID,
  sessionList,
  signInInstitution,
  TEST_PLAN_ID,
  testPlanAbilities,
  testPlanDetail,
  ticketOverview,
} from './test-plan-fixtures';

const PLAN = `/api/testPlans/${TEST_PLAN_ID}`;

function install(routes: Parameters<typeof installFakeNetwork>[0]) {
  clearDictCache();
  return installFakeNetwork({ ...signInInstitution(), 'POST /api/dict': ok({}), ...routes });
}
const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('场次与考场', () => {
  it('sessions with their rooms, seats and warnings; without the edit ability nothing to change', async () => {
    install({ [`GET ${PLAN}/sessions`]: ok(sessionList()) });
    renderWithProviders(<ExamSessionsPanel plan={testPlanDetail()} />);
    const session = await screen.findByRole('region', { name: '场次 01' });
    expect(within(session).getByText('理论知识考试')).toBeInTheDocument();
    expect(within(session).getByText('2026-03-01 09:00 至 2026-03-01 11:00')).toBeInTheDocument();
    const room = await rowOf('001 第一考场');
    expect(within(room).getByText('30 / 0')).toBeInTheDocument();
    expect(within(room).getByText('第一考场：监考人员少于2名')).toBeInTheDocument();
    expect(screen.getByText('技能操作考核尚未安排场次')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增场次/ })).toBeNull();
    expect(within(room).queryByRole('button', { name: buttonName('编辑') })).toBeNull();
  });

  it('a room with fewer than two invigilators is warned about, and saved all the same', async () => {
    const network = install({
      [`GET ${PLAN}/sessions`]: ok(sessionList()),
      [`POST ${PLAN}/rooms`]: ok(sessionList()),
    });
    renderWithProviders(
      <ExamSessionsPanel
        plan={testPlanDetail({ abilities: testPlanAbilities({ can_edit_sessions: true }) })}
      />,
    );
    const session = await screen.findByRole('region', { name: '场次 01' });
    await userEvent.click(within(session).getByRole('button', { name: '新增考场' }));
    const form = await screen.findByRole('form', { name: '考场' });
    await userEvent.click(
      within(await dialogWith('新增考场')).getByRole('button', { name: buttonName('保存') }),
    );
    expect(await within(form).findByText('请输入考场名称')).toBeInTheDocument();
    expect(within(form).getByText('请输入座位数')).toBeInTheDocument();
    expect(within(form).getByText('请输入考场地址')).toBeInTheDocument();
    expect(within(form).getByText('监考人员少于2名（各地标准不同，可保存）')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('考场名称'), '第二考场');
    await userEvent.type(within(form).getByLabelText('座位数'), '30');
    await userEvent.type(within(form).getByLabelText('考场地址'), '一号实训楼 202 室');
    await userEvent.type(within(form).getByLabelText('监考人员'), '周监考{Enter}');
    await userEvent.click(
      await within(await dialogWith('新增考场')).findByRole('button', { name: buttonName('保存') }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/rooms`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/rooms`)[0].body).toEqual({
      session_id: SESSION_ID,
      name: '第二考场',
      room_type: 1,
      seats: 30,
      address: '一号实训楼 202 室',
      invigilators: ['周监考'],
      examiners: [],
    });
  });

  it('删除 a room confirms first; the server refuses one with seated examinees', async () => {
    const network = install({
      [`GET ${PLAN}/sessions`]: ok(sessionList()),
      [`DELETE ${PLAN}/rooms/${ROOM_ID}`]: fail(400, '该考场已编排考生，不能删除'),
    });
    renderWithProviders(
      <ExamSessionsPanel
        plan={testPlanDetail({ abilities: testPlanAbilities({ can_edit_sessions: true }) })}
      />,
    );
    await userEvent.click(
      within(await rowOf('001 第一考场')).getByRole('button', { name: buttonName('删除') }),
    );
    const dialog = await dialogWith('确定删除考场“第一考场”吗？');
    expect(network.callsTo(`DELETE ${PLAN}/rooms/${ROOM_ID}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText('该考场已编排考生，不能删除')).toBeInTheDocument();
  });
});

describe('考生', () => {
  const pending = examinee(0);
  const rejected = examinee(1, { status: 2, status_text: '已驳回', review_reason: '照片不清晰' });
  const seated = examinee(2, {
    status: 1,
    status_text: '已通过',
    ticket_no: '260001000101001001',
    seats: [
      {
        session_id: SESSION_ID,
        session_code: '01',
        session_name: '上午场',
        method: 1,
        method_text: '理论知识考试',
        start_time_str: '2026-03-01 09:00',
        end_time_str: '2026-03-01 11:00',
        room_id: ROOM_ID,
        room_code: '001',
        room_name: '第一考场',
        room_type_text: '笔试',
        address: '一号实训楼 201 室',
        seat_no: 1,
      },
    ],
  });
  const examinees = { [`GET ${PLAN}/examinees`]: paged([pending, rejected, seated]) };
  const registering = (abilities: Parameters<typeof testPlanAbilities>[0]) =>
    testPlanDetail({ abilities: testPlanAbilities(abilities) });

  it('each registration with its review; reading only without the abilities', async () => {
    install(examinees);
    renderWithProviders(<ExamineePanel plan={registering({})} />);
    expect(within(await rowOf('李二')).getByText('驳回原因：照片不清晰')).toBeInTheDocument();
    expect(within(await rowOf('赵三')).getByText('260001000101001001')).toBeInTheDocument();
    expect(within(await rowOf('王一')).getByText('待审核')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加考生/ })).toBeNull();
    expect(within(await rowOf('王一')).queryByRole('button', { name: buttonName('通过') })).toBeNull();
    expect(within(await rowOf('李二')).queryByRole('button', { name: '重新提交' })).toBeNull();
  });

  it('通过 one registration; 驳回 the selected needs a reason', async () => {
    const network = install({
      ...examinees,
      [`POST ${PLAN}/examinees/review`]: (request: FakeRequest) =>
        ok(
          (request.body as { action: string }).action === 'approve'
            ? { approved: 1, rejected: 0 }
            : { approved: 0, rejected: 1 },
        ),
    });
    renderWithProviders(<ExamineePanel plan={registering({ can_review_examinees: true })} />);
    await userEvent.click(within(await rowOf('王一')).getByRole('button', { name: buttonName('通过') }));
    await userEvent.click(
      within(await dialogWith('确定通过')).getByRole('button', { name: buttonName('通过') }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examinees/review`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/examinees/review`)[0].body).toEqual({
      examinee_ids: ['e-1'],
      action: 'approve',
    });

    await userEvent.click(screen.getByRole('checkbox', { name: '选择 王一' }));
    expect(screen.getByRole('checkbox', { name: '选择 赵三' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '批量驳回' }));
    const dialog = await dialogWith('驳回原因');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('驳回') }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '照片不清晰');
    await userEvent.click(await within(dialog).findByRole('button', { name: buttonName('驳回') }));
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examinees/review`)).toHaveLength(2));
    expect(network.callsTo(`POST ${PLAN}/examinees/review`)[1].body).toEqual({
      examinee_ids: ['e-1'],
      action: 'reject',
      reason: '照片不清晰',
    });
  });

  it('添加考生 checks the ID number as the server does, then adds the examinee 待审核', async () => {
    const network = install({ ...examinees, [`POST ${PLAN}/examinees`]: ok([examinee(3)]) });
    renderWithProviders(<ExamineePanel plan={registering({ can_edit_examinees: true })} />);
    await userEvent.click(await screen.findByRole('button', { name: /添加考生/ }));
    const form = await screen.findByRole('form', { name: '添加考生' });
    await userEvent.type(within(form).getByLabelText('姓名'), '钱四');
    await userEvent.type(within(form).getByLabelText('证件号码'), '110101199001010012');
    await userEvent.click(
      within(await dialogWith('添加考生')).getByRole('button', { name: buttonName('添加') }),
    );
    expect(await within(form).findByText('证件号码校验不通过，请核对')).toBeInTheDocument();
    expect(network.callsTo(`POST ${PLAN}/examinees`)).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('证件号码'));
    await userEvent.type(within(form).getByLabelText('证件号码'), '110101199001010015');
    await userEvent.type(within(form).getByLabelText('工作单位/部门'), '示例电力公司');
    await userEvent.click(
      await within(await dialogWith('添加考生')).findByRole('button', { name: buttonName('添加') }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examinees`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/examinees`)[0].body).toMatchObject({
      examinees: [{ name: '钱四', id_type: 1, id_number: '110101199001010015', work_unit: '示例电力公司' }],
    });
    expect(await screen.findByText('已添加考生，待审核')).toBeInTheDocument();
  });

  it('导入考生 sends the sheet to the plan and says the result will come as a message', async () => {
    const network = install({ ...examinees, [`POST ${PLAN}/examinees/import`]: ok({ job_id: 'job-1' }) });
    renderWithProviders(<ExamineePanel plan={registering({ can_edit_examinees: true })} />);
    await userEvent.click(await screen.findByRole('button', { name: /导入考生/ }));
    const dialog = await dialogWith('下载模板');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([80, 75, 3, 4])], '考生名单.xlsx'),
    );
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText(IMPORT_STARTED)).toBeInTheDocument();
    expect(network.callsTo(`POST ${PLAN}/examinees/import`)).toHaveLength(1);
  });

  it('重新提交 a corrected 驳回 registration; a seated examinee’s own ticket downloads', async () => {
    const network = install({
      ...examinees,
      [`POST ${PLAN}/examinees/e-2/resubmit`]: ok({ ...rejected, status: 0, status_text: '待审核' }),
      [`GET ${PLAN}/examinees/e-3/ticket`]: fail(400, '该考生尚未编排考场'),
    });
    renderWithProviders(
      <ExamineePanel plan={registering({ can_edit_examinees: true, can_render_tickets: true })} />,
    );
    await userEvent.click(within(await rowOf('李二')).getByRole('button', { name: '重新提交' }));
    await userEvent.click(
      within(await dialogWith('确定重新提交')).getByRole('button', { name: buttonName('确定') }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/examinees/e-2/resubmit`)).toHaveLength(1));

    expect(within(await rowOf('王一')).queryByRole('button', { name: /准考证/ })).toBeNull();
    await userEvent.click(within(await rowOf('赵三')).getByRole('button', { name: /准考证/ }));
    await waitFor(() => expect(network.callsTo(`GET ${PLAN}/examinees/e-3/ticket`)).toHaveLength(1));
    expect(await screen.findByText('下载失败：该考生尚未编排考场')).toBeInTheDocument();
  });
});

describe('编排与准考证', () => {
  const tickets = {
    [`GET ${PLAN}/tickets`]: ok(ticketOverview()),
    [`GET ${PLAN}/seats`]: paged([]),
    [`GET ${PLAN}/sessions`]: ok(sessionList()),
  };

  it('编排考场 by work unit: confirmed, then the seated count and the pairs no order could avoid', async () => {
    const network = install({
      ...tickets,
      [`POST ${PLAN}/seating`]: ok({
        seated: 28,
        adjacent_pairs: 2,
        warnings: ['第一考场：示例电力公司 20 人超过考场一半'],
      }),
    });
    renderWithProviders(
      <SeatingPanel plan={testPlanDetail({ abilities: testPlanAbilities({ can_seat: true }) })} />,
    );
    const card = await screen.findByRole('region', { name: '编排考场' });
    expect(within(card).getByRole('radio', { name: '按工作单位打乱' })).toBeChecked();
    await userEvent.click(within(card).getByRole('button', { name: '编排考场' }));
    await userEvent.click(
      within(await dialogWith('编排后考生的准考证号即固定')).getByRole('button', {
        name: buttonName('确定'),
      }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/seating`)).toHaveLength(1));
    expect(network.callsTo(`POST ${PLAN}/seating`)[0].body).toEqual({ mode: 2 });
    expect(
      await within(card).findByText('已编排 28 名考生，有 2 对同单位考生座位相邻（无法避免）'),
    ).toBeInTheDocument();
    expect(within(card).getByText('第一考场：示例电力公司 20 人超过考场一半')).toBeInTheDocument();
  });

  it('seated already: 重新编排考场 keeps the ticket numbers; without the ability no button', async () => {
    install(tickets);
    const { unmount } = renderWithProviders(
      <SeatingPanel
        plan={testPlanDetail({
          status: 11,
          seated_time_str: '2026-02-21 10:00:00',
          seating_mode: 1,
          abilities: testPlanAbilities({ can_seat: true }),
        })}
      />,
    );
    const card = await screen.findByRole('region', { name: '编排考场' });
    expect(within(card).getByRole('radio', { name: '顺序编排' })).toBeChecked();
    expect(within(card).getByRole('button', { name: '重新编排考场' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <SeatingPanel plan={testPlanDetail({ status: 12, seated_time_str: '2026-02-21 10:00:00' })} />,
    );
    const readOnly = await screen.findByRole('region', { name: '编排考场' });
    expect(within(readOnly).queryByRole('button', { name: /编排考场/ })).toBeNull();
  });

  it('生成准考证 starts the background job; while it renders its progress shows', async () => {
    let overview = ticketOverview();
    const network = install({
      ...tickets,
      [`GET ${PLAN}/tickets`]: () => ok(overview),
      [`POST ${PLAN}/tickets`]: () => {
        overview = ticketOverview({ status: 1, status_text: '生成中', rooms_done: 1, rooms_total: 3 });
        return ok(overview);
      },
    });
    renderWithProviders(
      <SeatingPanel
        plan={testPlanDetail({
          status: 11,
          examinee_counts: { pending: 0, approved: 28, rejected: 0, seated: 28 },
          abilities: testPlanAbilities({ can_render_tickets: true }),
        })}
      />,
    );
    const card = await screen.findByRole('region', { name: '准考证' });
    await userEvent.click(within(card).getByRole('button', { name: '生成准考证' }));
    await userEvent.click(
      within(await dialogWith('确定为已编排的 28 名考生生成准考证吗？')).getByRole('button', {
        name: buttonName('确定'),
      }),
    );
    await waitFor(() => expect(network.callsTo(`POST ${PLAN}/tickets`)).toHaveLength(1));
    expect(await within(card).findByText(/已完成 1 \/ 3 个考场/)).toBeInTheDocument();
    expect(await screen.findByText('已开始生成准考证，完成后将通过消息通知您')).toBeInTheDocument();
  });

  it("rendered: each room's PDF downloads (a refusal says why), and the zip is offered", async () => {
    const network = install({
      ...tickets,
      [`GET ${PLAN}/tickets`]: ok(
        ticketOverview({
          status: 2,
          status_text: '已生成',
          rooms_done: 1,
          rooms_total: 1,
          finish_time_str: '2026-02-21 10:05:00',
          rooms: [{ ...ticketOverview().rooms[0], file: { file_id: 'f1', webPath: '/api/files/f1' } }],
        }),
      ),
      [`GET ${PLAN}/tickets/rooms/${ROOM_ID}`]: fail(404, '文件不存在'),
    });
    renderWithProviders(
      <SeatingPanel
        plan={testPlanDetail({ status: 11, abilities: testPlanAbilities({ can_render_tickets: true }) })}
      />,
    );
    const card = await screen.findByRole('region', { name: '准考证' });
    expect(await within(card).findByRole('button', { name: /下载全部（ZIP）/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /下载 PDF/ }));
    await waitFor(() => expect(network.callsTo(`GET ${PLAN}/tickets/rooms/${ROOM_ID}`)).toHaveLength(1));
    expect(await screen.findByText('下载失败：文件不存在')).toBeInTheDocument();
  });
});

describe('成绩 of a test plan', () => {
  it('the score table reads the approved examinees and saves to the test plan', async () => {
    const approved = examinee(0, { status: 1, status_text: '已通过' });
    const network = install({
      [`GET ${PLAN}/examinees`]: paged([approved]),
      [`PATCH ${PLAN}/scores`]: ok([{ ...approved, scores: [{ method: 1, score: 88, mark: null }] }]),
    });
    renderWithProviders(
      <ScoreTable
        plan={testPlanDetail({ status: 13, abilities: testPlanAbilities({ can_edit_scores: true }) })}
      />,
    );
    const cell = await screen.findByLabelText('王一 理论知识考试');
    expect(network.callsTo(`GET ${PLAN}/examinees`)[0].query.get('status')).toBe('1');
    await userEvent.type(cell, '88');
    cell.blur();
    await waitFor(() => expect(network.callsTo(`PATCH ${PLAN}/scores`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${PLAN}/scores`)[0].body).toEqual({
      scores: [{ candidate_id: 'e-1', method: 1, score: 88, mark: null }],
    });
    expect(network.callsTo(`PATCH /api/levelEvaluations/${TEST_PLAN_ID}/scores`)).toHaveLength(0);
  });
});
