import { createContext, useCallback, useContext } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';

/** What the page area offers the page it renders: leave it for good, closing its tab. */
export interface PageTab {
  leave(to: string, options?: NavigateOptions): void;
}

const PageTabContext = createContext<PageTab | null>(null);

/** Provided by the app's page area around each page (features cannot reach the tab bar themselves). */
export const PageTabProvider = PageTabContext.Provider;

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
