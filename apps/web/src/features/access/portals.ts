import type { MenuPortal } from '@skill-cert/shared/access';
import { MenuType, type MenuTypeValue } from '@skill-cert/shared/access';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';

/** The portals whose menus come from the server (平台端 2, 机构端 3, 考评员端 4). */
export const portalOptions: { label: string; value: MenuPortal }[] = [
  { label: roleTypeNames[2], value: 2 },
  { label: roleTypeNames[3], value: 3 },
  { label: roleTypeNames[4], value: 4 },
];

export const portalName = (portal: number): string => roleTypeNames[portal as RoleTypeId] ?? String(portal);

/** Every role type, for the user's 分配角色 dialog. */
export const roleTypeOptions: { label: string; value: RoleTypeId }[] = ([1, 2, 3, 4] as const).map((id) => ({
  label: roleTypeNames[id],
  value: id,
}));

export const menuTypeNames: Record<MenuTypeValue, string> = {
  [MenuType.DIRECTORY]: '目录',
  [MenuType.PAGE]: '菜单',
  [MenuType.BUTTON]: '按钮',
};
