import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';
import { roleTypes, users } from '../users/tables.ts';

/** Menu items of the server-menu portals (platform, institution, examiner): directories, pages, buttons. */
export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    portal: integer('portal')
      .notNull()
      .references(() => roleTypes.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    icon: text('icon'),
    key: text('key'),
    frontRoutePath: text('front_route_path'),
    frontRouteName: text('front_route_name'),
    frontRouteAddr: text('front_route_addr'),
    redirectUrl: text('redirect_url'),
    whetherHidden: smallint('whether_hidden').notNull().default(0),
    whetherCache: smallint('whether_cache').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_portal_idx').on(t.portal, t.sort)],
);

/**
 * Roles inside a portal; `permissionAll` holds every permission of the portal (`*:*:*`). `companyId`: the institution a
 * role belongs to (made by its administrator, seen and granted there only); null for the platform's roles.
 */
export const roles = pgTable('roles', {
  id: idColumn(),
  portal: integer('portal')
    .notNull()
    .references(() => roleTypes.id),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  remark: text('remark'),
  permissionAll: smallint('permission_all').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * The default menu items (by portal and key; a directory by `dir:` + its name) once added to this database: each is
 * added at start only if it never was, so one an administrator deleted stays deleted.
 */
export const accessSeededMenus = pgTable(
  'access_seeded_menus',
  {
    portal: integer('portal').notNull(),
    key: text('key').notNull(),
    seededAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.portal, t.key] })],
);
