import { MESSAGE_PAGE_SIZE } from '@skill-cert/shared/constants';
import type { Message } from '@skill-cert/shared/messages';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { TOKEN_COOKIE } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeReply, type FakeRequest, fail, makeUser, ok } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { descriptionOf } from '@/test/ui';
import { MessageBell } from '../components/message-bell';
import { MessageBoxSlot } from '../components/message-box-slot';
import { resetMessages } from '../messages-store';
import { RealtimeProvider } from '../realtime/realtime-provider';

/** Test data and rendering for the message centre (imported by its tests only). */

let seq = 0;

export function makeMessage(
  overrides: Partial<Message> & { template_key?: string; related_id?: string } = {},
): Message {
  seq += 1;
  const { template_key = 'system_notice', related_id = null, ...rest } = overrides;
  return {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    message_category_name: '系统通知',
    create_time_str: '2026-01-01 10:00:00',
    content: `通知内容 ${seq}`,
    whether_read: 0,
    url: null,
    data: { _id: related_id, template_key },
    ...rest,
  };
}

type Handler = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

/** An in-memory message service behaving like the server's (newest first, own messages only). */
export function fakeMessageServer(initial: Message[]) {
  let messages = [...initial];
  const unread = () => messages.filter((m) => m.whether_read === 0);
  const routes: Record<string, Handler> = {
    'GET /api/message': (request) => {
      const whetherRead = request.query.get('whether_read');
      const page = Number(request.query.get('page') ?? 1);
      const perPage = Number(request.query.get('per_page') ?? MESSAGE_PAGE_SIZE);
      const rows =
        whetherRead === null ? messages : messages.filter((m) => String(m.whether_read) === whetherRead);
      return ok({
        list: rows.slice((page - 1) * perPage, page * perPage),
        meta: {
          count: rows.length,
          total: rows.length,
          page,
          per_page: perPage,
          last_page: Math.max(1, Math.ceil(rows.length / perPage)),
        },
      });
    },
    'GET /api/message/unreadMessage': () => ok({ list: unread().slice(0, 10), count: unread().length }),
    'POST /api/message/readMany': (request) => {
      const ids = (request.body as { ids: string[] }).ids;
      messages = messages.map((m) =>
        ids.length === 0 || ids.includes(m._id) ? { ...m, whether_read: 1 } : m,
      );
      return ok({ count: ids.length });
    },
    'POST /api/message/deleteMany': (request) => {
      const ids = (request.body as { ids: string[] }).ids;
      messages = ids.length === 0 ? [] : messages.filter((m) => !ids.includes(m._id));
      return ok({ count: ids.length });
    },
    'POST /api/websocket/bindUser': ok(null),
  };
  for (const message of initial) {
    routes[`DELETE /api/message/${message._id}`] = () => {
      const before = messages.length;
      messages = messages.filter((m) => m._id !== message._id);
      return messages.length < before ? ok(null) : fail(404, '消息不存在或已删除');
    };
  }
  return {
    routes,
    get messages() {
      return messages;
    },
    /** A message the server stores (and will push). */
    add(message: Message) {
      messages = [message, ...messages];
    },
  };
}

/** Signs a user in the way the app keeps a session: a token cookie and the user in the store. */
export function signIn(user = makeUser()) {
  Cookies.set(TOKEN_COOKIE, 'token-1');
  useSessionStore.setState({ user });
  return user;
}

function Shell() {
  return (
    <RealtimeProvider
      renderRolePicker={(roles) => (
        <div role="dialog" aria-label="选择登录端">
          {roles.map((r) => r.name).join('、')}
        </div>
      )}
    >
      <MessageBell />
      <MessageBoxSlot />
      <Outlet />
    </RealtimeProvider>
  );
}

/** The bell and the real-time provider in a signed-in shell, with a few target pages. */
export function renderMessages(extra: ReactNode = null) {
  resetMessages();
  const page = (name: string) => <main aria-label={name}>{name}</main>;
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: page('首页') },
          { path: '/grant-certificate/confirm-add/:id', element: page('确认发证') },
          { path: '/offline-certificate/confirm-add/:id', element: page('确认发证（证书生成）') },
          { path: '/offline-certificate/detail/:id', element: page('证书生成详情') },
          { path: '/test-plan/edit/:id', element: page('编辑考试计划') },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const view = renderWithProviders(
    <>
      <RouterProvider router={router} />
      {extra}
    </>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location, ...view };
}

/** The navbar's bell. */
export const bell = (): HTMLElement => screen.getByLabelText('消息中心', { selector: 'button' });

/** What the bell says of the unread messages: '12 条未读', or '' with none. */
export const bellUnread = (): string => descriptionOf(bell());
