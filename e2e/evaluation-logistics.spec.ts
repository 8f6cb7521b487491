import { call, draftPlan, idNumber } from './evaluation-plans.ts';
import { expect, keepMessageBox, loginWithPassword, test } from './fixtures.ts';
import { arrangeSeats, renderRoomTickets } from './seating.ts';

/**
 * An enterprise that seats its staff: qiye's approved plan (进行中) gets a session (API) and a room (场次与考场 tab),
 * 座位与准考证 seats its two candidates, 生成准考证 renders the room and its PDF holds each ticket.
 */
const PLAN_NAME = '电工四级集中考评（座位与准考证）';
const people = [
  { name: '周考场', id_number: idNumber(701) },
  { name: '吴座位', id_number: idNumber(702) },
];

test('评价计划: session and room → 编排考场 → 生成准考证 → a room’s tickets read', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await keepMessageBox(page);
  const { id, token } = await draftPlan(request, PLAN_NAME);
  const path = `/api/levelEvaluations/${id}`;
  await call(request, token, 'POST', `${path}/candidates`, { candidates: people });
  await call(request, token, 'POST', `${path}/submit`);
  await call(request, token, 'POST', `${path}/review`, { action: 'approve', reason: null });
  await call(request, token, 'POST', `${path}/sessions`, {
    method: 1,
    name: '上午场',
    start_time: '2026-03-01 09:00',
    end_time: '2026-03-01 11:00',
  });

  await loginWithPassword(page, 'qiye');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/evaluation-list/detail/${id}`);

  await test.step('场次与考场: 新增考场 in the session', async () => {
    await page.getByRole('tab', { name: '场次与考场' }).click();
    const session = page.getByRole('region', { name: '场次 01' });
    await session.getByRole('button', { name: '新增考场' }).click();
    const dialog = page.getByRole('dialog', { name: '新增考场' });
    await dialog.getByLabel('考场名称').fill('第一考场');
    await dialog.getByLabel('座位数').fill('10');
    await dialog.getByLabel('考场地址').fill('公司培训中心 201 室');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(session.getByText('001 第一考场')).toBeVisible();
  });

  let tickets: Record<string, string> = {};
  await test.step('座位与准考证: 编排考场 seats both candidates and fixes their ticket numbers', async () => {
    await page.getByRole('tab', { name: '座位与准考证' }).click();
    await page.getByRole('region', { name: '编排考场' }).getByRole('radio', { name: '顺序编排' }).check();
    tickets = await arrangeSeats(
      page,
      people.map((p) => p.name),
    );
  });

  await test.step('生成准考证 renders the room; its PDF holds each ticket with the enterprise as 评价机构', async () => {
    const pdf = await renderRoomTickets(page);
    expect(pdf.pages).toBe(2);
    const text = pdf.texts.join('');
    const first = people.find((p) => tickets[p.name]!.endsWith('001'))!;
    expect(text).toContain(first.name);
    expect(text).toContain(tickets[first.name]!);
    expect(text).toContain('评价机构');
    expect(text).toContain('座位号：001');
    expect(text).not.toContain(first.id_number);
  });
});
