import { INACTIVITY_LOGOUT_MS, TOKEN_REFRESH_CHECK_MS } from '@skill-cert/shared/constants';
import { act, fireEvent, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeNetwork, makeLoginResult, ok } from '@/test/fake-network';
import { browser } from '../browser';
import { getLoginTime, getToken, saveLogin } from './session';
import { useSessionKeeper } from './use-session-keeper';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/record-application']}>{children}</MemoryRouter>
);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('session keeper', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  });

  it('logs out and reloads after an hour without activity', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const network = installFakeNetwork({
      'DELETE /api/logout': ok(null),
      'GET /api/refresh': ok(makeLoginResult()),
    });
    saveLogin(makeLoginResult({ roles: [2] }));
    renderHook(useSessionKeeper, { wrapper });

    await advance(INACTIVITY_LOGOUT_MS);
    expect(reload).not.toHaveBeenCalled();
    await advance(TOKEN_REFRESH_CHECK_MS);

    expect(network.callsTo('DELETE /api/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('activity keeps the session alive', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    installFakeNetwork({ 'GET /api/refresh': ok(makeLoginResult()) });
    saveLogin({ ...makeLoginResult(), expires_in: 1000 });
    renderHook(useSessionKeeper, { wrapper });

    for (let minute = 0; minute < 90; minute += 10) {
      await advance(10 * 60_000);
      fireEvent.mouseMove(window);
    }

    expect(reload).not.toHaveBeenCalled();
    expect(getToken()).toBe('token-1');
  });

  it('refreshes the token when under 4 minutes remain and keeps the new one', async () => {
    const network = installFakeNetwork({
      'GET /api/refresh': ok({ ...makeLoginResult(), token: 'token-2', expires_in: 30 }),
    });
    saveLogin({ ...makeLoginResult(), expires_in: 30 });
    const issuedAt = getLoginTime();
    renderHook(useSessionKeeper, { wrapper });

    // 30-minute token: checks at 25:30 and 26:00 leave 4:30 and 4:00, the one at 26:30 leaves 3:30.
    for (let t = 0; t < 26 * 60_000; t += TOKEN_REFRESH_CHECK_MS) {
      await advance(TOKEN_REFRESH_CHECK_MS);
      fireEvent.keyDown(window);
    }
    expect(network.callsTo('GET /api/refresh')).toHaveLength(0);
    await advance(TOKEN_REFRESH_CHECK_MS);

    expect(network.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(getToken()).toBe('token-2');
    expect(getLoginTime()).toBeGreaterThan(issuedAt!);
  });
});
