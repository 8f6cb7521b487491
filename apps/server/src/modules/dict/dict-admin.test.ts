import type { RoleRow } from '@skill-cert/shared/access';
import {
  DICT_VERSION_HEADER,
  type DictData,
  type DictItemBody,
  type DictItemRow,
  type DictionaryRow,
} from '@skill-cert/shared/dict';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { ensureDefaultAccess } from '../access/defaults.ts';
import { accessSeededMenus, menus } from '../access/tables.ts';
import { auditLog } from '../audit/tables.ts';
import { dictionaries } from './dictionaries.ts';
import { ensureDictionaries } from './service.ts';
import { dictItems, dictSeededItems } from './tables.ts';

const ctx = useTestApp();

let platform: string;
beforeEach(async () => {
  // Between tests the tables are emptied and seeded again behind the store's back (on PostgreSQL it sees no write).
  ctx.app.dictionaries.forget();
  platform = (await login(ctx.app, 'pingtai')).token;
});

async function served(token: string, ...names: string[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/dict',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: names.map((n) => `params[]=${n}`).join('&'),
  });
  return { body: res.json(), version: res.headers[DICT_VERSION_HEADER.toLowerCase()] as string | undefined };
}
const dict = async (token: string, ...names: string[]): Promise<DictData> => {
  const { body } = await served(token, ...names);
  expect(body.code, body.message).toBe(200);
  return body.data;
};

const items = async (name: string, token = platform) =>
  api<DictItemRow[]>(ctx.app, 'GET', `/api/dictionaries/${name}/items`, { token });
const itemOf = async (name: string, value: number | string) => {
  const res = await items(name);
  const found = res.body.data.find((i) => String(i.value) === String(value));
  if (!found) throw new Error(`no ${name} ${value}`);
  return found;
};
const bodyOf = (i: DictItemRow, over: Partial<DictItemBody> = {}): DictItemBody => ({
  label: i.label,
  value: i.value,
  sort: i.sort,
  enabled: i.enabled,
  color: i.color,
  ...over,
});
const save = (i: DictItemRow, over: Partial<DictItemBody>, token = platform) =>
  api<DictItemRow>(ctx.app, 'PUT', `/api/dictItems/${i._id}`, { token, body: bodyOf(i, over) });

describe('dictionaries are data seeded from the code', () => {
  it('every dictionary of the code is served from the table with the same items', async () => {
    const names = Object.keys(dictionaries);
    const data = await dict(platform, ...names);
    for (const name of names) expect([name, data[name]]).toEqual([name, dictionaries[name]]);
  });

  it('the seed adds what is missing by name and value and keeps an administrator’s edits', async () => {
    const pending = await itemOf('exam_task_status', 0);
    expect((await save(pending, { label: '未开始', sort: 99, color: '#ff0000' })).body.code).toBe(200);
    const { db } = ctx.app;
    // A release added an item to the code: a database that lacks it (and never had it) gets it.
    await db
      .delete(dictItems)
      .where(and(eq(dictItems.dictName, 'exam_task_status'), eq(dictItems.value, '1')));
    await db
      .delete(dictSeededItems)
      .where(and(eq(dictSeededItems.dictName, 'exam_task_status'), eq(dictSeededItems.value, '1')));
    expect(await ensureDictionaries(db)).toBe(1);
    expect(await ensureDictionaries(db)).toBe(0);
    const after = (await items('exam_task_status')).body.data;
    expect(after.find((i) => i.value === 0)).toMatchObject({ label: '未开始', sort: 99, color: '#ff0000' });
    expect(after.find((i) => i.value === 1)?.label).toBe('进行中');
  });

  it('an item deleted from a dictionary that is not fixed is not added again at the next start', async () => {
    const item = await itemOf('course_type', 1);
    expect((await api(ctx.app, 'DELETE', `/api/dictItems/${item._id}`, { token: platform })).body.code).toBe(
      200,
    );
    expect(await ensureDictionaries(ctx.app.db)).toBe(0);
    expect((await items('course_type')).body.data.map((i) => i.value)).toEqual([2, 3]);
  });
});

describe('editing a dictionary', () => {
  it('a new label and order are served at once, and the version on every answer changes with them', async () => {
    const before = await served(platform, 'exam_task_status');
    expect(before.version).toMatch(/^[0-9a-f]{12}$/);
    const done = await itemOf('exam_task_status', 4);
    const res = await save(done, { label: '已完成评分', sort: 1 });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ label: '已完成评分', sort: 1, value: 4, fixed: true });
    const after = await served(platform, 'exam_task_status');
    expect(after.body.data.exam_task_status[0]).toEqual({ label: '已完成评分', value: 4 });
    expect(after.version).not.toBe(before.version);
    // Any answer carries it, so a reloaded page learns of the change from its first call.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/dictionaries',
      headers: { authorization: `Bearer ${platform}` },
    });
    expect(other.headers[DICT_VERSION_HEADER.toLowerCase()]).toBe(after.version);
  });

  it('a disabled item is not served; its colour is served when it has one', async () => {
    const kaoping = (await login(ctx.app, 'kaoping')).token;
    const returned = await itemOf('exam_task_status', 3);
    expect((await save(returned, { enabled: false })).body.code).toBe(200);
    const pending = await itemOf('exam_task_status', 0);
    expect((await save(pending, { color: '#1677ff' })).body.code).toBe(200);
    const data = await dict(kaoping, 'exam_task_status');
    expect(data.exam_task_status.map((i) => i.value)).toEqual([0, 1, 2, 4]);
    expect(data.exam_task_status[0]).toEqual({ label: '待开始', value: 0, color: '#1677ff' });
  });

  it('a dictionary whose values the code relies on refuses a new value, a new item and a delete', async () => {
    const item = await itemOf('test_plan_status', 0);
    const changed = await save(item, { value: 99 });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('该字典的值被系统使用，只能修改名称、排序、颜色和启用状态，不能修改值');
    const added = await api(ctx.app, 'POST', '/api/dictionaries/test_plan_status/items', {
      token: platform,
      body: { label: '新状态', value: 99 },
    });
    expect([added.status, added.body.message]).toEqual([400, '该字典的值被系统使用，不能新增字典项']);
    const gone = await api(ctx.app, 'DELETE', `/api/dictItems/${item._id}`, { token: platform });
    expect([gone.status, gone.body.message]).toEqual([
      400,
      '该字典的值被系统使用，不能删除字典项，不再使用时请停用',
    ]);
    expect((await itemOf('test_plan_status', 0)).value).toBe(0);
    // The same value typed as text is no change.
    expect((await save(item, { value: '0', label: '草稿箱' })).body.code).toBe(200);
  });

  it('a free dictionary takes new items, new values and deletes; values stay unique and of its type', async () => {
    const added = await api<DictItemRow>(ctx.app, 'POST', '/api/dictionaries/education/items', {
      token: platform,
      body: { label: '博士后', value: '博士后', sort: 200, color: '#52c41a' },
    });
    expect(added.body.code, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject({ value: '博士后', fixed: false, enabled: true });
    const twice = await api(ctx.app, 'POST', '/api/dictionaries/education/items', {
      token: platform,
      body: { label: '博士后2', value: '博士后' },
    });
    expect([twice.status, twice.body.message]).toEqual([400, '该字典已有值为“博士后”的字典项']);
    const notNumber = await api(ctx.app, 'POST', '/api/dictionaries/course_type/items', {
      token: platform,
      body: { label: '混合课程', value: 'x' },
    });
    expect([notNumber.status, notNumber.body.message]).toEqual([400, '该字典的值应为整数']);
    const course = await api<DictItemRow>(ctx.app, 'POST', '/api/dictionaries/course_type/items', {
      token: platform,
      body: { label: '混合课程', value: '4', sort: 100 },
    });
    expect(course.body.data.value).toBe(4);
    expect((await save(course.body.data, { value: 5 })).body.data.value).toBe(5);
    expect((await dict(platform, 'course_type')).course_type.at(-1)).toEqual({ label: '混合课程', value: 5 });
    const gone = await api(ctx.app, 'DELETE', `/api/dictItems/${added.body.data._id}`, { token: platform });
    expect(gone.body.code).toBe(200);
    expect((await dict(platform, 'education')).education.map((i) => i.value)).not.toContain('博士后');
  });

  it('bad input is refused with a message that names the field', async () => {
    const item = await itemOf('exam_task_kind', 1);
    for (const [over, message] of [
      [{ label: '' }, '请输入名称'],
      [{ color: 'red' }, '颜色应为 #RRGGBB 格式，如 #1677ff'],
      [{ sort: -1 }, '排序不能小于0'],
    ] as const) {
      const res = await save(item, over);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const unknown = await items('no_such_dict');
    expect([unknown.status, unknown.body.message]).toEqual([404, '字典不存在']);
  });

  it('lists every dictionary with its name, whether fixed, and its counts', async () => {
    const res = await api<DictionaryRow[]>(ctx.app, 'GET', '/api/dictionaries', { token: platform });
    expect(res.body.data.map((d) => d.name)).toEqual(Object.keys(dictionaries));
    expect(res.body.data.find((d) => d.name === 'test_plan_status')).toMatchObject({
      title: '考试计划状态',
      fixed: true,
      numeric: true,
      item_count: 11,
      enabled_count: 11,
    });
    expect(res.body.data.find((d) => d.name === 'education')).toMatchObject({ fixed: false, numeric: false });
  });

  it('each change is in the audit log with its value before', async () => {
    const item = await itemOf('exam_task_kind', 1);
    await save(item, { label: '评分任务' });
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.route, '/api/dictItems/:id'), eq(auditLog.targetId, item._id)));
    expect(row).toMatchObject({ action: '修改字典项', success: true });
    expect(row?.before).toMatchObject({ label: item.label });
    expect(row?.after).toMatchObject({ label: '评分任务' });
  });
});

describe('who may edit dictionaries', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/dictionaries', undefined],
      ['GET', '/api/dictionaries/education/items', undefined],
      ['POST', '/api/dictionaries/education/items', { label: '某学历', value: '某学历' }],
      ['PUT', `/api/dictItems/${id}`, { label: '某学历', value: '某学历' }],
      ['DELETE', `/api/dictItems/${id}`, undefined],
    ] as const;

  it('运营人员 (yunying) is refused every dictionary route: dictionaries shape every portal', async () => {
    const { token } = await login(ctx.app, 'yunying');
    const item = await itemOf('education', '本科');
    for (const [method, url, body] of routes(item._id)) {
      const res = await api(ctx.app, method, url, { token, body });
      expect([method, url, res.status]).toEqual([method, url, 403]);
    }
  });

  it('other portals are refused, and every signed-in user reads POST /api/dict', async () => {
    for (const name of ['qiye', 'jigou', 'kaoping']) {
      const { token } = await login(ctx.app, name);
      expect(Object.keys(await dict(token, 'education'))).toEqual(['education']);
      const res = await api(ctx.app, 'GET', '/api/dictionaries', { token });
      expect([name, res.status]).toEqual([name, 403]);
    }
  });

  it('运营人员 granted only platform:dict:list reads the dictionaries and still cannot change them', async () => {
    const [list] = await ctx.app.db.select().from(menus).where(eq(menus.key, 'platform:dict:list'));
    const roles = await api<{ list: RoleRow[] }>(ctx.app, 'GET', '/api/roles?portal=2&keyword=运营人员', {
      token: platform,
    });
    const role = roles.body.data.list.find((r) => r.name === '运营人员');
    const held = await api<RoleRow>(ctx.app, 'GET', `/api/roles/${role?._id}`, { token: platform });
    const granted = await api(ctx.app, 'PUT', `/api/roles/${role?._id}/menus`, {
      token: platform,
      body: { menu_ids: [...(held.body.data.menu_ids ?? []), list!.id] },
    });
    expect(granted.body.code, granted.body.message).toBe(200);
    const { token } = await login(ctx.app, 'yunying');
    const item = await itemOf('education', '本科');
    const answers = [];
    for (const [method, url, body] of routes(item._id))
      answers.push([method, url, (await api(ctx.app, method, url, { token, body })).status]);
    expect(answers).toEqual([
      ['GET', '/api/dictionaries', 200],
      ['GET', '/api/dictionaries/education/items', 200],
      ['POST', '/api/dictionaries/education/items', 403],
      ['PUT', `/api/dictItems/${item._id}`, 403],
      ['DELETE', `/api/dictItems/${item._id}`, 403],
    ]);
  });

  it('the 字典管理 page and its key reach a database made before them, granted to no 运营人员', async () => {
    const { db } = ctx.app;
    const KEYS = ['platform:dict:list', 'platform:dict:edit'];
    await db.delete(menus).where(inArray(menus.key, KEYS));
    await db.delete(accessSeededMenus).where(inArray(accessSeededMenus.key, KEYS));
    const added: string[] = [];
    await ensureDefaultAccess(db, (_portal, items) => added.push(...items));
    expect(added).toEqual(['字典管理（platform:dict:list）', '编辑字典（platform:dict:edit）']);
    const [page] = await db.select().from(menus).where(eq(menus.key, 'platform:dict:list'));
    expect(page).toMatchObject({ frontRoutePath: '/dict', frontRouteAddr: 'platform/dict' });
    const { token } = await login(ctx.app, 'yunying');
    expect((await api(ctx.app, 'GET', '/api/dictionaries', { token })).status).toBe(403);
  });
});
