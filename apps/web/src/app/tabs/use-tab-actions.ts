import { roleHome } from '@skill-cert/shared/roles';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';
import { confirmDiscard, forgetUnsavedWork, hasUnsavedWork } from '@/shared/unsaved-changes';
import { pathAfterClosing, type Tab, tabsReducer } from './tabs-model';
import { useTabsStore } from './tabs-store';

/** The tabs an action would close. */
function droppedBy(action: Parameters<typeof tabsReducer>[1]): string[] {
  const { tabs } = useTabsStore.getState();
  const left = new Set(tabsReducer(tabs, action).map((t) => t.key));
  return tabs.filter((t) => !left.has(t.key)).map((t) => t.key);
}

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

  /** Runs `then` once the pages it drops may go: at once, or after 放弃未保存的修改？ when one holds unsaved work. */
  const dropping = useCallback((keys: string[], then: () => void) => {
    const go = () => {
      forgetUnsavedWork((key) => !keys.includes(key));
      then();
    };
    if (!hasUnsavedWork(keys)) go();
    else void confirmDiscard().then((drop) => drop && go());
  }, []);

  const close = useCallback(
    (tab: Tab) => {
      if (tab.affix) return;
      dropping([tab.key], () => {
        const remaining = apply({ type: 'close', key: tab.key });
        if (tab.key === activeKey) navigate(pathAfterClosing(remaining, home));
      });
    },
    [apply, dropping, activeKey, navigate, home],
  );

  const closeOthers = useCallback(
    (tab: Tab) => {
      const action = { type: 'closeOthers', key: tab.key } as const;
      dropping(droppedBy(action), () => {
        apply(action);
        if (tab.key !== activeKey) navigate(tab.fullPath);
      });
    },
    [apply, dropping, activeKey, navigate],
  );

  const closeAll = useCallback(() => {
    const action = { type: 'closeAll' } as const;
    dropping(droppedBy(action), () => {
      const remaining = apply(action);
      if (!remaining.some((t) => t.key === activeKey)) navigate(pathAfterClosing(remaining, home));
    });
  }, [apply, dropping, activeKey, navigate, home]);

  /** A new instance of the page, through /redirect so its loaders run again too. */
  const refresh = useCallback(
    (tab: Tab) => {
      dropping([tab.key], () => {
        apply({ type: 'refresh', key: tab.key });
        navigate(`/redirect${tab.fullPath}`, { replace: true });
      });
    },
    [apply, dropping, navigate],
  );

  return { close, closeOthers, closeAll, refresh };
}
