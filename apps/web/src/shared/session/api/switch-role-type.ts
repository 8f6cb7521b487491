import type { UserInfo } from '@skill-cert/shared/auth';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { request } from '../../http';

/** Makes `role` the active role of the signed-in user (spec §4 role switch). */
export const switchRoleType = (role: RoleTypeId, options: { silent?: boolean } = {}): Promise<UserInfo> =>
  request<UserInfo>('PATCH', '/api/user/switchRoleType', { body: { role }, silent: options.silent });
