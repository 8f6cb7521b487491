import {
  type InstitutionRoleBody,
  MENU_PORTALS,
  type MenuBody,
  type MenuNode,
  type MenuPortal,
  MenuType,
  type MenuTypeValue,
  type PersonalMenus,
  type RoleBody,
  type RoleRow,
} from '@skill-cert/shared/access';
import type { Paged, PageQuery } from '@skill-cert/shared/pagination';
import { pageMeta } from '@skill-cert/shared/pagination';
import { ALL_PERMISSION } from '@skill-cert/shared/permission';
import { RoleType, type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { menusChanged, userChanged } from '../../lib/user-events.ts';
import { menus, roleMenus, roles, userRoles } from './tables.ts';

/** The platform's roles of a portal (no owner), as opposed to an institution's own. */
const platformOwned = isNull(roles.companyId);

type MenuRow = typeof menus.$inferSelect;
type RoleRecord = typeof roles.$inferSelect;

function toNode(m: MenuRow): MenuNode {
  return {
    _id: m.id,
    parent_id: m.parentId,
    portal: m.portal as MenuPortal,
    type: m.type as MenuTypeValue,
    name: m.name,
    icon: m.icon,
    key: m.key,
    front_route_path: m.frontRoutePath,
    front_route_name: m.frontRouteName,
    front_route_addr: m.frontRouteAddr,
    redirect_url: m.redirectUrl,
    whether_hidden: m.whetherHidden ? 1 : 0,
    whether_cache: m.whetherCache ? 1 : 0,
    sort: m.sort,
    children: [],
  };
}

/** Builds the tree from flat rows already ordered by sort; orphans (parent not given) become roots. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

async function portalMenus(db: DbOrTx, portal: number): Promise<MenuRow[]> {
  return db
    .select()
    .from(menus)
    .where(eq(menus.portal, portal))
    .orderBy(asc(menus.sort), asc(menus.createdAt));
}

export const listMenuTree = async (db: DbOrTx, portal: number) =>
  buildMenuTree(await portalMenus(db, portal));

interface Grants {
  all: boolean;
  menuIds: Set<string>;
}

/**
 * The roles a user holds in a portal that count: the platform's, and an institution's own only while the user belongs
 * to that institution (one who left it keeps nothing of it).
 */
async function grantsOf(db: DbOrTx, userId: string, portal: number): Promise<Grants> {
  const held = await db
    .select({ id: roles.id, all: roles.permissionAll })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(roles.portal, portal),
        or(platformOwned, sql`${roles.companyId} = (select company_id from users where id = ${userId})`),
      ),
    );
  if (held.some((r) => r.all === 1)) return { all: true, menuIds: new Set() };
  if (held.length === 0) return { all: false, menuIds: new Set() };
  const granted = await db
    .selectDistinct({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(
      inArray(
        roleMenus.roleId,
        held.map((r) => r.id),
      ),
    );
  return { all: false, menuIds: new Set(granted.map((g) => g.id)) };
}

/**
 * The active portal's menus this user may see, with the ancestors that hold them together, and the
 * permission keys the user holds there.
 */
export async function personalMenus(db: DbOrTx, userId: string, portal: number): Promise<PersonalMenus> {
  const [rows, grants] = await Promise.all([portalMenus(db, portal), grantsOf(db, userId, portal)]);
  if (grants.all) {
    return { menus: buildMenuTree(rows), permissions: [ALL_PERMISSION] };
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Set<string>();
  for (const id of grants.menuIds) {
    for (let m = byId.get(id); m && !visible.has(m.id); m = m.parentId ? byId.get(m.parentId) : undefined) {
      visible.add(m.id);
    }
  }
  const kept = rows.filter((r) => visible.has(r.id));
  // Every granted key: buttons and hidden menus (spec §6) and pages, whose keys guard their list endpoints.
  const permissions = [...new Set(kept.filter((m) => grants.menuIds.has(m.id) && m.key).map((m) => m.key!))];
  return { menus: buildMenuTree(kept), permissions };
}

/** The keys held in a portal, for the server-side check: `*:*:*` or the granted keys. */
export async function permissionKeysOf(db: DbOrTx, userId: string, portal: number): Promise<string[]> {
  const grants = await grantsOf(db, userId, portal);
  if (grants.all) return [ALL_PERMISSION];
  if (grants.menuIds.size === 0) return [];
  const rows = await db
    .select({ key: menus.key })
    .from(menus)
    .where(and(inArray(menus.id, [...grants.menuIds]), eq(menus.portal, portal)));
  return [...new Set(rows.map((r) => r.key).filter((k): k is string => Boolean(k)))];
}

/**
 * Whether a user holds `key` (or `*:*:*`) in a portal, for the server-side check of every guarded request: the roles
 * that count (grantsOf) and their menus' keys in one statement, where reading all the keys takes three.
 */
export async function holdsPermission(
  db: DbOrTx,
  userId: string,
  portal: number,
  key: string,
): Promise<boolean> {
  const keys = [key, ALL_PERMISSION];
  const rows = await db
    .select({ ok: sql<number>`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(roles.portal, portal),
        or(platformOwned, sql`${roles.companyId} = (select company_id from users where id = ${userId})`),
        or(
          eq(roles.permissionAll, 1),
          sql`exists (select 1 from ${roleMenus} inner join ${menus} on ${menus.id} = ${roleMenus.menuId}
            where ${roleMenus.roleId} = ${roles.id} and ${menus.portal} = ${portal} and ${inArray(menus.key, keys)})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function assertParent(db: DbOrTx, body: MenuBody, selfId?: string): Promise<void> {
  if (!body.parent_id) return;
  const all = await portalMenus(db, body.portal);
  const parent = all.find((m) => m.id === body.parent_id);
  if (!parent) throw badRequest('上级菜单不存在或不属于同一端');
  if (parent.type === MenuType.BUTTON) throw badRequest('按钮下不能再添加菜单');
  if (selfId) {
    const byId = new Map(all.map((m) => [m.id, m]));
    for (let m: MenuRow | undefined = parent; m; m = m.parentId ? byId.get(m.parentId) : undefined) {
      if (m.id === selfId) throw badRequest('上级菜单不能是自身或其下级');
    }
  }
}

const menuValues = (b: MenuBody) => ({
  portal: b.portal,
  parentId: b.parent_id,
  type: b.type,
  name: b.name,
  icon: b.icon,
  key: b.key,
  frontRoutePath: b.front_route_path,
  frontRouteName: b.front_route_name,
  frontRouteAddr: b.front_route_addr,
  redirectUrl: b.redirect_url,
  whetherHidden: b.whether_hidden,
  whetherCache: b.whether_cache,
  sort: b.sort,
});

/** One menu item, or null. */
export async function findMenu(db: DbOrTx, id: string): Promise<MenuNode | null> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row ? toNode(row) : null;
}

export async function createMenu(db: DbOrTx, body: MenuBody): Promise<MenuNode> {
  await assertParent(db, body);
  const [row] = await db.insert(menus).values(menuValues(body)).returning();
  menusChanged();
  return toNode(row);
}

export async function updateMenu(db: DbOrTx, id: string, body: MenuBody): Promise<MenuNode> {
  const [current] = await db.select().from(menus).where(eq(menus.id, id));
  if (!current) throw notFound('菜单不存在');
  if (current.portal !== body.portal) throw badRequest('不能修改菜单所属端');
  await assertParent(db, body, id);
  const [row] = await db.update(menus).set(menuValues(body)).where(eq(menus.id, id)).returning();
  menusChanged();
  return toNode(row);
}

/** Deletes a menu with everything below it; the grants go with them. */
export async function deleteMenu(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.delete(menus).where(eq(menus.id, id)).returning({ id: menus.id });
  if (deleted.length === 0) throw notFound('菜单不存在');
  menusChanged();
}

const toRoleRow = (r: RoleRecord): RoleRow => ({
  _id: r.id,
  portal: r.portal as MenuPortal,
  name: r.name,
  remark: r.remark,
  permission_all: r.permissionAll ? 1 : 0,
  create_time_str: formatDateTime(r.createdAt),
});

export async function listRoles(
  db: DbOrTx,
  q: PageQuery & { portal?: number; keyword?: string },
): Promise<Paged<RoleRow>> {
  const where = and(
    platformOwned,
    q.portal ? eq(roles.portal, q.portal) : undefined,
    q.keyword ? ilike(roles.name, `%${q.keyword}%`) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(roles).where(where);
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(asc(roles.portal), desc(roles.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map(toRoleRow), meta: pageMeta(n, q) };
}

/** A role of the platform (no owner); an institution's role is not the platform's to read or change. */
export async function getRole(db: DbOrTx, id: string): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), platformOwned));
  if (!row) throw notFound('角色不存在');
  const granted = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id));
  return { ...toRoleRow(row), menu_ids: granted.map((g) => g.id) };
}

export async function createRole(db: DbOrTx, body: RoleBody): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({ portal: body.portal, name: body.name, remark: body.remark, permissionAll: body.permission_all })
    .returning();
  return toRoleRow(row);
}

export async function updateRole(db: DbOrTx, id: string, body: RoleBody): Promise<RoleRow> {
  const [current] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), platformOwned));
  if (!current) throw notFound('角色不存在');
  if (current.portal !== body.portal) throw badRequest('不能修改角色所属端');
  const [row] = await db
    .update(roles)
    .set({ name: body.name, remark: body.remark, permissionAll: body.permission_all })
    .where(eq(roles.id, id))
    .returning();
  userChanged(...(await usersHoldingRole(db, id)));
  return toRoleRow(row);
}

/** Deletes a role; returns the users who held it (their access changed). */
export async function deleteRole(db: DbOrTx, id: string): Promise<string[]> {
  const holders = await usersHoldingRole(db, id);
  const deleted = await db
    .delete(roles)
    .where(and(eq(roles.id, id), platformOwned))
    .returning({ id: roles.id });
  if (deleted.length === 0) throw notFound('角色不存在');
  userChanged(...holders);
  return holders;
}

export async function usersHoldingRole(db: DbOrTx, roleId: string): Promise<string[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.id);
}

/** Replaces a platform role's menu grants (menus of the role's own portal only); returns the users who hold it. */
export async function setRoleMenus(db: DbOrTx, roleId: string, menuIds: string[]): Promise<string[]> {
  const role = await getRole(db, roleId);
  return writeRoleMenus(db, roleId, role.portal, menuIds);
}

async function writeRoleMenus(
  db: DbOrTx,
  roleId: string,
  portal: number,
  menuIds: string[],
): Promise<string[]> {
  const unique = [...new Set(menuIds)];
  if (unique.length) {
    const found = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(inArray(menus.id, unique), eq(menus.portal, portal)));
    if (found.length !== unique.length) throw badRequest('所选菜单不存在或不属于该角色所属端');
  }
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (unique.length) await tx.insert(roleMenus).values(unique.map((menuId) => ({ roleId, menuId })));
  });
  const holders = await usersHoldingRole(db, roleId);
  userChanged(...holders);
  return holders;
}

/** The platform's roles a user holds (the platform's user administration; an institution's roles are its own). */
export async function rolesOfUser(db: DbOrTx, userId: string): Promise<RoleRow[]> {
  const rows = await db
    .select({ role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), platformOwned))
    .orderBy(asc(roles.portal), asc(roles.name));
  return rows.map((r) => toRoleRow(r.role));
}

/**
 * Replaces the platform's roles a user holds (an institution's roles of the user stay). Roles must belong to portals
 * among `allowedPortals` (the user's role types).
 */
export async function setUserRoles(
  db: DbOrTx,
  userId: string,
  roleIds: string[],
  allowedPortals: number[],
): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    const found = await db
      .select({ id: roles.id, portal: roles.portal })
      .from(roles)
      .where(and(inArray(roles.id, unique), platformOwned));
    if (found.length !== unique.length) throw badRequest('所选角色不存在');
    if (found.some((r) => !allowedPortals.includes(r.portal)))
      throw badRequest('只能分配用户已拥有角色类型下的角色');
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, userId),
          inArray(userRoles.roleId, tx.select({ id: roles.id }).from(roles).where(platformOwned)),
        ),
      );
    if (unique.length) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
  });
  userChanged(userId);
}

/**
 * A server-menu role type without a role opens no page (the user would see 暂无可访问的页面): each of
 * `portals` that has menus needs at least one role of the user.
 */
export async function requireRolePerPortal(db: DbOrTx, userId: string, portals: number[]): Promise<void> {
  const held = new Set((await rolesOfUser(db, userId)).map((r) => r.portal as number));
  const bare = portals.find((p) => (MENU_PORTALS as readonly number[]).includes(p) && !held.has(p));
  if (bare !== undefined) throw badRequest(`请为${roleTypeNames[bare as RoleTypeId]}选择至少一个角色`);
}

/** Removes the roles (the platform's and any institution's) a user holds in portals no longer among `keptPortals`. */
export async function dropRolesOutsidePortals(
  db: DbOrTx,
  userId: string,
  keptPortals: number[],
): Promise<void> {
  const held = await db
    .select({ id: roles.id, portal: roles.portal })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const drop = held.filter((r) => !keptPortals.includes(r.portal)).map((r) => r.id);
  if (drop.length) {
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, drop)));
    userChanged(userId);
  }
}

// ------------------------------------------------------------------------------ an institution's own roles

const INSTITUTION = RoleType.INSTITUTION;
export const INSTITUTION_ROLE_NOT_FOUND = '角色不存在或已删除';
const ofInstitution = (companyId: string) =>
  and(eq(roles.portal, INSTITUTION), eq(roles.companyId, companyId));

/** `GET /api/institution/roles`: the institution's own roles, newest first. */
export async function listInstitutionRoles(
  db: DbOrTx,
  companyId: string,
  q: PageQuery & { keyword?: string },
): Promise<Paged<RoleRow>> {
  const where = and(ofInstitution(companyId), containsAny(q.keyword, roles.name));
  const [{ n }] = await db.select({ n: count() }).from(roles).where(where);
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(desc(roles.createdAt), desc(roles.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map(toRoleRow), meta: pageMeta(n, q) };
}

/** One of the institution's roles with its grants; another institution's or the platform's reads as missing. */
export async function getInstitutionRole(db: DbOrTx, companyId: string, id: string): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), ofInstitution(companyId)));
  if (!row) throw notFound(INSTITUTION_ROLE_NOT_FOUND);
  const granted = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id));
  return { ...toRoleRow(row), menu_ids: granted.map((g) => g.id) };
}

export async function createInstitutionRole(
  db: DbOrTx,
  companyId: string,
  body: InstitutionRoleBody,
): Promise<RoleRow> {
  const [row] = await db
    .insert(roles)
    .values({ portal: INSTITUTION, companyId, name: body.name, remark: body.remark, permissionAll: 0 })
    .returning();
  return toRoleRow(row);
}

/** Renames a role of the institution; answers it and who holds it (their menus may read differently). */
export async function updateInstitutionRole(
  db: DbOrTx,
  companyId: string,
  id: string,
  body: InstitutionRoleBody,
): Promise<{ role: RoleRow; holders: string[] }> {
  const [row] = await db
    .update(roles)
    .set({ name: body.name, remark: body.remark })
    .where(and(eq(roles.id, id), ofInstitution(companyId)))
    .returning();
  if (!row) throw notFound(INSTITUTION_ROLE_NOT_FOUND);
  const holders = await usersHoldingRole(db, id);
  userChanged(...holders);
  return { role: toRoleRow(row), holders };
}

/** Deletes a role of the institution; answers who held it. */
export async function deleteInstitutionRole(db: DbOrTx, companyId: string, id: string): Promise<string[]> {
  await getInstitutionRole(db, companyId, id);
  const holders = await usersHoldingRole(db, id);
  await db.delete(roles).where(and(eq(roles.id, id), ofInstitution(companyId)));
  userChanged(...holders);
  return holders;
}

/** Replaces what a role of the institution grants: institution menu items only. Answers its holders. */
export async function setInstitutionRoleMenus(
  db: DbOrTx,
  companyId: string,
  id: string,
  menuIds: string[],
): Promise<string[]> {
  await getInstitutionRole(db, companyId, id);
  return writeRoleMenus(db, id, INSTITUTION, menuIds);
}

/** The institution's own roles each of these users holds, by user id. */
export async function institutionRolesOf(
  db: DbOrTx,
  companyId: string,
  userIds: string[],
): Promise<Map<string, { _id: string; name: string }[]>> {
  const by = new Map<string, { _id: string; name: string }[]>();
  if (userIds.length === 0) return by;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, userIds), ofInstitution(companyId)))
    .orderBy(asc(roles.name));
  for (const r of rows) by.set(r.userId, [...(by.get(r.userId) ?? []), { _id: r.id, name: r.name }]);
  return by;
}

/**
 * Replaces the institution's roles a user holds (the platform's roles of the user stay): each must be one of the
 * institution's own, else 400 `所选角色不存在`.
 */
export async function setInstitutionRoles(
  db: DbOrTx,
  companyId: string,
  userId: string,
  roleIds: string[],
): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, unique), ofInstitution(companyId)));
    if (found.length !== unique.length) throw badRequest('所选角色不存在');
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.userId, userId),
          inArray(userRoles.roleId, tx.select({ id: roles.id }).from(roles).where(ofInstitution(companyId))),
        ),
      );
    if (unique.length) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
  });
  userChanged(userId);
}

/** The platform's roles of the institution portal a person is given with its administration (机构管理员). */
/** What the audit log calls an action: the name of the route's permission key in the default menus. */
export { defaultKeyNames, grantRolesByName } from './defaults.ts';
