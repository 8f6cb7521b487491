import { TOKEN_REFRESH_CHECK_MS } from '@skill-cert/shared/constants';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { browser } from '../browser';
import { logout } from './api/logout';
import { refreshToken } from './api/refresh-token';
import {
  clearSession,
  getExpiresInMinutes,
  getLastActivity,
  getLoginTime,
  getToken,
  markActivity,
  saveLogin,
} from './session';
import { decideSessionAction, type SessionAction } from './session-timing';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;
/** Activity is written at most this often (it lives in localStorage, shared by all tabs). */
const ACTIVITY_THROTTLE_MS = 1_000;

/** One check of the session; exported for tests. */
export async function checkSession(pathname: string, now: number = Date.now()): Promise<SessionAction> {
  const action = decideSessionAction({
    now,
    pathname,
    hasToken: getToken() !== null,
    lastActivityAt: getLastActivity() ?? now,
    loginAt: getLoginTime(),
    expiresInMinutes: getExpiresInMinutes(),
  });
  if (action === 'logout') {
    await logout().catch(() => undefined);
    clearSession();
    browser.reload();
  } else if (action === 'refresh') {
    // A failed refresh is retried at the next check; a 401 opens the re-login dialog in the client.
    await refreshToken()
      .then(saveLogin)
      .catch(() => undefined);
  }
  return action;
}

/** Mounted once in the signed-in layout: logs out after inactivity and keeps the token fresh. */
export function useSessionKeeper(): void {
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  useEffect(() => {
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_THROTTLE_MS) return;
      lastWrite = now;
      markActivity(now);
    };
    onActivity();
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });

    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void checkSession(pathnameRef.current).finally(() => {
        checking = false;
      });
    }, TOKEN_REFRESH_CHECK_MS);

    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
}
