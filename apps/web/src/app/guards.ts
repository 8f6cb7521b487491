import type { UserInfo } from '@skill-cert/shared/auth';
import { RoleType, roleHome } from '@skill-cert/shared/roles';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { feedback } from '@/shared/feedback';
import { loginPathFor } from '@/shared/redirect';
import { getUser } from '@/shared/session/api/get-user';
import { clearSession, getToken, NO_ROLE_MESSAGE, saveUser } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';

/**
 * Route guards. They run as loaders on every navigation into their routes (shouldRevalidate
 * is always true), so a lost token or role is noticed on the next click, not only at start-up.
 */
async function signedInUser(request: Request): Promise<UserInfo> {
  const url = new URL(request.url);
  const toLogin = () => redirect(loginPathFor(url.pathname + url.search));
  if (!getToken()) throw toLogin();
  let user = useSessionStore.getState().user;
  if (!user) {
    try {
      user = await getUser();
    } catch {
      // Routing failure clears the token and goes to login (spec §8).
      clearSession();
      throw toLogin();
    }
    saveUser(user);
  }
  if (user.role_type_info.length === 0) {
    clearSession();
    feedback.message.error(NO_ROLE_MESSAGE);
    throw redirect('/login');
  }
  // Several roles but none active: the login page shows the role picker.
  if (user.active_role_type_id === null) throw toLogin();
  return user;
}

/**
 * The signed-in area: an enterprise user without a company must first join or create one. For the
 * server-menu portals the menus are loaded here, before any page renders, so a reload or a deep
 * link on a server-menu route finds its route; later navigations refresh them in the background.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await signedInUser(request);
  if (user.active_role_type_id === RoleType.ENTERPRISE && !user.company_id) throw redirect('/join');
  // Loaded here, not with the router: the menus' schemas (and zod) stay out of the sign-in page.
  const { loadPersonalMenus, isServerMenuPortal } = await import('@/shared/permissions/personal-menus');
  await Promise.all([
    loadPersonalMenus(user),
    // Their icons with them: the menu shows no generic icon first.
    isServerMenuPortal(user.active_role_type_id) &&
      import('./layout/menu-icon').then((m) => m.loadServerMenuIcons()),
  ]);
  return null;
}

/**
 * /join is for an enterprise user without a company. A user with a company, or acting as another role type
 * (platform, institution, examiner: they never join by code), goes to their role's home.
 */
export async function requireSessionWithoutCompany({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await signedInUser(request);
  if (user.company_id || user.active_role_type_id !== RoleType.ENTERPRISE)
    throw redirect(roleHome(user.active_role_type_id, user.company_id));
  return null;
}

export const alwaysRevalidate = (): boolean => true;
