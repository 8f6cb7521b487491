import type { MenuNode } from '@skill-cert/shared/access';
import { type AuditLogDetail, type AuditLogRow, MASKED } from '@skill-cert/shared/audit-log';
import type { Paged } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { defaultMenus } from '../access/defaults.ts';
import { menus } from '../access/tables.ts';
import { seedAuditDemo } from './demo.ts';
import { maskSecrets } from './service.ts';
import { auditLog } from './tables.ts';

const ctx = useTestApp();

let platform: string;
beforeEach(async () => {
  platform = (await login(ctx.app, 'pingtai')).token;
});

const rows = () => ctx.app.db.select().from(auditLog).orderBy(desc(auditLog.id));
const changes = async () => (await rows()).filter((r) => r.kind === 1);

async function noticeMenu() {
  const [m] = await ctx.app.db.select().from(menus).where(eq(menus.key, 'system:notice:send'));
  return m;
}

const menuBody = (m: Awaited<ReturnType<typeof noticeMenu>>, name: string) => ({
  portal: m.portal,
  parent_id: m.parentId,
  type: m.type,
  name,
  icon: m.icon,
  key: m.key,
  front_route_path: m.frontRoutePath,
  front_route_name: m.frontRouteName,
  front_route_addr: m.frontRouteAddr,
  redirect_url: m.redirectUrl,
  whether_hidden: m.whetherHidden,
  whether_cache: m.whetherCache,
  sort: m.sort,
});

describe('what the audit log records', () => {
  it('a platform change writes a row: who, what, the target before and after, from which address, the result', async () => {
    const m = await noticeMenu();
    const res = await api<MenuNode>(ctx.app, 'PATCH', `/api/menus/${m.id}`, {
      token: platform,
      body: menuBody(m, '群发通知'),
      ip: '198.51.100.7',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.body.code).toBe(200);
    const [row] = await changes();
    expect(row).toMatchObject({
      kind: 1,
      userName: 'pingtai',
      portal: RoleType.PLATFORM,
      action: '修改菜单',
      method: 'PATCH',
      route: '/api/menus/:id',
      targetId: m.id,
      status: 200,
      success: true,
    });
    expect(row.before).toMatchObject({ _id: m.id, name: '发送通知' });
    expect(row.after).toMatchObject({ name: '群发通知' });
    // The client's address as the server's trustProxy reads it (off here: the forwarded header is not believed).
    expect(row.ip).toBe('198.51.100.7');
  });

  it('a change repeated with its Idempotency-Key is one change: the replayed answer writes no second row', async () => {
    const m = await noticeMenu();
    const send = () =>
      api<MenuNode>(ctx.app, 'PATCH', `/api/menus/${m.id}`, {
        token: platform,
        body: menuBody(m, '通知发送'),
        headers: { 'idempotency-key': 'audit-replay-1' },
      });
    expect((await send()).body.code).toBe(200);
    const replay = await send();
    expect(replay.body.code).toBe(200);
    expect((await changes()).filter((r) => r.targetId === m.id && r.route === '/api/menus/:id')).toHaveLength(
      1,
    );
  });

  it('a refused platform change is logged with its status', async () => {
    const { token } = await login(ctx.app, 'yunying');
    const m = await noticeMenu();
    const res = await api(ctx.app, 'DELETE', `/api/menus/${m.id}`, { token });
    expect(res.status).toBe(403);
    expect((await changes())[0]).toMatchObject({
      userName: 'yunying',
      action: '删除菜单',
      status: 403,
      success: false,
    });
  });

  it('an institution change writes a row naming the institution', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const res = await api<{ _id: string }>(ctx.app, 'POST', '/api/institution/roles', {
      token,
      body: { name: '考务人员', remark: null },
    });
    expect(res.body.code).toBe(200);
    expect((await changes())[0]).toMatchObject({
      userName: 'jigou',
      portal: RoleType.INSTITUTION,
      companyName: '示例职业技能培训评价中心',
      action: '编辑角色',
      targetId: res.body.data._id,
      after: { name: '考务人员', remark: null },
    });
  });

  it('an enterprise change writes no row', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'PATCH', '/api/login', {
      token,
      body: { old_password: 'Wrong@2026', password: 'Another@2026' },
    });
    expect(res.status).toBe(400);
    expect(await changes()).toEqual([]);
  });

  it('passwords are masked in what is kept', async () => {
    const res = await api(ctx.app, 'PATCH', '/api/login', {
      token: platform,
      body: { old_password: 'Wrong@2026', password: 'Another@2026' },
    });
    expect(res.status).toBe(400);
    const [row] = await changes();
    expect(row.after).toEqual({ old_password: MASKED, password: MASKED });
    expect(JSON.stringify(await rows())).not.toContain('Another@2026');
  });

  it('masks passwords, codes and tokens at any depth, and keeps other fields', () => {
    expect(
      maskSecrets({
        name: '张三',
        occupation_code: '6-31-01-03',
        verify_code: '123456',
        nested: [{ token: 'abc', confirm_password: 'x' }],
      }),
    ).toEqual({
      name: '张三',
      occupation_code: '6-31-01-03',
      verify_code: MASKED,
      nested: [{ token: MASKED, confirm_password: MASKED }],
    });
  });

  it('a failed sign-in is logged with the account tried and the address', async () => {
    const res = await api(ctx.app, 'POST', '/api/login', { body: { name: 'qiye', password: 'Wrong@2026' } });
    expect(res.status).toBe(400);
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: 2,
      action: '密码登录',
      account: 'qiye',
      userName: 'qiye',
      success: false,
      status: 400,
      ip: '127.0.0.1',
    });
    expect(row.after).toEqual({ name: 'qiye', password: MASKED });
  });

  it('a sign-in to an unknown account is logged with the account tried', async () => {
    await api(ctx.app, 'POST', '/api/login', { body: { name: 'nobody', password: 'Wrong@2026' } });
    expect((await rows())[0]).toMatchObject({ kind: 2, account: 'nobody', userId: null, success: false });
  });

  it('a successful sign-in is logged for any user', async () => {
    await login(ctx.app, 'qiye');
    expect((await rows())[0]).toMatchObject({ kind: 2, account: 'qiye', userName: 'qiye', success: true });
  });

  it('an SMS sign-in with a wrong code is logged with the phone', async () => {
    const res = await api(ctx.app, 'POST', '/api/phone/login', {
      body: { phone: '13800000001', verify_code: '000000' },
    });
    expect(res.status).toBe(400);
    expect((await rows())[0]).toMatchObject({
      kind: 2,
      action: '短信验证码登录',
      account: '13800000001',
      success: false,
      after: { phone: '13800000001', verify_code: MASKED },
    });
  });
});

const APPEND_ONLY = '审计日志只能追加，不能修改或删除';
/** The database's own message when it refuses a statement. */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (err: Error & { cause?: Error }) => (err.cause ?? err).message,
  );

describe('the audit log is append-only', () => {
  it('the database refuses UPDATE of a row', async () => {
    await login(ctx.app, 'qiye');
    expect(await refusal(ctx.app.db.execute(sql`update audit_log set status = 500`))).toBe(APPEND_ONLY);
    expect((await rows())[0].status).toBe(200);
  });

  it('the database refuses DELETE of a row', async () => {
    await login(ctx.app, 'qiye');
    expect(await refusal(ctx.app.db.execute(sql`delete from audit_log`))).toBe(APPEND_ONLY);
    expect((await rows()).length).toBeGreaterThan(0);
  });

  it('no route changes or deletes a row', () => {
    const writes = ctx.app
      .registeredRoutes()
      .filter((r) => r.url.startsWith('/api/auditLogs') && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
  });
});

describe('GET /api/auditLogs', () => {
  const list = (query: string, token = platform) =>
    api<Paged<AuditLogRow>>(ctx.app, 'GET', `/api/auditLogs${query}`, { token });

  beforeEach(async () => {
    await api(ctx.app, 'POST', '/api/login', { body: { name: 'qiye', password: 'Wrong@2026' } });
    const m = await noticeMenu();
    await api(ctx.app, 'PATCH', `/api/menus/${m.id}`, { token: platform, body: menuBody(m, '群发通知') });
  });

  it('lists newest first with who, what and the result', async () => {
    const res = await list('');
    expect(res.body.code).toBe(200);
    expect(res.body.data.list[0]).toMatchObject({
      kind_text: '操作',
      user_name: 'pingtai',
      portal_text: '平台端',
      action: '修改菜单',
      success: true,
      create_time_str: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('filters by who', async () => {
    const res = await list('?user=qiye');
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.account === 'qiye' || r.user_name === 'qiye')).toBe(true);
  });

  it('filters by action', async () => {
    const res = await list(`?action=${encodeURIComponent('修改菜单')}`);
    expect(res.body.data.list.map((r) => r.action)).toEqual(['修改菜单']);
  });

  it('filters by result and kind', async () => {
    const failed = await list('?result=0&kind=2');
    expect(failed.body.data.list.length).toBeGreaterThan(0);
    expect(failed.body.data.list.every((r) => !r.success && r.kind === 2)).toBe(true);
  });

  it('filters by date range (Shanghai days)', async () => {
    expect((await list('?start_date=2000-01-01&end_date=2000-01-02')).body.data.meta.total).toBe(0);
    expect((await list('?start_date=2000-01-01')).body.data.meta.total).toBeGreaterThan(0);
  });

  it('a start after the end is 400 开始日期不能晚于结束日期', async () => {
    const res = await list('?start_date=2026-02-02&end_date=2026-02-01');
    expect([res.status, res.body.message]).toEqual([400, '开始日期不能晚于结束日期']);
  });

  it('an impossible date is 400 naming the field', async () => {
    const res = await list('?start_date=2026-02-30');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('开始日期');
  });

  it('one row with its before and after', async () => {
    const [first] = (await list('?kind=1')).body.data.list;
    const res = await api<AuditLogDetail>(ctx.app, 'GET', `/api/auditLogs/${first._id}`, { token: platform });
    expect(res.body.data.before).toMatchObject({ name: '发送通知' });
    expect(res.body.data.after).toMatchObject({ name: '群发通知' });
  });
});

describe('GET /api/auditLogs/export', () => {
  it('is a real .xlsx of the filtered list', async () => {
    const m = await noticeMenu();
    await api(ctx.app, 'PATCH', `/api/menus/${m.id}`, { token: platform, body: menuBody(m, '群发通知') });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auditLogs/export?action=${encodeURIComponent('修改菜单')}`,
      headers: { authorization: `Bearer ${platform}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('审计日志')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('时间');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(7).value).toBe('修改菜单');
    expect(String(sheet.getRow(2).getCell(13).value)).toContain('发送通知');
  });
});

describe('who may read the audit log', () => {
  it('the platform default menus hold 审计日志 with its export button', () => {
    const page = defaultMenus[RoleType.PLATFORM].find((m) => m.key === 'platform:audit-log:list');
    expect(page).toMatchObject({ name: '审计日志', path: '/audit-log' });
    expect(page?.children?.map((c) => c.key)).toEqual(['platform:audit-log:export']);
  });

  it('运营人员 (yunying) and enterprise users get 403', async () => {
    for (const name of ['yunying', 'qiye']) {
      const { token } = await login(ctx.app, name);
      for (const url of ['/api/auditLogs', '/api/auditLogs/export']) {
        const res = await api(ctx.app, 'GET', url, { token });
        expect(res.status, `${name} ${url}`).toBe(403);
      }
    }
  });
});

describe('the demo', () => {
  it('seeds a few rows once: sign-ins, a platform change with before and after, an institution change', async () => {
    // A new database: the sign-in of beforeEach is not there yet (TRUNCATE is the test's reset, see operations.md).
    await ctx.app.db.execute(sql`truncate audit_log`);
    await seedAuditDemo(ctx.app.db);
    await seedAuditDemo(ctx.app.db);
    const all = await rows();
    expect(all.map((r) => r.action).sort()).toEqual(['修改菜单', '密码登录', '密码登录', '编辑角色']);
    expect(all.find((r) => r.action === '编辑角色')?.companyName).toBe('示例职业技能培训评价中心');
  });
});
