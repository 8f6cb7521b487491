import { newStamp, signedInPage } from './enterprise.ts';
import { call, idNumber } from './evaluation-plans.ts';
import {
  DEMO_PASSWORD,
  expect,
  keepMessageBox,
  loginWithPassword,
  pushedMessage,
  socketBound,
  test,
} from './fixtures.ts';
import { dialogTitled } from './ui.ts';

/**
 * 审核中心 on the real stack: qiye's filing waits in pingtai's queue (the menu badge counts it); pingtai opens it, 驳回
 * asks for a reason, and the decision reaches qiye as a live message.
 */

const stamp = newStamp();
const REASON = `考核场地证明不全${stamp}`;

const person = (name: string, seq: number, phone: string) => ({
  name,
  id_number: idNumber(seq),
  phone,
  qualification: '电工 二级/技师',
});

test('a decision from 审核中心 reaches the enterprise as a message', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await keepMessageBox(page);
  const bound = socketBound(page);
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  await bound;

  const login = await request.post('/api/login', { data: { name: 'qiye', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const filing = await call<{ _id: string; record_no: string }>(
    request,
    token,
    'POST',
    '/api/recordApplications',
    {
      scopes: [{ occupation_code: '6-31-01-03', levels: [4] }],
      evaluation_basis: 1,
      sites: [{ name: `审核中心实训楼${stamp}`, region_code: '110108', address: '中关村大街1号' }],
      examiners: [person('张考评', 701, '13912347001')],
      supervisors: [person('李督导', 702, '13912347002')],
      submit: true,
    },
  );

  const platform = await signedInPage(browser, 'pingtai');
  await test.step('the 审核中心 menu shows what waits, and the queue finds the filing', async () => {
    await expect(platform.getByLabel(/^审核中心待处理 \d+ 项$/)).toBeVisible();
    await platform.getByRole('menuitem', { name: /审核中心/ }).click();
    await expect(platform).toHaveURL(/\/review$/);
    const search = platform.getByRole('form', { name: '审核中心搜索' });
    await search.getByPlaceholder('备案编号或单位名称').fill(filing.record_no);
    await search.getByRole('button', { name: '搜索' }).click();
    const row = platform.locator('tr', { hasText: filing.record_no });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('企业备案');
    await expect(row).toContainText('待审核');
    await row.getByRole('button', { name: '详情' }).click();
  });

  await test.step('驳回 from the detail needs a reason; the timeline shows the decision', async () => {
    const drawer = dialogTitled(platform, `企业备案 ${filing.record_no}`);
    await expect(drawer.getByRole('list', { name: '办理记录' })).toContainText('提交审核');
    await drawer.getByRole('button', { name: '驳回' }).click();
    const dialog = dialogTitled(platform, `驳回企业备案 ${filing.record_no}`);
    await dialog.getByRole('button', { name: '确定驳回' }).click();
    await expect(dialog.getByText('请输入驳回原因')).toBeVisible();
    await dialog.getByRole('textbox', { name: '驳回原因' }).fill(REASON);
    await dialog.getByRole('button', { name: '确定驳回' }).click();
    await expect(platform.getByText('已驳回').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByRole('list', { name: '办理记录' })).toContainText(REASON);
    await expect(drawer.getByRole('button', { name: '驳回' })).toHaveCount(0);
  });

  await test.step('the enterprise is told at once', async () => {
    const message = await pushedMessage(page, `您的备案申请（${filing.record_no}）被平台驳回：${REASON}`);
    await expect(message).toBeVisible();
  });
  await platform.context().close();
});
