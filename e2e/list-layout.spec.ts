import type { APIRequestContext, Locator } from '@playwright/test';
import { isValidIdCard } from '@skill-cert/shared/id-card';
import { DEMO_PASSWORD, expect, loginWithPassword, test } from './fixtures.ts';
import { bodyRowsOf, busyOver, rowWith } from './ui.ts';

/**
 * The column rules of every list in a real browser: on every list page, at 1366×768 and 1920×1080, no header is crushed, no cell's
 * text wraps to more than two lines, no 计划编号 wraps at all, and no action button is cut off by the table's box
 * (the 操作 column stays in view when the table scrolls sideways). A 评价范围 cut short shows the whole in a tooltip.
 */

/** An 18-digit ID number with its check character (GB 11643). */
function idNumber(seq: number): string {
  const body = `11010119900101${String(100 + seq).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find((id) => isValidIdCard(id))!;
}

async function token(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/api/login', { data: { name, password: DEMO_PASSWORD } });
  return (await res.json()).data.token as string;
}

/** qiye's applications with a long 评价范围: a draft, and one submitted (it reaches the platform's queue). */
test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await token(request, 'qiye')}` };
  const scopes = [
    { occupation_code: '6-31-01-03', levels: [3, 4] },
    { occupation_code: '4-04-04-02', work_type: '网络安全管理员', levels: [2, 3, 4, 5] },
    { occupation_code: '4-07-05-04', work_type: '消防设施检测维修保养', levels: [3, 4] },
  ];
  const person = (seq: number) => ({
    name: `测试人员${seq}`,
    id_number: idNumber(seq),
    phone: `1390000${String(1000 + seq)}`,
    qualification: '电工 二级/技师',
  });
  for (const submit of [false, true]) {
    const res = await request.post('/api/recordApplications', {
      headers,
      data: {
        scopes,
        evaluation_basis: 1,
        sites: [
          { name: '第一实训基地（主楼三层电工实训室）', region_code: '110101', address: '东城区示例路1号' },
        ],
        examiners: [person(1)],
        supervisors: [person(2)],
        submit,
      },
    });
    expect((await res.json()).code, await res.text()).toBe(200);
  }
});

interface ListPage {
  account: 'qiye' | 'pingtai' | 'yunying';
  path: string;
  tab?: string;
}

const pages: ListPage[] = [
  { account: 'qiye', path: '/record-application' },
  { account: 'qiye', path: '/evaluation-list' },
  { account: 'qiye', path: '/user-list' },
  { account: 'qiye', path: '/user-application' },
  { account: 'qiye', path: '/certificate-template', tab: '证书模板' },
  { account: 'qiye', path: '/certificate-template', tab: '批量生成' },
  { account: 'qiye', path: '/archives-management' },
  { account: 'qiye', path: '/evaluation-approve' },
  { account: 'qiye', path: '/grant-certificate' },
  { account: 'pingtai', path: '/company', tab: '企业列表' },
  { account: 'pingtai', path: '/company', tab: '备案审核' },
  { account: 'pingtai', path: '/system/user' },
  { account: 'pingtai', path: '/system/role' },
  { account: 'pingtai', path: '/system/menu' },
  { account: 'pingtai', path: '/news' },
  { account: 'qiye', path: '/news/index' },
  { account: 'pingtai', path: '/banner' },
  { account: 'pingtai', path: '/certificate-report' },
  { account: 'pingtai', path: '/occupation' },
  { account: 'yunying', path: '/company', tab: '企业列表' },
];

/** What is wrong with the layout of `table` (the list on screen), in words (empty when nothing). */
function layoutProblems(table: Locator) {
  return table.evaluate((table) => {
    const problems: string[] = [];
    const lineCount = (cell: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects())
          if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 6)) tops.push(r.top);
      }
      return tops.length;
    };
    // The box the table can show: the table, cut by every scrolling or clipping ancestor and the window.
    const box = table.getBoundingClientRect();
    let left = box.left;
    let right = box.right;
    for (let el = table.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX === 'visible') continue;
      const r = el.getBoundingClientRect();
      left = Math.max(left, r.left);
      right = Math.min(right, r.right);
    }
    right = Math.min(right, document.documentElement.clientWidth);
    for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
      const text = th.textContent?.trim();
      if (!text) continue;
      if (lineCount(th) > 1 || th.scrollWidth > th.clientWidth + 1)
        problems.push(
          `header ${text} is narrower than its text (${Math.round(th.getBoundingClientRect().width)} px)`,
        );
    }
    for (const td of table.querySelectorAll<HTMLElement>('tbody td')) {
      const lines = lineCount(td);
      if (lines > 2) problems.push(`cell "${td.textContent?.slice(0, 30)}" wraps to ${lines} lines`);
    }
    // A plan number is never broken across lines: in its own column, or wherever it is shown.
    const headers = [...table.querySelectorAll<HTMLElement>('thead th')].map((th) => th.textContent?.trim());
    const planColumn = headers.indexOf('计划编号');
    const planCells =
      planColumn < 0
        ? []
        : [...table.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')].map(
            (tr) => tr.children[planColumn],
          );
    for (const no of [...planCells, ...table.querySelectorAll<HTMLElement>('.plan-no')])
      if (no && lineCount(no) > 1) problems.push(`计划编号 ${no.textContent} wraps`);
    for (const button of table.querySelectorAll<HTMLElement>('tbody td button, tbody td a')) {
      const r = button.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < left - 1 || r.right > right + 1)
        problems.push(
          `${button.textContent} is cut off (${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)})`,
        );
    }
    // A record's row, as rowsOf finds it.
    if (table.querySelectorAll('tbody tr[data-row-key]').length === 0) problems.push('no rows');
    return problems;
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  for (const account of ['qiye', 'pingtai', 'yunying'] as const) {
    test(`${account}'s lists at ${viewport.width}×${viewport.height}: no crushed column, no clipped action`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await loginWithPassword(page, account);
      await expect(page).not.toHaveURL(/\/login/);
      for (const list of pages.filter((p) => p.account === account)) {
        await test.step(`${list.path} ${list.tab ?? ''}`, async () => {
          await page.goto(list.path);
          if (list.tab) await page.getByRole('tab', { name: list.tab, exact: true }).click();
          // The list on screen: in the chosen tab's pane, not another pane nor a page kept open behind its tab.
          const shown = list.tab
            ? page.getByRole('tabpanel', { name: list.tab, exact: true })
            : page.getByRole('main');
          const table = shown.getByRole('table');
          // Lists without demo rows still show their headers; those with rows must have loaded them.
          await expect(bodyRowsOf(table).first()).toBeVisible();
          await expect(busyOver(table)).toHaveCount(0);
          const problems = (await layoutProblems(table)).filter(
            (p) => p !== 'no rows' || !['/certificate-template', '/user-application'].includes(list.path),
          );
          await page.screenshot({
            path: test.info().outputPath(`${list.path.replaceAll('/', '_')}${list.tab ?? ''}.png`),
          });
          expect(problems, `${list.path} ${list.tab ?? ''}`).toEqual([]);
        });
      }
    });
  }
}

test('a 评价范围 cut short at 1366×768 shows the whole of it in a tooltip', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginWithPassword(page, 'qiye');
  await expect(page).toHaveURL(/\/record-application$/);
  const long = '网络安全管理员';
  // qiye's draft with the long 评价范围 (beforeAll); other tests' drafts may be newer and empty.
  const draft = rowWith(page.getByRole('main').getByRole('table'), '草稿').filter({ hasText: long }).first();
  // The 评价范围 text (the only one naming 电工), in its box cut with an ellipsis.
  const cell = draft.getByText(/电工/);
  await expect(cell).toBeVisible();
  // Cut: its text is wider than its box.
  expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await cell.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(long);
  await expect(tooltip).toContainText('消防设施检测维修保养');
});
