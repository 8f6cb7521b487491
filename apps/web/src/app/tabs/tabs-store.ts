import { create } from 'zustand';
import { useSessionStore } from '@/shared/session/session-store';
import { type Tab, type TabsAction, tabsReducer } from './tabs-model';

interface TabsState {
  tabs: Tab[];
  dispatch(action: TabsAction): void;
}

/** The open tabs of this page load (a reload or a role switch starts afresh). */
export const useTabsStore = create<TabsState>()((set) => ({
  tabs: [],
  dispatch: (action) => set((state) => ({ tabs: tabsReducer(state.tabs, action) })),
}));

// Tabs belong to one user in one role: another user or role starts with an empty bar.
useSessionStore.subscribe((state, previous) => {
  if (
    state.user?._id !== previous.user?._id ||
    state.user?.active_role_type_id !== previous.user?.active_role_type_id
  ) {
    useTabsStore.getState().dispatch({ type: 'reset' });
  }
});
