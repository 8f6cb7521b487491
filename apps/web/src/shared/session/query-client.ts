import { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from './session-store';

export function createQueryClient(): QueryClient {
  // The HTTP client already shows errors; retrying would repeat them.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * The one query client of the page: route loaders and components share it, so data a loader waited
 * for is what the page renders. Queries marked `meta.sessionScoped` belong to one signed-in user and
 * are dropped when that user signs out or another signs in.
 */
export const sessionQueryClient = createQueryClient();

export const SESSION_SCOPED = { sessionScoped: true } as const;

useSessionStore.subscribe((state, previous) => {
  if (state.user?._id === previous.user?._id) return;
  sessionQueryClient.removeQueries({ predicate: (query) => query.meta?.sessionScoped === true });
});
