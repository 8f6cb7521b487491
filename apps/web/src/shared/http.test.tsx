import { REQUEST_TIMEOUT_MS } from '@skill-cert/shared/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { browser } from './browser';
import { IDEMPOTENCY_HEADER, isApiStatusMarked, request, resetApiStatus, TIMEOUT_MESSAGE } from './http';
import { getToken, TOKEN_COOKIE } from './session/session';

/** Mounts the providers so the client's dialogs and messages render into the document. */
const mountFeedback = () => render(<AppProviders>{null}</AppProviders>);

describe('http client (spec §8)', () => {
  beforeEach(() => {
    resetApiStatus();
    mountFeedback();
  });

  it('code 200 resolves with data', async () => {
    installFakeNetwork({ 'GET /api/thing': ok({ id: 1 }) });
    await expect(request('GET', '/api/thing')).resolves.toEqual({ id: 1 });
  });

  it('code 200001 resolves with data', async () => {
    installFakeNetwork({ 'GET /api/thing': { body: { code: 200001, message: 'ok', data: [1, 2] } } });
    await expect(request('GET', '/api/thing')).resolves.toEqual([1, 2]);
  });

  it('code 999 rejects with the whole body and shows nothing', async () => {
    const body = { code: 999, message: '需要处理', data: { step: 2 } };
    installFakeNetwork({ 'POST /api/thing': { body } });
    await expect(request('POST', '/api/thing')).rejects.toEqual(body);
    expect(screen.queryByText('需要处理')).not.toBeInTheDocument();
  });

  it('code 400 rejects with Error(message) and shows the message', async () => {
    installFakeNetwork({ 'POST /api/thing': fail(400, '手机号格式不正确') });
    const error = await request('POST', '/api/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('手机号格式不正确');
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
  });

  it('code 400 with silent rejects without showing the message', async () => {
    installFakeNetwork({ 'POST /api/thing': fail(400, '静默错误') });
    await expect(request('POST', '/api/thing', { silent: true })).rejects.toThrow('静默错误');
    // A message shown for a later failure comes after any shown for this one: once it is there, this one is not.
    installFakeNetwork({ 'POST /api/other': fail(400, '之后的错误') });
    await request('POST', '/api/other').catch(() => undefined);
    expect(await screen.findByText('之后的错误')).toBeInTheDocument();
    expect(screen.queryByText('静默错误')).not.toBeInTheDocument();
  });

  it('code 61 shows a 提示 dialog with one 确定 button, then marks the API status', async () => {
    installFakeNetwork({ 'GET /api/thing': fail(61, '系统维护中') });
    await expect(request('GET', '/api/thing')).rejects.toThrow('系统维护中');

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('提示');
    expect(dialog).toHaveTextContent('系统维护中');
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    expect(isApiStatusMarked()).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(isApiStatusMarked()).toBe(true);
  });

  it('code 401 shows one 您已退出 dialog; 重新登录 clears the token and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    Cookies.set(TOKEN_COOKIE, 'stale');
    installFakeNetwork({
      'GET /api/thing': { status: 200, body: { code: 401, message: '未登录', data: null } },
    });

    await Promise.allSettled([request('GET', '/api/thing'), request('GET', '/api/thing')]);

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('您已退出，请重新登录!');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
    expect(getToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('HTTP status 401 shows the 您已退出 dialog even without an envelope', async () => {
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    installFakeNetwork({ 'GET /api/thing': { status: 401, body: 'Unauthorized' } });

    await expect(request('GET', '/api/thing')).rejects.toThrow();

    expect(await screen.findByText('您已退出，请重新登录!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新登录' }));
  });

  it('other codes reject with the message, or with Error when there is none', async () => {
    installFakeNetwork({
      'GET /api/limited': fail(429, '操作过于频繁，请稍后再试'),
      'GET /api/broken': { status: 500, body: { code: 500, message: '', data: null } },
    });
    await expect(request('GET', '/api/limited')).rejects.toThrow('操作过于频繁，请稍后再试');
    await expect(request('GET', '/api/broken')).rejects.toThrow(/^Error$/);
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeInTheDocument();
  });

  it("a server fault's message carries the request id for support; a refusal's does not", async () => {
    installFakeNetwork({
      'GET /api/broken': {
        ...fail(500, '服务器繁忙，请稍后重试'),
        headers: { 'X-Request-Id': '5f2c9a01d3e4b768' },
      },
      'GET /api/refused': { ...fail(400, '名称不能为空'), headers: { 'X-Request-Id': '0a1b2c3d4e5f6071' } },
    });
    await expect(request('GET', '/api/broken')).rejects.toThrow(
      '服务器繁忙，请稍后重试（错误编号 5f2c9a01d3e4b768，可告知客服）',
    );
    expect(
      await screen.findByText('服务器繁忙，请稍后重试（错误编号 5f2c9a01d3e4b768，可告知客服）'),
    ).toBeInTheDocument();
    await expect(request('GET', '/api/refused')).rejects.toThrow(/^名称不能为空$/);
  });

  it('a request still pending after 60 s fails with 请求超时，请稍后重试', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('GET', '/api/slow').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(((await pending) as Error).message).toBe(TIMEOUT_MESSAGE);
    vi.useRealTimers();
    expect(await screen.findByText(TIMEOUT_MESSAGE)).toBeInTheDocument();
  });

  it('a call given a longer timeoutMs (creating a certificate batch) is still waited for after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('POST', '/api/slow', { timeoutMs: 5 * REQUEST_TIMEOUT_MS }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(2 * REQUEST_TIMEOUT_MS);
    answer(new Response(JSON.stringify({ code: 200, message: 'success', data: { done: true } })));
    expect(await pending).toEqual({ done: true });
    vi.useRealTimers();
  });

  it('a network failure rejects with a network message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('GET', '/api/thing', { silent: true })).rejects.toThrow('网络异常，请检查网络连接');
  });

  it('sends the Bearer token, a JSON body and the cleaned query', async () => {
    Cookies.set(TOKEN_COOKIE, 'abc');
    const network = installFakeNetwork({ 'POST /api/thing': ok(null) });

    await request('POST', '/api/thing', {
      params: { name: '  张三 ', status: 'all', type: '全部', page: 1, empty: '', none: null },
      body: { a: 1 },
    });

    const [call] = network.calls;
    expect(call.headers.get('Authorization')).toBe('Bearer abc');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual({ a: 1 });
    expect(Object.fromEntries(call.query)).toEqual({ name: '张三', page: '1' });
  });

  it('sends no Authorization header without a token', async () => {
    const network = installFakeNetwork({ 'GET /api/thing': ok(null) });
    await request('GET', '/api/thing');
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(network.calls[0].headers.has('Authorization')).toBe(false);
  });
});

describe('acting once: the Idempotency-Key of writes', () => {
  const keyOf = (call: { headers: Headers }) => call.headers.get(IDEMPOTENCY_HEADER);
  /** A route that answers only when the test says so. */
  const held = () => {
    const answers: (() => void)[] = [];
    return {
      answers,
      handler: () =>
        new Promise<ReturnType<typeof ok>>((resolve) => {
          answers.push(() => resolve(ok(null)));
        }),
    };
  };

  beforeEach(() => {
    mountFeedback();
  });

  it('every POST, PUT, PATCH and DELETE carries a key of its own; a GET carries none', async () => {
    const network = installFakeNetwork({
      'GET /api/thing': ok(null),
      'POST /api/thing': ok(null),
      'PUT /api/thing': ok(null),
      'PATCH /api/thing': ok(null),
      'DELETE /api/thing': ok(null),
    });
    await request('GET', '/api/thing');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) await request(method, '/api/thing');
    expect(keyOf(network.calls[0])).toBeNull();
    const keys = network.calls.slice(1).map(keyOf);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(4);
  });

  it('an identical write sent while the first is under way (a double click) carries the same key', async () => {
    const route = held();
    const network = installFakeNetwork({ 'POST /api/batches': route.handler });
    const first = request('POST', '/api/batches', { body: { name: '一期' } });
    const second = request('POST', '/api/batches', { body: { name: '一期' } });
    await waitFor(() => expect(network.calls).toHaveLength(2));
    expect(keyOf(network.calls[1])).toBe(keyOf(network.calls[0]));
    for (const answer of route.answers) answer();
    await Promise.all([first, second]);
  });

  it('a write with another body, URL or method meanwhile carries another key', async () => {
    const route = held();
    const network = installFakeNetwork({
      'POST /api/batches': route.handler,
      'PATCH /api/batches': route.handler,
    });
    const sent = [
      request('POST', '/api/batches', { body: { name: '一期' } }),
      request('POST', '/api/batches', { body: { name: '二期' } }),
      request('POST', '/api/batches', { body: { name: '一期' }, params: { copy: 1 } }),
      request('PATCH', '/api/batches', { body: { name: '一期' } }),
    ];
    await waitFor(() => expect(network.calls).toHaveLength(4));
    expect(new Set(network.calls.map(keyOf)).size).toBe(4);
    for (const answer of route.answers) answer();
    await Promise.all(sent);
  });

  it('the same write sent again after the first was answered is a new action: a new key', async () => {
    const network = installFakeNetwork({ 'POST /api/batches': ok(null) });
    await request('POST', '/api/batches', { body: { name: '一期' } });
    await request('POST', '/api/batches', { body: { name: '一期' } });
    expect(keyOf(network.calls[1])).not.toBe(keyOf(network.calls[0]));
  });

  it('a failed write lets its key go too: sent again, it is a new action', async () => {
    const network = installFakeNetwork({ 'POST /api/batches': fail(400, '名称不能为空') });
    await request('POST', '/api/batches', { body: {}, silent: true }).catch(() => undefined);
    await request('POST', '/api/batches', { body: {}, silent: true }).catch(() => undefined);
    expect(keyOf(network.calls[1])).not.toBe(keyOf(network.calls[0]));
  });

  it('multipart bodies cannot be compared: each carries its own key', async () => {
    const route = held();
    const network = installFakeNetwork({ 'POST /api/import': route.handler });
    const form = () => {
      const data = new FormData();
      data.append('name', 'x');
      return data;
    };
    const sent = [
      request('POST', '/api/import', { body: form() }),
      request('POST', '/api/import', { body: form() }),
    ];
    await waitFor(() => expect(network.calls).toHaveLength(2));
    expect(keyOf(network.calls[1])).not.toBe(keyOf(network.calls[0]));
    for (const answer of route.answers) answer();
    await Promise.all(sent);
  });
});
