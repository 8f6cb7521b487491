import { z } from 'zod';
import { MENU_PORTALS, MenuType } from './menu-codes.ts';

export { MENU_PORTALS, type MenuPortal, MenuType, type MenuTypeValue } from './menu-codes.ts';

/** One node of `GET /api/user/personalMenus` and of the platform's menu tree. */
export const menuNode = z
  .object({
    _id: z.string(),
    parent_id: z.string().nullable(),
    portal: z.literal(MENU_PORTALS),
    type: z.literal([MenuType.DIRECTORY, MenuType.PAGE, MenuType.BUTTON]),
    name: z.string(),
    icon: z.string().nullable(),
    /** Permission key, e.g. `system:role:grant`. */
    key: z.string().nullable(),
    /** 'Layout' marks a grouping node. */
    front_route_path: z.string().nullable(),
    front_route_name: z.string().nullable(),
    /** Page component key the web app maps to a page. */
    front_route_addr: z.string().nullable(),
    redirect_url: z.string().nullable(),
    /** 1 hidden. */
    whether_hidden: z.literal([0, 1]),
    /** 0 not cached. */
    whether_cache: z.literal([0, 1]),
    sort: z.number(),
    get children(): z.ZodArray<typeof menuNode> {
      return z.array(menuNode);
    },
  })
  .meta({ id: 'MenuNode' });
export type MenuNode = z.infer<typeof menuNode>;

/** `GET /api/user/personalMenus`: the active role type's tree for this user and the keys it holds. */
export const personalMenus = z.object({
  menus: z.array(menuNode),
  /** Keys of granted buttons and hidden menus; `*:*:*` for a role that holds everything. */
  permissions: z.array(z.string()),
});
export type PersonalMenus = z.infer<typeof personalMenus>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v ? v : null));

export const menuBody = z
  .object({
    portal: z.coerce
      .number({ error: '请选择所属端' })
      .refine((v) => [2, 3, 4].includes(v), '所属端只能是平台端、机构端或考评员端'),
    parent_id: z
      .string()
      .uuid('上级菜单不存在')
      .nullish()
      .transform((v) => v ?? null),
    type: z.coerce
      .number({ error: '请选择菜单类型' })
      .refine((v) => [1, 2, 3].includes(v), '菜单类型只能是目录、菜单或按钮'),
    name: z
      .string({ error: '请输入菜单名称' })
      .trim()
      .min(1, '请输入菜单名称')
      .max(50, '菜单名称不能超过50个字符'),
    icon: optionalText(50, '图标'),
    key: optionalText(100, '权限标识'),
    front_route_path: optionalText(200, '路由地址'),
    front_route_name: optionalText(100, '路由名称'),
    front_route_addr: optionalText(200, '组件路径'),
    redirect_url: optionalText(200, '重定向地址'),
    whether_hidden: z.coerce
      .number()
      .refine((v) => v === 0 || v === 1, '是否隐藏只能是 0 或 1')
      .default(0),
    whether_cache: z.coerce
      .number()
      .refine((v) => v === 0 || v === 1, '是否缓存只能是 0 或 1')
      .default(1),
    sort: z.coerce.number().int('排序应为整数').min(0, '排序不能为负数').default(0),
  })
  .superRefine((m, ctx) => {
    if (m.type === MenuType.BUTTON && !m.key)
      ctx.addIssue({ code: 'custom', path: ['key'], message: '按钮必须填写权限标识' });
    if (m.type === MenuType.PAGE && !m.front_route_path) {
      ctx.addIssue({ code: 'custom', path: ['front_route_path'], message: '菜单必须填写路由地址' });
    }
  });
export type MenuBody = z.infer<typeof menuBody>;

export const roleBody = z.object({
  portal: z.coerce
    .number({ error: '请选择所属端' })
    .refine((v) => [2, 3, 4].includes(v), '所属端只能是平台端、机构端或考评员端'),
  name: z
    .string({ error: '请输入角色名称' })
    .trim()
    .min(1, '请输入角色名称')
    .max(50, '角色名称不能超过50个字符'),
  remark: optionalText(200, '备注'),
  /** 1: holds every permission of its portal (`*:*:*`). */
  permission_all: z.coerce
    .number()
    .refine((v) => v === 0 || v === 1, '全部权限只能是 0 或 1')
    .default(0),
});
export type RoleBody = z.infer<typeof roleBody>;

/**
 * `POST /api/institution/roles`, `PATCH .../{id}`: a role of the caller's institution only (机构端; never all
 * permissions: what it grants is chosen from the institution menu by `PUT .../{id}/menus`).
 */
export const institutionRoleBody = roleBody.pick({ name: true, remark: true });
export type InstitutionRoleBody = z.infer<typeof institutionRoleBody>;

export const roleMenusBody = z.object({
  menu_ids: z.array(z.string().uuid('菜单不存在'), { error: '请选择菜单' }).max(2000, '菜单过多'),
});

export const userRoleTypesBody = z.object({
  role_type_ids: z
    .array(
      z.coerce.number().refine((v) => [1, 2, 3, 4].includes(v), '角色类型不存在'),
      { error: '请选择角色类型' },
    )
    .max(4),
  /**
   * The roles to hold with these role types, set in the same transaction (分配角色). Given, every
   * server-menu role type held needs at least one of its roles.
   */
  role_ids: z.array(z.string().uuid('角色不存在'), { error: '请选择角色' }).max(200, '角色过多').optional(),
});

export const userRolesBody = z.object({
  role_ids: z.array(z.string().uuid('角色不存在'), { error: '请选择角色' }).max(200, '角色过多'),
});

export const roleRow = z.object({
  _id: z.string(),
  portal: z.literal(MENU_PORTALS),
  name: z.string(),
  remark: z.string().nullable(),
  permission_all: z.literal([0, 1]),
  menu_ids: z.array(z.string()).optional(),
  create_time_str: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** A user of the platform's user administration, with the roles they hold. */
export const userListRow = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company_id: z.string().nullable(),
  status: z.number(),
  role_types_info: z.array(z.literal([1, 2, 3, 4])),
  create_time_str: z.string(),
  roles: z.array(roleRow),
});
export type UserListRow = z.infer<typeof userListRow>;
