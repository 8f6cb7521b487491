import { Activity, type ReactElement, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useOutlet } from 'react-router';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { type PageTab, PageTabProvider } from '@/shared/page-tab';
import { confirmDiscard, forgetUnsavedWork, hasUnsavedWork } from '@/shared/unsaved-changes';
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
  // The page on screen, read by the pages' forms as their effects stop (hidden with their tab, or gone).
  const shownKey = useRef<string | null>(null);
  shownKey.current = page?.key ?? null;

  // The outlet of the current page replaces its stored element (same key: same instance, new props).
  if (caching) cache.current.set(page.key, outlet);
  const kept = new Set(tabs.filter((t) => t.cache).map((t) => t.key));
  for (const key of [...cache.current.keys()]) {
    if (!tagsView || (!kept.has(key) && key !== page?.key)) cache.current.delete(key);
  }
  // The unsaved work of pages no longer held (a closed tab, a page that was not kept) went with them.
  useEffect(() => {
    const held = new Set([...cache.current.keys()].map((key) => `${key}#${versionOf(key)}`));
    if (!caching && page) held.add(`live:${page.key}#${versionOf(page.key)}`);
    forgetUnsavedWork((_key, instance) => instance === null || held.has(instance));
  });

  return (
    <main className="app-main">
      {[...cache.current].map(([key, element]) => (
        <Activity key={`${key}#${versionOf(key)}`} mode={caching && key === page.key ? 'visible' : 'hidden'}>
          <div className="app-page" data-page-key={key}>
            <TabOfPage tabKey={key} instance={`${key}#${versionOf(key)}`} kept shownKey={shownKey}>
              {element}
            </TabOfPage>
          </div>
        </Activity>
      ))}
      {!caching && (
        <div className="app-page" key={`live:${page?.key ?? ''}#${page ? versionOf(page.key) : 0}`}>
          {page ? (
            <TabOfPage
              tabKey={page.key}
              instance={`live:${page.key}#${versionOf(page.key)}`}
              kept={false}
              shownKey={shownKey}
            >
              {outlet}
            </TabOfPage>
          ) : (
            outlet
          )}
        </div>
      )}
    </main>
  );
}

/**
 * Lets a page close its own tab as it leaves (useLeavePage), asking first when it holds unsaved work, and tells its
 * forms which tab they are in.
 */
function TabOfPage({
  tabKey,
  instance,
  kept,
  shownKey,
  children,
}: {
  tabKey: string;
  /** This page instance (a refreshed tab's page is a new one). */
  instance: string;
  kept: boolean;
  shownKey: { current: string | null };
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const tab = useMemo<PageTab>(
    () => ({
      key: tabKey,
      instance,
      kept,
      shown: () => shownKey.current === tabKey,
      leave(to, options) {
        const go = () => {
          forgetUnsavedWork((key) => key !== tabKey);
          useTabsStore.getState().dispatch({ type: 'close', key: tabKey });
          void navigate(to, options);
        };
        if (!hasUnsavedWork([tabKey])) go();
        else void confirmDiscard().then((drop) => drop && go());
      },
    }),
    [tabKey, instance, kept, shownKey, navigate],
  );
  return <PageTabProvider value={tab}>{children}</PageTabProvider>;
}
