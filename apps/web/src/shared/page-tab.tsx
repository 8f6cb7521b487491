import { createContext, useCallback, useContext } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';

/** What the page area offers the page it renders: leave it for good, closing its tab; what the page's tab is. */
export interface PageTab {
  leave(to: string, options?: NavigateOptions): void;
  /** The tab's key (the page cache's). */
  key?: string;
  /** The page instance in the tab (刷新 makes a new one). */
  instance?: string;
  /** The page stays mounted, hidden, while another is shown (a cached tab): going elsewhere loses nothing typed. */
  kept?: boolean;
  /** Whether the page is the one on screen now. */
  shown?(): boolean;
}

const PageTabContext = createContext<PageTab | null>(null);

/** Provided by the app's page area around each page (features cannot reach the tab bar themselves). */
export const PageTabProvider = PageTabContext.Provider;

/** The tab of the page this is rendered in, or null outside the tab bar. */
export const usePageTab = (): PageTab | null => useContext(PageTabContext);

/**
 * Leaves this page for `to` and closes its tab: a finished form (saved, submitted or cancelled) leaves no
 * tab behind. Without a tab bar it only navigates.
 */
export function useLeavePage(): (to: string, options?: NavigateOptions) => void {
  const tab = useContext(PageTabContext);
  const navigate = useNavigate();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (tab) tab.leave(to, options);
      else void navigate(to, options);
    },
    [tab, navigate],
  );
}
