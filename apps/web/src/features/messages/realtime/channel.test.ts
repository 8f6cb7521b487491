import { describe, expect, it } from 'vitest';
import {
  type ChannelState,
  initialChannelState,
  MAX_LOGIN_RETRIES,
  parseServerFrame,
  reconnectDelay,
  reduceChannel,
} from './channel';

const unread = { list: [], count: 3 };

describe('real-time channel frames (spec §4)', () => {
  it('init → bind, bound → login and the heartbeat, login ok → intervalData, intervalData → unread', () => {
    const [afterInit, bindEffects] = reduceChannel(initialChannelState, { type: 'init', client_id: 'c-1' });
    expect(afterInit).toMatchObject({ clientId: 'c-1', bound: false });
    expect(bindEffects).toEqual([{ kind: 'bind', clientId: 'c-1' }]);

    const [afterBind, loginEffects] = reduceChannel(afterInit, { type: 'bound' });
    expect(afterBind.bound).toBe(true);
    expect(loginEffects).toEqual([{ kind: 'send', frame: { type: 'login' } }, { kind: 'startHeartbeat' }]);

    const [afterLogin, intervalEffects] = reduceChannel(afterBind, { type: 'login', data: { ok: true } });
    expect(intervalEffects).toEqual([{ kind: 'send', frame: { type: 'intervalData' } }]);

    const [, unreadEffects] = reduceChannel(afterLogin, { type: 'intervalData', data: unread });
    expect(unreadEffects).toEqual([{ kind: 'unread', data: unread }]);
  });

  it('a pushed message becomes a pushed effect carrying the list and the count', () => {
    const data = {
      list: [
        {
          _id: 'm-1',
          message_category_name: '系统通知',
          create_time_str: '2026-01-01 10:00:00',
          content: '你好',
          whether_read: 0 as const,
          url: null,
          data: { _id: null, template_key: 'system_notice' },
        },
      ],
      count: 7,
    };
    expect(reduceChannel(initialChannelState, { type: 'message', data })[1]).toEqual([
      { kind: 'pushed', data },
    ]);
  });

  it('login not yet bound is retried, at most MAX_LOGIN_RETRIES times', () => {
    let state: ChannelState = { ...initialChannelState, clientId: 'c-1', bound: true };
    for (let i = 0; i < MAX_LOGIN_RETRIES; i++) {
      const [next, effects] = reduceChannel(state, { type: 'login', data: { ok: false } });
      expect(effects).toEqual([{ kind: 'retryLogin' }]);
      state = next;
    }
    expect(reduceChannel(state, { type: 'login', data: { ok: false } })[1]).toEqual([]);
  });

  it('logout stops the channel for good', () => {
    const [state, effects] = reduceChannel(
      { ...initialChannelState, clientId: 'c-1', bound: true },
      { type: 'logout', data: { reason: '登录已失效' } },
    );
    expect(state.loggedOut).toBe(true);
    expect(effects).toEqual([{ kind: 'stop' }]);
  });

  it('a new init after a reconnect binds the new client id', () => {
    const bound: ChannelState = { ...initialChannelState, clientId: 'old', bound: true };
    const [state, effects] = reduceChannel(bound, { type: 'init', client_id: 'new' });
    expect(state).toMatchObject({ clientId: 'new', bound: false });
    expect(effects).toEqual([{ kind: 'bind', clientId: 'new' }]);
  });
});

describe('parseServerFrame', () => {
  it('accepts the server frames and rejects anything else', () => {
    expect(parseServerFrame('{"type":"init","client_id":"c"}')).toEqual({ type: 'init', client_id: 'c' });
    expect(parseServerFrame('{"type":"message","data":{"list":[],"count":2}}')).toEqual({
      type: 'message',
      data: { list: [], count: 2 },
    });
    expect(parseServerFrame('{"type":"message","data":{"count":2}}')).toBeNull();
    expect(parseServerFrame('{"type":"init"}')).toBeNull();
    expect(parseServerFrame('{"type":"other","data":{}}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('treats a negative or unknown attempt as the first', () => {
    expect(reconnectDelay(-1)).toBe(1_000);
    expect(reconnectDelay(Number.NaN)).toBe(1_000);
  });
});
