import type { LoginResult, RoleTypeInfo, UserInfo } from '@skill-cert/shared/auth';
import { isRoleTypeId, type RoleTypeId } from '@skill-cert/shared/roles';
import Cookies from 'js-cookie';
import { useSessionStore } from './session-store';

/** Where the session lives in the browser (spec §3): the token in a cookie, the rest in localStorage. */
export const TOKEN_COOKIE = 'Admin-Token';
const LOGIN_TIME_KEY = 'Login-Time';
const EXPIRES_IN_KEY = 'Token-Expires-In';
export const ACTIVE_ROLE_KEY = 'Active-Role-Type';
const ROLE_LIST_KEY = 'Role-Types';
export const LAST_ACTIVITY_KEY = 'Last-Activity';

export const NO_ROLE_MESSAGE = '您无权限登录系统，请联系管理员分配权限！';

const MINUTES_PER_DAY = 1440;

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

/**
 * What a login leaves in localStorage, key by key (the active role only when there is one); `bench/web.ts` writes
 * the same into a browser it signs in without the login page.
 */
export function loginStorage(result: LoginResult, now: number): Record<string, string> {
  return {
    [LOGIN_TIME_KEY]: String(now),
    [EXPIRES_IN_KEY]: String(result.expires_in),
    [LAST_ACTIVITY_KEY]: String(now),
    ...roleStorage(result),
  };
}

const roleStorage = (user: UserInfo): Record<string, string> => ({
  ...(user.active_role_type_id == null ? {} : { [ACTIVE_ROLE_KEY]: String(user.active_role_type_id) }),
  [ROLE_LIST_KEY]: JSON.stringify(user.role_type_info),
});

/** Keeps what a login, a refresh or a registration answered. */
export function saveLogin(result: LoginResult): void {
  const { token, token_type: _type, access_token: _access, expires_in, ...user } = result;
  Cookies.set(TOKEN_COOKIE, token, {
    expires: expires_in / MINUTES_PER_DAY,
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
  for (const [key, value] of Object.entries(loginStorage(result, Date.now())))
    localStorage.setItem(key, value);
  saveUser(user);
}

/** Keeps the user in the store and its roles in localStorage (read again by the login page). */
export function saveUser(user: UserInfo): void {
  rememberRoles(user);
  useSessionStore.setState({ user });
}

/** Keeps the active role and the role list in local storage (spec §3) without re-rendering the open page. */
export function rememberRoles(user: UserInfo): void {
  if (user.active_role_type_id == null) localStorage.removeItem(ACTIVE_ROLE_KEY);
  for (const [key, value] of Object.entries(roleStorage(user))) localStorage.setItem(key, value);
}

export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE);
  for (const key of [LOGIN_TIME_KEY, EXPIRES_IN_KEY, ACTIVE_ROLE_KEY, ROLE_LIST_KEY, LAST_ACTIVITY_KEY]) {
    localStorage.removeItem(key);
  }
  useSessionStore.setState({ user: null });
}

const readNumber = (key: string): number | null => {
  const raw = localStorage.getItem(key);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
};

export const getLoginTime = (): number | null => readNumber(LOGIN_TIME_KEY);
export const getExpiresInMinutes = (): number | null => readNumber(EXPIRES_IN_KEY);
export const getLastActivity = (): number | null => readNumber(LAST_ACTIVITY_KEY);
export const markActivity = (at: number = Date.now()): void =>
  localStorage.setItem(LAST_ACTIVITY_KEY, String(at));

export function getStoredActiveRole(): RoleTypeId | null {
  const id = readNumber(ACTIVE_ROLE_KEY);
  return isRoleTypeId(id) ? id : null;
}

export function getStoredRoles(): RoleTypeInfo[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ROLE_LIST_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((r): r is RoleTypeInfo => isRoleTypeId(r?._id)) : [];
  } catch {
    return [];
  }
}
