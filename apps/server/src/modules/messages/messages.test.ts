import type { Message, MessagePage, UnreadMessages } from '@skill-cert/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, login, multipartFile, samples, useTestApp } from '../../../test/harness.ts';
import { TestSocket } from '../../../test/ws-client.ts';
import { uuidv7 } from '../../lib/id.ts';
import { findUserByAccount } from '../users/service.ts';
import { completePendingSends, derivedMessageId, recordSend, rowsOfSend, storeSendRows } from './service.ts';
import { messages } from './tables.ts';

const ctx = useTestApp();

async function userId(name: string) {
  return (await findUserByAccount(ctx.app.db, name))!.id;
}

async function seedMessages(name: string, n: number) {
  const id = await userId(name);
  for (let i = 0; i < n; i++) {
    await ctx.app.messenger.toUsers([id], {
      category: '系统通知',
      content: `第${i + 1}条`,
      templateKey: 'system_notice',
    });
  }
  return id;
}

describe('GET /api/message', () => {
  it('pages the user messages, newest first, with meta count and last_page', async () => {
    await seedMessages('qiye', 12);
    const { token } = await login(ctx.app, 'qiye');
    const first = await api<MessagePage>(ctx.app, 'GET', '/api/message?per_page=10&page=1', { token });
    expect(first.body.code).toBe(200);
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0].content).toBe('第12条');
    expect(first.body.data.meta).toMatchObject({ count: 12, last_page: 2 });
    const second = await api<MessagePage>(ctx.app, 'GET', '/api/message?per_page=10&page=2', { token });
    expect(second.body.data.list.map((m) => m.content)).toEqual(['第2条', '第1条']);
  });

  it('carries the fields of spec §3 on each message', async () => {
    await seedMessages('qiye', 1);
    const { token } = await login(ctx.app, 'qiye');
    const m = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.list[0];
    expect(m).toEqual({
      _id: expect.any(String),
      message_category_name: '系统通知',
      create_time_str: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      content: '第1条',
      whether_read: 0,
      url: null,
      data: { _id: null, template_key: 'system_notice' },
    } satisfies Message);
  });

  it('filters by whether_read', async () => {
    await seedMessages('qiye', 3);
    const { token } = await login(ctx.app, 'qiye');
    const all = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.list;
    await api(ctx.app, 'POST', '/api/message/readMany', { token, body: { ids: [all[0]._id] } });
    const unread = await api<MessagePage>(ctx.app, 'GET', '/api/message?whether_read=0', { token });
    expect(unread.body.data.meta.count).toBe(2);
    const read = await api<MessagePage>(ctx.app, 'GET', '/api/message?whether_read=1', { token });
    expect(read.body.data.list.map((m) => m._id)).toEqual([all[0]._id]);
  });

  it('names a bad whether_read and a bad page', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'GET', '/api/message?whether_read=2', { token })).body.message).toBe(
      '已读状态只能是 0 或 1',
    );
    expect((await api(ctx.app, 'GET', '/api/message?page=0', { token })).body.message).toBe('页码应为正整数');
  });

  it('needs a token', async () => {
    expect((await api(ctx.app, 'GET', '/api/message')).status).toBe(401);
  });
});

describe('unread, read and delete', () => {
  it('GET /api/message/unreadMessage answers list and count', async () => {
    await seedMessages('qiye', 12);
    const { token } = await login(ctx.app, 'qiye');
    const res = await api<UnreadMessages>(ctx.app, 'GET', '/api/message/unreadMessage', { token });
    expect(res.body.data.count).toBe(12);
    expect(res.body.data.list).toHaveLength(10);
  });

  it('readMany with ids marks those; with none marks all (全部设为已读成功)', async () => {
    await seedMessages('qiye', 3);
    const { token } = await login(ctx.app, 'qiye');
    const list = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.list;
    const one = await api(ctx.app, 'POST', '/api/message/readMany', { token, body: { ids: [list[0]._id] } });
    expect(one.body).toMatchObject({ code: 200, message: '设为已读成功', data: { count: 1 } });
    const all = await api(ctx.app, 'POST', '/api/message/readMany', { token, body: { ids: [] } });
    expect(all.body).toMatchObject({ code: 200, message: '全部设为已读成功', data: { count: 2 } });
    expect(
      (await api<UnreadMessages>(ctx.app, 'GET', '/api/message/unreadMessage', { token })).body.data.count,
    ).toBe(0);
  });

  it('deleteMany with none deletes all (删除全部消息成功); DELETE /api/message/:id deletes one (删除消息成功)', async () => {
    await seedMessages('qiye', 3);
    const { token } = await login(ctx.app, 'qiye');
    const list = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.list;
    const one = await api(ctx.app, 'DELETE', `/api/message/${list[0]._id}`, { token });
    expect(one.body).toEqual({ code: 200, message: '删除消息成功', data: null });
    const all = await api(ctx.app, 'POST', '/api/message/deleteMany', { token, body: {} });
    expect(all.body).toMatchObject({ code: 200, message: '删除全部消息成功', data: { count: 2 } });
    expect((await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.meta.count).toBe(0);
  });

  it("never touches another user's messages, whatever ids are sent", async () => {
    await seedMessages('jigou', 2);
    const other = await login(ctx.app, 'jigou');
    const theirs = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: other.token })).body.data
      .list;
    const { token } = await login(ctx.app, 'qiye');
    const ids = theirs.map((m) => m._id);
    expect((await api(ctx.app, 'POST', '/api/message/readMany', { token, body: { ids } })).body.data).toEqual(
      { count: 0 },
    );
    expect(
      (await api(ctx.app, 'POST', '/api/message/deleteMany', { token, body: { ids } })).body.data,
    ).toEqual({ count: 0 });
    expect((await api(ctx.app, 'DELETE', `/api/message/${ids[0]}`, { token })).status).toBe(404);
    expect((await api(ctx.app, 'GET', `/api/message/${ids[0]}/file`, { token })).status).toBe(404);
    const still = await api<UnreadMessages>(ctx.app, 'GET', '/api/message/unreadMessage', {
      token: other.token,
    });
    expect(still.body.data.count).toBe(2);
  });

  it('names malformed ids', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/message/readMany', { token, body: { ids: ['x'] } });
    expect(res.body).toEqual({ code: 400, message: '消息不存在', data: null });
  });
});

describe('cached reads (embedded database)', () => {
  const reads = (token: string) =>
    Promise.all([
      api<MessagePage>(ctx.app, 'GET', '/api/message?per_page=10&page=1', { token }),
      api<UnreadMessages>(ctx.app, 'GET', '/api/message/unreadMessage', { token }),
    ]);

  it('a repeated read of unchanged messages runs no query on the embedded database', async () => {
    await seedMessages('qiye', 3);
    const { token } = await login(ctx.app, 'qiye');
    await reads(token);
    const select = vi.spyOn(ctx.app.db, 'select');
    try {
      const [list, unread] = await reads(token);
      expect(list.body.data.meta.count).toBe(3);
      expect(unread.body.data.count).toBe(3);
      // PostgreSQL is shared by several instances: there every read asks it.
      if (ctx.database.kind === 'pglite') expect(select).not.toHaveBeenCalled();
      else expect(select).toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('a new message, a read and a delete show in the next list and unread read at once', async () => {
    const id = await seedMessages('qiye', 2);
    const { token } = await login(ctx.app, 'qiye');
    await reads(token);
    await ctx.app.messenger.toUsers([id], { category: '系统通知', content: '第3条' });
    let [list, unread] = await reads(token);
    expect(list.body.data.list[0].content).toBe('第3条');
    expect(unread.body.data.count).toBe(3);
    await ctx.app.messenger.toEveryone({ category: '系统通知', content: '全员' });
    [list, unread] = await reads(token);
    expect(list.body.data.list[0].content).toBe('全员');
    expect(unread.body.data.count).toBe(4);
    await api(ctx.app, 'POST', '/api/message/readMany', {
      token,
      body: { ids: [list.body.data.list[0]._id] },
    });
    [list, unread] = await reads(token);
    expect(list.body.data.list[0].whether_read).toBe(1);
    expect(unread.body.data.count).toBe(3);
    await api(ctx.app, 'DELETE', `/api/message/${list.body.data.list[1]._id}`, { token });
    [list, unread] = await reads(token);
    expect(list.body.data.meta.count).toBe(3);
    expect(unread.body.data.count).toBe(2);
  });
});

describe('a message with a file', () => {
  it('has a url whose GET answers data.url for the download', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { payload, headers } = multipartFile('错误报告.pdf', samples.pdf);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const fileId = uploaded.json().data.file_id;
    await ctx.app.messenger.toUsers([await userId('qiye')], {
      category: '导入通知',
      content: '导入完成',
      fileId,
    });
    const m = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data.list[0];
    expect(m.url).toBe(`/api/message/${m._id}/file`);
    const res = await api<{ url: string }>(ctx.app, 'GET', m.url!, { token });
    expect(res.body.data.url).toBe(`/api/files/${fileId}?download=1`);
  });
});

describe('platform notices', () => {
  it('sends 系统通知 to one user, a company, or everyone', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const one = await api<{ count: number }>(ctx.app, 'POST', '/api/notices', {
      token,
      body: { target: 'user', user_id: await userId('kaoping'), content: '系统维护' },
    });
    expect(one.body.data.count).toBe(1);
    const company = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    const co = await api<{ count: number }>(ctx.app, 'POST', '/api/notices', {
      token,
      body: { target: 'company', company_id: company, content: '请完善资料' },
    });
    expect(co.body.data.count).toBe(2); // qiye and duojuese
    const all = await api<{ count: number }>(ctx.app, 'POST', '/api/notices', {
      token,
      body: { target: 'all', content: '新年快乐' },
    });
    expect(all.body.data.count).toBeGreaterThanOrEqual(7);
    const k = await login(ctx.app, 'kaoping');
    const list = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: k.token })).body.data.list;
    expect(list.map((m) => m.content)).toEqual(['新年快乐', '系统维护']);
    expect(list[0].message_category_name).toBe('系统通知');
  });

  it('refuses anyone without system:notice:send and names missing fields', async () => {
    const op = await login(ctx.app, 'yunying');
    expect(
      (await api(ctx.app, 'POST', '/api/notices', { token: op.token, body: { target: 'all', content: 'x' } }))
        .status,
    ).toBe(403);
    const { token } = await login(ctx.app, 'pingtai');
    expect(
      (await api(ctx.app, 'POST', '/api/notices', { token, body: { target: 'user', content: 'x' } })).body
        .message,
    ).toBe('请选择用户');
    expect(
      (await api(ctx.app, 'POST', '/api/notices', { token, body: { target: 'all', content: ' ' } })).body
        .message,
    ).toBe('请输入通知内容');
  });
});

describe('role and permission notices', () => {
  it('a grant change sends permission_update_notice to the holders', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const roles = await api<{ list: { _id: string; name: string }[] }>(
      ctx.app,
      'GET',
      '/api/roles?keyword=运营人员',
      { token },
    );
    await api(ctx.app, 'PUT', `/api/roles/${roles.body.data.list[0]._id}/menus`, {
      token,
      body: { menu_ids: [] },
    });
    const op = await login(ctx.app, 'yunying');
    const m = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: op.token })).body.data.list[0];
    expect(m.data.template_key).toBe('permission_update_notice');
  });

  it('removing a role type sends delete_role_notice', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    await api(ctx.app, 'PUT', `/api/users/${await userId('duojuese')}/roleTypes`, {
      token,
      body: { role_type_ids: [1, 2] },
    });
    const d = await login(ctx.app, 'duojuese');
    const m = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: d.token })).body.data.list[0];
    expect(m).toMatchObject({
      content: '您的机构端、考评员端角色已被移除',
      data: { template_key: 'delete_role_notice' },
    });
  });
});

describe('sends to many', () => {
  it('derives each row id from the send and the user: the same every time, UUIDv7 layout, time of the send', () => {
    const send = '0195f3a2-8c00-7abc-8def-0123456789ab';
    const user = '0195f3a2-8c00-7abc-8def-ba9876543210';
    const id = derivedMessageId(send, user);
    expect(id).toBe(derivedMessageId(send, user));
    expect(id).not.toBe(derivedMessageId(send, '0195f3a2-8c00-7abc-8def-ba9876543211'));
    expect(id).toMatch(/^0195f3a2-8c00-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a send recorded but not written (the process stopped) is completed once at the next start, same ids', async () => {
    const sendId = uuidv7();
    const company = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    const send = await recordSend(
      ctx.app.db,
      sendId,
      company,
      { category: '系统通知', content: '补发' },
      new Date(),
    );
    const expected = (await rowsOfSend(ctx.app.db, send)).map((r) => r.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(await completePendingSends(ctx.app.db)).toBe(1);
    expect(await completePendingSends(ctx.app.db)).toBe(0);
    const stored = await ctx.app.db.select().from(messages).where(eq(messages.batchId, sendId));
    expect(stored.map((r) => r.id).sort()).toEqual(expected);
    // Writing the same send again keeps one row per user.
    await storeSendRows(ctx.app.db, send, await rowsOfSend(ctx.app.db, send));
    expect(await ctx.app.db.select().from(messages).where(eq(messages.batchId, sendId))).toHaveLength(
      expected.length,
    );
  });
});

describe('real-time channel', () => {
  let wsUrl: string;
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await ctx.app.server.close();
  });

  async function boundSocket(name: string) {
    const session = await login(ctx.app, name);
    const socket = await TestSocket.open(wsUrl);
    const init = await socket.next('init');
    expect(init.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const bind = await api(ctx.app, 'POST', '/api/websocket/bindUser', {
      token: session.token,
      body: { client_id: init.client_id },
    });
    expect(bind.body.code).toBe(200);
    socket.send({ type: 'login' });
    expect((await socket.next('login')).data.ok).toBe(true);
    return { socket, session };
  }

  it('sends a client_id, binds, answers login and intervalData with the unread list and count', async () => {
    await seedMessages('qiye', 2);
    const { socket } = await boundSocket('qiye');
    socket.send({ type: 'intervalData' });
    const beat = await socket.next('intervalData');
    expect(beat.data.count).toBe(2);
    expect(beat.data.list.map((m) => m.content)).toEqual(['第2条', '第1条']);
    socket.close();
  });

  it('pushes a new message with data.list and data.count to every socket of its user only', async () => {
    const a = await boundSocket('qiye');
    const b = await boundSocket('qiye');
    const other = await boundSocket('jigou');
    await ctx.app.messenger.toUsers([await userId('qiye')], {
      category: '证书通知',
      content: '证书已生成',
      templateKey: 'create_custom_certificate_done',
      relatedId: 'batch-1',
    });
    for (const s of [a.socket, b.socket]) {
      const push = await s.next('message');
      expect(push.data.count).toBe(1);
      expect(push.data.list[0]).toMatchObject({
        content: '证书已生成',
        data: { _id: 'batch-1', template_key: 'create_custom_certificate_done' },
      });
    }
    // The other user's next push is one sent to them after it: nothing of qiye's came before (one socket, in order).
    await ctx.app.messenger.toUsers([await userId('jigou')], {
      category: '系统通知',
      content: '给机构的通知',
    });
    expect((await other.socket.next('message')).data.list[0].content).toBe('给机构的通知');
    for (const s of [a, b, other]) s.socket.close();
  });

  it('a notice to everyone reaches each bound user with its own stored message id and unread count', async () => {
    await seedMessages('qiye', 2);
    const a = await boundSocket('qiye');
    const b = await boundSocket('jigou');
    const sent = await ctx.app.messenger.toEveryone({ category: '系统通知', content: '系统将于今晚维护' });
    expect(sent).toBeGreaterThanOrEqual(2);
    const pushA = await a.socket.next('message');
    const pushB = await b.socket.next('message');
    expect(pushA.data.count).toBe(3);
    expect(pushB.data.count).toBe(1);
    expect(pushA.data.list[0]._id).not.toBe(pushB.data.list[0]._id);
    // The pushed id is the stored row's: the user can mark exactly that message read.
    const read = await api(ctx.app, 'POST', '/api/message/readMany', {
      token: a.session.token,
      body: { ids: [pushA.data.list[0]._id] },
    });
    expect(read.body.code).toBe(200);
    const unread = await api<UnreadMessages>(ctx.app, 'GET', '/api/message/unreadMessage', {
      token: a.session.token,
    });
    expect(unread.body.data.count).toBe(2);
    expect(unread.body.data.list.map((m) => m.content)).not.toContain('系统将于今晚维护');
    for (const s of [a, b]) s.socket.close();
  });

  it('an unbound socket gets no messages and login answers ok false', async () => {
    const socket = await TestSocket.open(wsUrl);
    await socket.next('init');
    socket.send({ type: 'login' });
    expect((await socket.next('login')).data.ok).toBe(false);
    socket.close();
  });

  it('refuses a WebSocket upgrade on any path but /ws with 404, and still serves /ws afterwards', async () => {
    await expect(TestSocket.open(wsUrl.replace(/\/ws$/, '/api/ws'))).rejects.toThrow(
      'Unexpected server response: 404',
    );
    const socket = await TestSocket.open(`${wsUrl}?from=test`);
    expect((await socket.next('init')).client_id).toMatch(/^[0-9a-f-]{36}$/);
    socket.close();
  });

  it('bindUser needs a token and a valid client_id', async () => {
    expect((await api(ctx.app, 'POST', '/api/websocket/bindUser', { body: { client_id: 'x' } })).status).toBe(
      401,
    );
    const { token } = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'POST', '/api/websocket/bindUser', { token, body: {} })).body.message).toBe(
      '缺少 client_id',
    );
  });

  it('closes the sockets of a session when it is revoked (logout)', async () => {
    const { socket, session } = await boundSocket('kaoping');
    await api(ctx.app, 'DELETE', '/api/logout', { token: session.token });
    const frame = await socket.next('logout');
    expect(frame.data.reason).toBe('登录已失效');
    expect((await socket.whenClosed()).code).toBe(4001);
  });
});
