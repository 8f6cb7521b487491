import { newStamp, signedInPage } from './enterprise.ts';
import { call, draftPlan, idNumber } from './evaluation-plans.ts';
import { expect, loginWithPassword, test } from './fixtures.ts';

/**
 * 考评员端 on the real stack: qiye's plan in 进行中 splits 理论 into two items and assigns its 一评 to 柯萍 (kaoping, the
 * filing's first examiner). kaoping opens the task from 考评任务 and scores both examinees by keyboard alone (Enter to
 * the next item and the next examinee; each score saves as typed), submits; qiye sees the totals in 成绩, read-only
 * with who marked them. qiye returns one examinee with a reason: kaoping's task reads 已退回 and only that examinee
 * opens again.
 */

const stamp = newStamp();
const PLAN_NAME = `阅卷计划${stamp}`;
const people = ['甲', '乙'].map((n, i) => ({
  name: `阅卷考生${n}${stamp.slice(-3)}`,
  id_number: idNumber(700 + i),
}));

test('kaoping scores a written task by keyboard, submits; the owner sees the scores; a return reopens one examinee', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { id, token } = await draftPlan(request, PLAN_NAME);
  const path = `/api/levelEvaluations/${id}`;
  await call(request, token, 'POST', `${path}/candidates`, { candidates: people });
  await call(request, token, 'POST', `${path}/submit`);
  await call(request, token, 'POST', `${path}/review`, { action: 'approve', reason: null });
  await call(request, token, 'PUT', `${path}/marking/1`, {
    items: [
      { name: '选择题', max: 40 },
      { name: '简答题', max: 60 },
    ],
  });
  const plan = await call<{ examiners: { _id: string; name: string }[] }>(request, token, 'GET', path);
  await call(request, token, 'POST', `${path}/examTasks`, {
    person_id: plan.examiners[0]!._id,
    method: 1,
    round: 1,
  });

  await test.step('kaoping scores both examinees by keyboard and submits', async () => {
    await loginWithPassword(page, 'kaoping');
    await expect(page).toHaveURL(/\/exam-task$/);
    await page.getByRole('form', { name: '考评任务搜索' }).getByLabel('关键词').fill(PLAN_NAME);
    await page
      .getByRole('form', { name: '考评任务搜索' })
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    const row = page.getByRole('row').filter({ hasText: PLAN_NAME });
    await expect(row).toContainText('待开始');
    await expect(row).toContainText('0/2');
    await row.getByRole('button', { name: /评\s*分/ }).click();
    await expect(page).toHaveURL(/\/exam-task\/score\/[0-9a-f-]{36}$/);
    const sheet = page.getByRole('table', { name: '评分表' });
    await expect(sheet.getByRole('row')).toHaveCount(3);
    await expect(page.getByText('阅卷考生')).toHaveCount(0);

    const first = sheet.getByRole('textbox').first();
    await first.focus();
    await page.keyboard.type('35');
    await page.keyboard.press('Enter');
    await page.keyboard.type('55');
    await page.keyboard.press('Enter');
    await page.keyboard.type('30.5');
    await page.keyboard.press('Enter');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await expect(page.getByText('已评完 2/2')).toBeVisible();
    await expect(page.getByRole('status', { name: '保存状态' })).toHaveText('评分已自动保存');

    // Saved as typed: a reload reads them back.
    await page.reload();
    await expect(sheet.getByRole('textbox').nth(2)).toHaveValue('30.5');

    await page.getByRole('button', { name: /提\s*交/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定提交 2 名考生的评分吗' });
    await confirm.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('评分已提交')).toBeVisible();
    await expect(page.getByText('任务已提交，不能再修改评分')).toBeVisible();
  });

  const owner = await signedInPage(browser, 'qiye');
  await test.step('qiye sees the totals in 成绩, read-only with who marked them', async () => {
    await owner.goto(`/evaluation-list/detail/${id}`);
    await owner.getByRole('tab', { name: '成绩' }).click();
    const scores = owner.getByRole('row').filter({ hasText: '考评员评分：柯萍' });
    await expect(scores).toHaveCount(2);
    await expect(owner.getByRole('cell', { name: /^90\s*考评员评分：柯萍/ })).toBeVisible();
    await expect(owner.getByRole('cell', { name: /^80\.5\s*考评员评分：柯萍/ })).toBeVisible();
  });

  await test.step('qiye returns one examinee; kaoping sees the task returned with only that examinee open', async () => {
    await owner.getByRole('tab', { name: '考评任务' }).click();
    const rounds = owner.getByRole('row').filter({ hasText: '柯萍（密号' });
    await expect(rounds).toHaveCount(2);
    const returned = rounds.first();
    const code = (await returned.textContent())?.match(/密号 (\d+)/)?.[1] ?? '';
    await returned.getByRole('button', { name: '退回该考生' }).click();
    const dialog = owner.getByRole('dialog').filter({ hasText: '退回原因' });
    await dialog.getByLabel('退回原因').fill('简答题请复核');
    await dialog.getByRole('button', { name: /退\s*回/ }).click();
    await expect(owner.getByText(/已退回.*考评员将重新评分/)).toBeVisible();

    await page.goto('/exam-task');
    await page.getByRole('form', { name: '考评任务搜索' }).getByLabel('关键词').fill(PLAN_NAME);
    await page
      .getByRole('form', { name: '考评任务搜索' })
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    const row = page.getByRole('row').filter({ hasText: PLAN_NAME });
    await expect(row).toContainText('已退回');
    await expect(row).toContainText('简答题请复核');
    await row.getByRole('button', { name: /评\s*分/ }).click();
    const reopened = page.getByRole('row', { name: `考生 ${code}` });
    await expect(reopened).toContainText('退回原因：简答题请复核');
    await expect(reopened.getByRole('textbox').first()).toBeEnabled();
    const other = page
      .getByRole('table', { name: '评分表' })
      .getByRole('row')
      .filter({ hasNotText: code })
      .nth(1);
    await expect(other.getByRole('textbox').first()).toBeDisabled();
  });
});
