import type { UserInfo } from '@skill-cert/shared/auth';
import { create } from 'zustand';

interface SessionState {
  /** The signed-in user, loaded by the login or by the route guard (`GET /api/user`). */
  user: UserInfo | null;
}

export const useSessionStore = create<SessionState>()(() => ({ user: null }));

export const useCurrentUser = (): UserInfo | null => useSessionStore((s) => s.user);
