import type { UserInfo } from '@skill-cert/shared/auth';
import { CompanyRole } from '@skill-cert/shared/roles';
import { create } from 'zustand';

interface SessionState {
  /** The signed-in user, loaded by the login or by the route guard (`GET /api/user`). */
  user: UserInfo | null;
}

export const useSessionStore = create<SessionState>()(() => ({ user: null }));

export const useCurrentUser = (): UserInfo | null => useSessionStore((s) => s.user);

/** Whether the signed-in user administers their company (`company_role` of `GET /api/user`). */
export const useIsCompanyAdmin = (): boolean =>
  useSessionStore((s) => s.user?.company_role === CompanyRole.ADMIN);
