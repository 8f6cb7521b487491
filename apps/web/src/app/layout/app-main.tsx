import { Activity, type ReactElement, type ReactNode, useMemo, useRef } from 'react';
import { useNavigate, useOutlet } from 'react-router';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { type PageTab, PageTabProvider } from '@/shared/page-tab';
import { useTabsStore } from '../tabs/tabs-store';
import type { CurrentPage } from './current-page';

/**
 * The page area with the page cache of spec §2. Each open tab whose page may be cached keeps its
 * page instance under <Activity>: visible for the current tab, hidden (state kept, effects
 * stopped) for the others. The instance is keyed by the tab key (full path for record views, route
 * name otherwise) and the tab's version, so two detail tabs never share state, closing a tab drops
 * only its page, and 刷新 (a new version) remounts only that page.
 */
export function AppMain({ page }: { page: CurrentPage | null }) {
  const outlet = useOutlet();
  const tagsView = useLayoutSettings((s) => s.tagsView);
  const tabs = useTabsStore((s) => s.tabs);
  const cache = useRef(new Map<string, ReactElement | null>());

  const caching = tagsView && page !== null && !page.noTab && page.cache;
  const versionOf = (key: string) => tabs.find((t) => t.key === key)?.version ?? 0;

  // The outlet of the current page replaces its stored element (same key: same instance, new props).
  if (caching) cache.current.set(page.key, outlet);
  const kept = new Set(tabs.filter((t) => t.cache).map((t) => t.key));
  for (const key of [...cache.current.keys()]) {
    if (!tagsView || (!kept.has(key) && key !== page?.key)) cache.current.delete(key);
  }

  return (
    <main className="app-main">
      {[...cache.current].map(([key, element]) => (
        <Activity key={`${key}#${versionOf(key)}`} mode={caching && key === page.key ? 'visible' : 'hidden'}>
          <div className="app-page" data-page-key={key}>
            <TabOfPage tabKey={key}>{element}</TabOfPage>
          </div>
        </Activity>
      ))}
      {!caching && (
        <div className="app-page" key={`live:${page?.key ?? ''}#${page ? versionOf(page.key) : 0}`}>
          {page ? <TabOfPage tabKey={page.key}>{outlet}</TabOfPage> : outlet}
        </div>
      )}
    </main>
  );
}

/** Lets a page close its own tab as it leaves (useLeavePage). */
function TabOfPage({ tabKey, children }: { tabKey: string; children: ReactNode }) {
  const navigate = useNavigate();
  const tab = useMemo<PageTab>(
    () => ({
      leave(to, options) {
        useTabsStore.getState().dispatch({ type: 'close', key: tabKey });
        void navigate(to, options);
      },
    }),
    [tabKey, navigate],
  );
  return <PageTabProvider value={tab}>{children}</PageTabProvider>;
}
