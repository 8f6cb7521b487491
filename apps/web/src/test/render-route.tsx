import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/provider';
import { routes } from '@/app/router';

/** Renders the whole app at `path`, as the browser would, on a memory history. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location, ...view };
}

/** Loads the layout shell's lazy module ahead of a suite of whole-route tests, so the first test does not pay for it. */
export const preloadShell = () => import('@/app/layout/app-layout');

/**
 * Loads the lazy modules of the routes that `paths` open (the shell and the pages), ahead of a suite: a test's time is
 * then its own work, not the first import of a page's modules, which on a busy machine took most of it.
 */
export async function preloadRoutes(...paths: string[]): Promise<void> {
  const lazies = paths.flatMap((path) => matchRoutes(routes, path) ?? []).map((m) => m.route.lazy);
  await Promise.all([preloadShell(), ...lazies.map((lazy) => (typeof lazy === 'function' ? lazy() : null))]);
}
