import { INACTIVITY_LOGOUT_MS, TOKEN_REFRESH_BEFORE_MS } from '@skill-cert/shared/constants';
import { describe, expect, it } from 'vitest';
import { decideSessionAction, type SessionClock } from './session-timing';

const T0 = Date.UTC(2025, 0, 1, 8);
const clock = (overrides: Partial<SessionClock> = {}): SessionClock => ({
  now: T0,
  hasToken: true,
  pathname: '/record-application',
  lastActivityAt: T0,
  loginAt: T0,
  expiresInMinutes: 120,
  ...overrides,
});

describe('session timing (spec §4)', () => {
  it('logs out after more than 1 hour without activity', () => {
    expect(decideSessionAction(clock({ now: T0 + INACTIVITY_LOGOUT_MS + 1 }))).toBe('logout');
  });

  it('keeps the session at exactly 1 hour of inactivity', () => {
    expect(decideSessionAction(clock({ now: T0 + INACTIVITY_LOGOUT_MS, expiresInMinutes: 600 }))).toBe(
      'none',
    );
  });

  it('never logs out on /login', () => {
    expect(decideSessionAction(clock({ now: T0 + 2 * INACTIVITY_LOGOUT_MS, pathname: '/login' }))).toBe(
      'none',
    );
  });

  it('does nothing without a token', () => {
    expect(decideSessionAction(clock({ now: T0 + 2 * INACTIVITY_LOGOUT_MS, hasToken: false }))).toBe('none');
  });

  it('refreshes when under 4 minutes of the token remain', () => {
    const expiresAt = T0 + 120 * 60_000;
    expect(
      decideSessionAction(
        clock({ now: expiresAt - TOKEN_REFRESH_BEFORE_MS + 1, lastActivityAt: expiresAt - 60_000 }),
      ),
    ).toBe('refresh');
  });

  it('does not refresh while 4 minutes or more remain', () => {
    const expiresAt = T0 + 120 * 60_000;
    expect(
      decideSessionAction(
        clock({ now: expiresAt - TOKEN_REFRESH_BEFORE_MS, lastActivityAt: expiresAt - 60_000 }),
      ),
    ).toBe('none');
  });

  it('prefers logout to refresh when the user has been away', () => {
    expect(decideSessionAction(clock({ now: T0 + 119 * 60_000, lastActivityAt: T0 }))).toBe('logout');
  });

  it('refreshes when the issue time of the token is unknown', () => {
    expect(decideSessionAction(clock({ loginAt: null }))).toBe('refresh');
  });
});
