import { ROLE_DICTS } from '@skill-cert/shared/role-dicts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dictGeneration, dictQueryOptions } from './dict-cache';

/**
 * The dictionaries a role fetches as it signs in (spec §6; the lists are shared with the server: `shared/role-dicts`),
 * into the one dictionary cache. Pages then read them from the cache with `useDict`.
 */
export { ROLE_DICTS } from '@skill-cert/shared/role-dicts';

/** Fetches the role's dictionaries not cached yet, in one request (names asked in one turn go together). */
export function prefetchRoleDicts(queryClient: QueryClient, role: number | null | undefined): Promise<void> {
  const names = role ? (ROLE_DICTS[role] ?? []) : [];
  const generation = dictGeneration();
  return Promise.all(names.map((name) => queryClient.prefetchQuery(dictQueryOptions(name, generation)))).then(
    () => undefined,
  );
}

/** The signed-in shell fetches the active role's dictionaries once it is there (and again after a role switch). */
export function useRoleDicts(role: number | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void prefetchRoleDicts(queryClient, role);
  }, [queryClient, role]);
}
