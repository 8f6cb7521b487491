import type { RoleBody, RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

/** The body of a new or changed role: the institution's carries only `name` and `remark`. */
export type RoleInput = RoleBody | Pick<RoleBody, 'name' | 'remark'>;

export const createRole = (body: RoleInput, scope: RoleScope = PLATFORM_ROLES): Promise<RoleRow> =>
  request<RoleRow>('POST', scope.roles, { body });

export const useCreateRole = (scope: RoleScope = PLATFORM_ROLES) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleInput) => createRole(body, scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [scope.key] }),
  });
};
