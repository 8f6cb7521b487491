import { INACTIVITY_LOGOUT_MS, TOKEN_REFRESH_BEFORE_MS } from '@skill-cert/shared/constants';

export type SessionAction = 'logout' | 'refresh' | 'none';

export interface SessionClock {
  now: number;
  hasToken: boolean;
  pathname: string;
  lastActivityAt: number;
  /** When the current token was issued, kept locally; null if unknown. */
  loginAt: number | null;
  /** Token lifetime in minutes, as the server sent it; null if unknown. */
  expiresInMinutes: number | null;
}

/**
 * What the session keeper does at each check (spec §4): log out after an hour without
 * activity (never on /login); otherwise refresh the token when under 4 minutes remain.
 */
export function decideSessionAction(clock: SessionClock): SessionAction {
  if (!clock.hasToken || clock.pathname === '/login') return 'none';
  if (clock.now - clock.lastActivityAt > INACTIVITY_LOGOUT_MS) return 'logout';
  // Without a known issue time the remaining lifetime is unknown: ask the server for a fresh one.
  if (clock.loginAt === null || clock.expiresInMinutes === null) return 'refresh';
  const expiresAt = clock.loginAt + clock.expiresInMinutes * 60_000;
  return expiresAt - clock.now < TOKEN_REFRESH_BEFORE_MS ? 'refresh' : 'none';
}
