import type { APIRequestContext } from '@playwright/test';
import type { DictItemRow } from '@skill-cert/shared/dict';
import { call } from './evaluation-plans.ts';
import { DEMO_PASSWORD, expect, loginWithPassword, test } from './fixtures.ts';
import { dialogTitled, field, optionsOf, rowWith } from './ui.ts';

/**
 * 字典管理 on the real stack: kaoping's 考评任务 page has read 考评任务类型 (its 任务类型 filter) and keeps a copy for 30
 * minutes (spec §9). The platform admin renames 业绩评审 on /dict; kaoping reloads and the filter offers the new name at
 * once (the version on every answer drops the kept copy). The old name is put back at the end: other specs share
 * the server.
 */

const ORIGINAL = '业绩评审';

async function platformToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { name: 'pingtai', password: DEMO_PASSWORD } });
  return (await res.json()).data.token as string;
}

test('a dictionary label edited on /dict is shown after a reload where the dictionary is used', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const renamed = `业绩考核${Date.now().toString().slice(-5)}`;
  const examiner = await browser.newPage();
  const platform = await browser.newPage();
  const kindOptions = async () => {
    const kind = examiner.getByRole('form', { name: '考评任务搜索' }).getByLabel('任务类型');
    await kind.click();
    return optionsOf(kind);
  };
  try {
    await test.step('kaoping’s task list offers the kinds of the dictionary, and keeps a copy', async () => {
      await loginWithPassword(examiner, 'kaoping');
      await expect(examiner).toHaveURL(/\/exam-task$/);
      await expect(await kindOptions()).toContainText([ORIGINAL]);
      await examiner.keyboard.press('Escape');
      await expect
        .poll(() => examiner.evaluate(() => localStorage.getItem('Dict-Cache') ?? ''))
        .toContain(ORIGINAL);
    });

    await test.step('the platform admin renames it on /dict; the value stays read-only', async () => {
      await loginWithPassword(platform, 'pingtai');
      await expect(platform).toHaveURL(/\/company$/);
      await platform.goto('/dict');
      await platform.getByRole('menuitem', { name: '考评任务类型' }).click();
      await expect(platform.getByText('值固定')).toBeVisible();
      await rowWith(platform, ORIGINAL).getByRole('button', { name: '修改' }).click();
      const dialog = dialogTitled(platform, '修改字典项（考评任务类型）');
      await expect(field(dialog, '值')).toBeDisabled();
      await field(dialog, '名称').fill(renamed);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect(dialog).toBeHidden();
      await expect(rowWith(platform, renamed)).toBeVisible();
    });

    await test.step('kaoping reloads and the filter offers the new name', async () => {
      await examiner.reload();
      await expect(examiner).toHaveURL(/\/exam-task$/);
      await expect(async () => {
        const options = await kindOptions();
        await expect(options).toContainText([renamed], { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(await optionsOf(examiner.getByLabel('任务类型'))).not.toContainText([ORIGINAL]);
    });
  } finally {
    // Put the name back for the other specs.
    const token = await platformToken(request);
    const items = await call<DictItemRow[]>(request, token, 'GET', '/api/dictionaries/exam_task_kind/items');
    const item = items.find((i) => i.value === 3);
    if (item && item.label !== ORIGINAL)
      await call(request, token, 'PUT', `/api/dictItems/${item._id}`, {
        label: ORIGINAL,
        value: item.value,
        sort: item.sort,
        enabled: item.enabled,
        color: item.color,
      });
    await examiner.close();
    await platform.close();
  }
});
