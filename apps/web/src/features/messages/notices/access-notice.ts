import type { UserInfo } from '@skill-cert/shared/auth';
import type { RoleTypeId } from '@skill-cert/shared/roles';

/** What the app does once a role was taken from the user (spec §4 delete_role_notice), from the refetched user. */
export type RoleNoticeDecision =
  /** No role left: say so, log out, reload. */
  | { kind: 'logout' }
  /** One role, and it is active: confirm, reload. */
  | { kind: 'reload' }
  /** One role, none active: make it active, reload. */
  | { kind: 'activate'; role: RoleTypeId }
  /** Several roles (active or not): confirm, then 选择登录端. */
  | { kind: 'pick' };

export const NO_ROLE_LEFT_MESSAGE = '您当前操作的角色权限已被移除，您无任何权限访问系统，请退出！';

export function decideRoleNotice(
  user: Pick<UserInfo, 'active_role_type_id' | 'role_type_info'>,
): RoleNoticeDecision {
  const roles = user.role_type_info;
  if (roles.length === 0) return { kind: 'logout' };
  if (roles.length > 1) return { kind: 'pick' };
  const only = roles[0]!._id;
  // An active role the user no longer holds counts as none.
  return user.active_role_type_id === only ? { kind: 'reload' } : { kind: 'activate', role: only };
}

/** The text of the delete_role_notice dialog: the server's message plus what happens next. */
export function roleNoticeContent(decision: RoleNoticeDecision, content: string): string {
  switch (decision.kind) {
    case 'logout':
      return NO_ROLE_LEFT_MESSAGE;
    case 'pick':
      return `${content}，请重新选择登录端！`;
    default:
      return `${content}，请更新！`;
  }
}

/** The text of the permission_update_notice dialog (spec §4). */
export const permissionNoticeContent = (content: string): string => `${content}，请更新！`;
