import { HEARTBEAT_MS, NOTICE_DELAY_MS } from '@skill-cert/shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/browser';
import { onMessageArrived } from '@/shared/realtime/message-events';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { useMessagesStore } from '../messages-store';
import { cancelAccessNotices } from '../notices/access-notices';
import { installFakeWebSocket } from '../testing/fake-websocket';
import {
  bellUnread,
  fakeMessageServer,
  makeMessage,
  renderMessages,
  signIn,
} from '../testing/message-fixtures';
import { restartDelay } from './realtime-client';

afterEach(() => cancelAccessNotices());

const flush = () => act(() => Promise.resolve());

describe('real-time channel (spec §4)', () => {
  it('binds the client id, logs in, asks for intervalData and shows the unread count', async () => {
    const WS = installFakeWebSocket();
    const server = fakeMessageServer([]);
    const network = installFakeNetwork(server.routes);
    signIn();
    renderMessages();

    const socket = WS.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    socket.accept('client-42');
    await waitFor(() => expect(network.callsTo('POST /api/websocket/bindUser')).toHaveLength(1));
    expect(network.callsTo('POST /api/websocket/bindUser')[0]!.body).toEqual({ client_id: 'client-42' });
    expect(network.callsTo('POST /api/websocket/bindUser')[0]!.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    await waitFor(() => expect(socket.sentTypes()).toEqual(['login']));

    socket.receive({ type: 'login', data: { ok: true } });
    expect(socket.sentTypes()).toEqual(['login', 'intervalData']);

    socket.receive({ type: 'intervalData', data: { list: [makeMessage()], count: 12 } });
    await waitFor(() => expect(bellUnread()).toBe('12 条未读'));
    // The box opens only for pushed messages.
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('sends intervalData every 30 s once bound', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    const socket = WS.latest();
    socket.accept();
    await waitFor(() => expect(socket.sentTypes()).toEqual(['login']));

    act(() => void vi.advanceTimersByTime(HEARTBEAT_MS));
    expect(socket.sentTypes()).toEqual(['login', 'intervalData']);
    act(() => void vi.advanceTimersByTime(HEARTBEAT_MS));
    expect(socket.sentTypes()).toEqual(['login', 'intervalData', 'intervalData']);
  });

  it('a pushed message joins the global messages, opens the box and sets the count', async () => {
    const WS = installFakeWebSocket();
    // As on the server, a message is stored before it is pushed.
    const server = fakeMessageServer([]);
    installFakeNetwork(server.routes);
    signIn();
    renderMessages();
    const socket = WS.latest();
    socket.accept();

    const first = makeMessage({ content: '第一条推送' });
    server.add(first);
    socket.receive({ type: 'message', data: { list: [first], count: 1 } });
    const box = await screen.findByRole('region', { name: '新消息' });
    expect(within(box).getByText('第一条推送')).toBeInTheDocument();
    expect(bellUnread()).toBe('1 条未读');

    const second = makeMessage({ content: '第二条推送' });
    server.add(second);
    socket.receive({ type: 'message', data: { list: [second], count: 2 } });
    // The newest on the notice's line; 展开 lists both, newest first.
    await waitFor(() => expect(within(box).getByRole('article')).toHaveTextContent('第二条推送'));
    await userEvent.click(within(box).getByRole('button', { name: '展开新消息' }));
    expect(
      within(box)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('第二条推送'), expect.stringContaining('第一条推送')]);
    expect(useMessagesStore.getState().messages.map((m) => m._id)).toEqual([second._id, first._id]);
    expect(bellUnread()).toBe('2 条未读');

    await userEvent.click(within(box).getByRole('button', { name: '关闭新消息' }));
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('paper_certificate_parse_done reaches the subscribers with the related id', async () => {
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    const listener = vi.fn();
    const unsubscribe = onMessageArrived(['paper_certificate_parse_done'], listener);
    const socket = WS.latest();
    socket.accept();

    socket.receive({
      type: 'message',
      data: {
        list: [makeMessage({ template_key: 'paper_certificate_parse_done', related_id: 'grant-7' })],
        count: 1,
      },
    });
    expect(listener).toHaveBeenCalledWith('grant-7', expect.objectContaining({ data: expect.anything() }));
    unsubscribe();
    socket.receive({
      type: 'message',
      data: {
        list: [makeMessage({ template_key: 'paper_certificate_parse_done', related_id: 'grant-8' })],
        count: 2,
      },
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a drop with a 1 s, then 2 s wait, and binds the new client id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const WS = installFakeWebSocket();
    const network = installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    WS.latest().drop();

    act(() => void vi.advanceTimersByTime(999));
    expect(WS.sockets).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(WS.sockets).toHaveLength(2);

    WS.latest().drop();
    act(() => void vi.advanceTimersByTime(1_999));
    expect(WS.sockets).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(WS.sockets).toHaveLength(3);

    WS.latest().accept('client-3');
    await waitFor(() =>
      expect(network.callsTo('POST /api/websocket/bindUser').map((c) => c.body)).toEqual([
        { client_id: 'client-3' },
      ]),
    );
  });

  it('a server shutting down (close code 1012) is left for a random 0.5–3 s, then the channel connects again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0.6);
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    const socket = WS.latest();
    socket.accept();
    socket.drop(1012);
    // 500 + 0.6 × 2500 = 2000 ms.
    act(() => void vi.advanceTimersByTime(1_999));
    expect(WS.sockets).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(WS.sockets).toHaveLength(2);
  });

  it('the wait after a restart code spans 0.5 to 3 s', () => {
    expect([restartDelay(0), restartDelay(0.5), restartDelay(0.9999)]).toEqual([500, 1750, 3000]);
  });

  it('a logout frame stops the channel: no reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    const socket = WS.latest();
    socket.accept();
    socket.receive({ type: 'logout', data: { reason: '登录已失效' } });
    socket.drop(4001);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(WS.sockets).toHaveLength(1);
  });

  it('signing out closes the socket', async () => {
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    signIn();
    renderMessages();
    const socket = WS.latest();
    socket.accept();
    act(() => useSessionStore.setState({ user: null }));
    expect(socket.closedByClient).toBe(true);
  });

  it('socket errors are only logged', async () => {
    const WS = installFakeWebSocket();
    installFakeNetwork(fakeMessageServer([]).routes);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    renderMessages();
    act(() => WS.latest().onerror?.(new Event('error')));
    expect(error).toHaveBeenCalledWith('websocket error', expect.any(Event));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without WebSocket support it alerts 您的浏览器不支持socket and opens nothing', async () => {
    vi.stubGlobal('WebSocket', undefined);
    installFakeNetwork(fakeMessageServer([]).routes);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    signIn();
    renderMessages();
    expect(alert).toHaveBeenCalledWith('您的浏览器不支持socket');
  });

  it('opens no socket without a session', () => {
    const WS = installFakeWebSocket();
    renderMessages();
    expect(WS.sockets).toHaveLength(0);
  });
});

describe('permission and role notices (spec §4)', () => {
  const accessNotice = (template_key: string, content: string) =>
    makeMessage({ template_key, content, message_category_name: '权限通知' });

  async function pushNotice(message: ReturnType<typeof makeMessage>, userAfter = makeUser()) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const WS = installFakeWebSocket();
    const server = fakeMessageServer([message]);
    const network = installFakeNetwork({
      ...server.routes,
      'GET /api/user': ok(userAfter),
      'PATCH /api/user/switchRoleType': (request) =>
        ok({ ...userAfter, active_role_type_id: (request.body as { role: number }).role }),
      'DELETE /api/logout': ok(null),
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderMessages();
    const socket = WS.latest();
    socket.accept();
    socket.receive({ type: 'message', data: { list: [message], count: 1 } });
    await waitFor(() => expect(network.callsTo('POST /api/message/readMany')).toHaveLength(1));
    expect(network.callsTo('POST /api/message/readMany')[0]!.body).toEqual({ ids: [message._id] });
    return { network, reload, server };
  }

  const waitForNotice = async () => {
    await flush();
    act(() => void vi.advanceTimersByTime(NOTICE_DELAY_MS - 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(100));
    return screen.findByRole('dialog');
  };

  it('permission_update_notice: read at once, 5 s later content + ，请更新！, 确定 reloads', async () => {
    signIn();
    const { reload } = await pushNotice(accessNotice('permission_update_notice', '您的权限已变更'));
    // Not in the message box: it is handled by its dialog.
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
    const dialog = await waitForNotice();
    expect(dialog).toHaveTextContent('您的权限已变更，请更新！');
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /关闭|close/i })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(reload).toHaveBeenCalled();
  });

  it('delete_role_notice with no roles left: the no-access text, then logout and reload', async () => {
    signIn(makeUser({ roles: [2] }));
    const noRoles = makeUser({ roles: [], active_role_type_id: null });
    const { network, reload } = await pushNotice(
      accessNotice('delete_role_notice', '您的平台端角色已被移除'),
      noRoles,
    );
    await waitFor(() => expect(network.callsTo('GET /api/user')).toHaveLength(1));
    const dialog = await waitForNotice();
    // The page stays as it was behind the dialog until 确定.
    expect(useSessionStore.getState().user?.role_type_info).toHaveLength(1);
    expect(dialog).toHaveTextContent('您当前操作的角色权限已被移除，您无任何权限访问系统，请退出！');
    expect(within(dialog).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(network.callsTo('DELETE /api/logout')).toHaveLength(1);
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('delete_role_notice with one active role left: 确定 reloads', async () => {
    signIn(makeUser({ roles: [1, 2] }));
    const { reload } = await pushNotice(
      accessNotice('delete_role_notice', '您的平台端角色已被移除'),
      makeUser({ roles: [1] }),
    );
    const dialog = await waitForNotice();
    expect(dialog).toHaveTextContent('您的平台端角色已被移除，请更新！');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(reload).toHaveBeenCalled();
  });

  it('delete_role_notice with one role left but none active: activates it, then reloads', async () => {
    signIn(makeUser({ roles: [1, 2] }));
    const { network, reload } = await pushNotice(
      accessNotice('delete_role_notice', '您的企业端角色已被移除'),
      makeUser({ roles: [2], active_role_type_id: null }),
    );
    const dialog = await waitForNotice();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(network.callsTo('PATCH /api/user/switchRoleType').map((c) => c.body)).toEqual([{ role: 2 }]);
    expect(useSessionStore.getState().user?.active_role_type_id).toBe(2);
  });

  it('delete_role_notice with several roles left: 确定 opens 选择登录端 with those roles', async () => {
    signIn(makeUser({ roles: [1, 2, 3] }));
    const { reload } = await pushNotice(
      accessNotice('delete_role_notice', '您的机构端角色已被移除'),
      makeUser({ roles: [1, 2], active_role_type_id: null }),
    );
    const dialog = await waitForNotice();
    expect(dialog).toHaveTextContent('您的机构端角色已被移除，请重新选择登录端！');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    const picker = await screen.findByRole('dialog', { name: '选择登录端' });
    expect(picker).toHaveTextContent('企业端、平台端');
    expect(reload).not.toHaveBeenCalled();
  });
});
