import type { LoginResult, UserInfo } from '@skill-cert/shared/auth';
import { httpStatusOf } from '@skill-cert/shared/envelope';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { vi } from 'vitest';
import { isServerMenuPortal } from '@/shared/permissions/personal-menus';
import { useSessionStore } from '@/shared/session/session-store';
import { fullMenus } from './fake-menus';

/** A request as the fake server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Handler = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export const ok = <T>(data: T): FakeReply => ({ body: { code: 200, message: 'success', data } });
/** An error envelope with the HTTP status the server pairs with its code. */
/** A page of a list as the server answers it (spec §3: list plus meta with total). */
export const paged = <T>(list: T[], total = list.length, page = 1, per_page = 10): FakeReply =>
  ok({
    list,
    meta: { total, count: total, page, per_page, last_page: Math.max(1, Math.ceil(total / per_page)) },
  });

export const fail = (code: number, message: string, status = httpStatusOf(code)): FakeReply => ({
  status,
  body: { code, message, data: null },
});

/**
 * Answers every signed-in page asks for unless a test says otherwise: the default menus of the
 * active role type (empty for the enterprise), as the real server does.
 */
const defaultRoutes: Record<string, Handler> = {
  'GET /api/user/personalMenus': () => {
    const role = useSessionStore.getState().user?.active_role_type_id;
    return ok(isServerMenuPortal(role) ? fullMenus(role) : { menus: [], permissions: [] });
  },
};

/**
 * Replaces `fetch` with a small router of canned envelopes, keyed 'METHOD /path'.
 * Unknown routes answer 404 (a few every page needs have defaults). Every request is recorded in `calls`.
 */
export function installFakeNetwork(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(request);
    const handler =
      routes[`${request.method} ${request.path}`] ?? defaultRoutes[`${request.method} ${request.path}`];
    const reply =
      typeof handler === 'function' ? await handler(request) : (handler ?? fail(404, '接口不存在'));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchStub));
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /**
     * Resolves once every request so far has had its answer, a late or cancelled one too: what a test awaits (inside
     * `act`) before checking that an answer changed nothing, instead of waiting some milliseconds.
     */
    settled: () => Promise.allSettled(fetchStub.mock.results.map((r) => r.value)).then(() => undefined),
  };
}

/**
 * An XMLHttpRequest answered by the same routes (uploads that report progress use one): it reports half the body
 * sent, asks the route, then reports all of it sent and gives the route's answer.
 */
function fakeXhrOver(fetchStub: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
      this.onloadend?.();
    }
    send(body: XMLHttpRequestBodyInit | null) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      void fetchStub(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
          this.onloadend?.();
        },
        () => {
          this.onerror?.();
          this.onloadend?.();
        },
      );
    }
  };
}

const roleInfo = (id: RoleTypeId) => ({ _id: id, name: roleTypeNames[id] });

/** A user holding `roles`, with the first one active unless told otherwise. */
export function makeUser(overrides: Partial<UserInfo> & { roles?: RoleTypeId[] } = {}): UserInfo {
  const { roles = [1], ...rest } = overrides;
  const active = 'active_role_type_id' in rest ? (rest.active_role_type_id ?? null) : (roles[0] ?? null);
  return {
    _id: 'user-1',
    name: '张三',
    phone: '13800000000',
    email: 'zhangsan@example.com',
    avatar: null,
    introduction: null,
    company_id: 'company-1',
    company_role: rest.company_id === null ? null : 1,
    role_type_info: roles.map(roleInfo),
    role_types_info: roles,
    ...rest,
    active_role_type_id: active,
    active_role_type_info: active ? roleInfo(active) : null,
  };
}

export function makeLoginResult(overrides: Parameters<typeof makeUser>[0] = {}): LoginResult {
  return {
    ...makeUser(overrides),
    token: 'token-1',
    token_type: 'Bearer',
    access_token: 'token-1',
    expires_in: 120,
  };
}
