import { roleHome } from '@skill-cert/shared/roles';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';
import { pathAfterClosing, type Tab, tabsReducer } from './tabs-model';
import { useTabsStore } from './tabs-store';

/** The tab bar's commands (spec §2): they change the list, then go where the rules say. */
export function useTabActions(activeKey: string | null) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const home = roleHome(user?.active_role_type_id, user?.company_id);

  const apply = useCallback((action: Parameters<typeof tabsReducer>[1]): Tab[] => {
    const { tabs, dispatch } = useTabsStore.getState();
    dispatch(action);
    return tabsReducer(tabs, action);
  }, []);

  const close = useCallback(
    (tab: Tab) => {
      if (tab.affix) return;
      const remaining = apply({ type: 'close', key: tab.key });
      if (tab.key === activeKey) navigate(pathAfterClosing(remaining, home));
    },
    [apply, activeKey, navigate, home],
  );

  const closeOthers = useCallback(
    (tab: Tab) => {
      apply({ type: 'closeOthers', key: tab.key });
      if (tab.key !== activeKey) navigate(tab.fullPath);
    },
    [apply, activeKey, navigate],
  );

  const closeAll = useCallback(() => {
    const remaining = apply({ type: 'closeAll' });
    if (!remaining.some((t) => t.key === activeKey)) navigate(pathAfterClosing(remaining, home));
  }, [apply, activeKey, navigate, home]);

  /** A new instance of the page, through /redirect so its loaders run again too. */
  const refresh = useCallback(
    (tab: Tab) => {
      apply({ type: 'refresh', key: tab.key });
      navigate(`/redirect${tab.fullPath}`, { replace: true });
    },
    [apply, navigate],
  );

  return { close, closeOthers, closeAll, refresh };
}
