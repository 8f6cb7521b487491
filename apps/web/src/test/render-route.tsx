import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
