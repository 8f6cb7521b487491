import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/provider';
import { UnsavedChangesPrompt } from '@/shared/unsaved-changes';

/**
 * Rendering for tests of features and shared code, which never import `src/app` themselves: the app's providers
 * (theme, locale, feedback bridge) around `ui`, with a query client of its own.
 */
export function renderWithProviders(ui: ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

/**
 * Renders `page` at `path` in a memory router whose other paths show "navigated away" (to see where it went);
 * `routes` adds paths of its own (e.g. /login).
 */
export function renderPage(
  path: string,
  page: ReactNode,
  routes: { path: string; element: ReactNode }[] = [],
  /** The route's pattern when the page reads parameters ('/x/detail/:id'); `path` is then the URL opened. */
  pattern = path,
) {
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {page}
            <UnsavedChangesPrompt />
          </>
        ),
      },
      ...routes,
      { path: '*', element: <p>navigated away</p> },
    ],
    { initialEntries: [path] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, location: () => router.state.location.pathname, ...view };
}
