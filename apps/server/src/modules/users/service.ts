import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { UserListRow as UserListAnswer } from '@skill-cert/shared/access';
import type { RoleTypeInfo, UserInfo } from '@skill-cert/shared/auth';
import { isRoleTypeId, RoleType, type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, type Column, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { containsAny } from '../../lib/like.ts';
import { userChanged } from '../../lib/user-events.ts';
import { roleTypes, userRoleTypes, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

// argon2id with the library defaults (m=19 MiB, t=2), computed off the event loop.
export const hashPassword = (password: string) => hash(password);

/** A hash of a random secret with the same parameters: what an account without a password is checked against. */
let standIn: Promise<string> | null = null;
const standInHash = () => {
  standIn ??= hash(randomBytes(32).toString('hex'));
  return standIn;
};

/**
 * Whether `password` matches; false without a hash (an unknown account, one without a password), after the same
 * argon2 work as a wrong password, so the answer's time does not tell which accounts exist.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await standInHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

/**
 * The active user `userId` (a placeholder) with the role types held, the company role and whether the company is
 * active, as one prepared query: the session guard runs it on every request. `also` is the caller's condition on the
 * user (a live session of theirs); `companyRole`, `companyActive` and `companyType` the companies module's role of
 * the user in their company, its state and its type.
 */
export function prepareActiveUserLookup(
  db: Db,
  name: string,
  opts: {
    also: (userId: Column) => SQL;
    companyRole: (userId: Column, companyId: Column) => SQL<number | null>;
    companyActive: (companyId: Column) => SQL<boolean | null>;
    companyType: (companyId: Column) => SQL<number | null>;
  },
) {
  return db
    .select({
      user: users,
      roleTypeIds: sql<
        number[]
      >`array(select ${userRoleTypes.roleTypeId} from ${userRoleTypes} where ${userRoleTypes.userId} = ${users.id} order by 1)`,
      companyRole: opts.companyRole(users.id, users.companyId),
      companyActive: opts.companyActive(users.companyId),
      companyType: opts.companyType(users.companyId),
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.status, 1), opts.also(users.id)))
    .limit(1)
    .prepare(name);
}

/** The ids of users whose name or phone contains `keyword`, as a subquery for `inArray(column, …)`. */
export const usersMatching = (db: DbOrTx, keyword: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(containsAny(keyword, users.name, users.phone));

export interface UserContact {
  user_id: string;
  name: string;
  phone: string;
}

/** Name and phone of each of these users (lists of other modules: members, join requests), by id. */
export async function contactsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ user_id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** A user's name, as SQL of their id beside another table's row (another module's list in one statement). */
export const userNameSql = (userId: Column): SQL<string | null> =>
  sql<string | null>`(select ${users.name} from ${users} where ${eq(users.id, userId)})`;

/** The ids of a company's users, or of every user (`companyId` null): the audience of a send to many. */
export async function userIdsOf(db: DbOrTx, companyId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(companyId ? eq(users.companyId, companyId) : undefined);
  return rows.map((r) => r.id);
}

/** The ids of the users holding any of these role types: the audience of a portal's news. */
export async function userIdsHolding(db: DbOrTx, roleTypeIds: readonly number[]): Promise<string[]> {
  if (roleTypeIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: userRoleTypes.userId })
    .from(userRoleTypes)
    .where(inArray(userRoleTypes.roleTypeId, [...roleTypeIds]));
  return rows.map((r) => r.id);
}

/** Every user id, as a subquery: rows written for users keep only those that still exist. */
export const allUserIds = (db: DbOrTx) => db.select({ id: users.id }).from(users);

/** The password login accepts the login name or the phone number. */
export async function findUserByAccount(db: DbOrTx, account: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.name, account), eq(users.phone, account)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/** Which of these accounts (each a name or a phone) some user already holds, in one query. */
export async function findUsersByAccounts(db: DbOrTx, accounts: string[]): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const rows = await db
    .select({ name: users.name, phone: users.phone })
    .from(users)
    .where(or(inArray(users.name, accounts), inArray(users.phone, accounts)));
  const held = new Set(rows.flatMap((r) => [r.name, r.phone]));
  return new Set(accounts.filter((a) => held.has(a)));
}

export async function isNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.name, name)).limit(1);
  return Boolean(row);
}

export async function roleTypeIdsOf(db: DbOrTx, userId: string): Promise<RoleTypeId[]> {
  const rows = await db
    .select({ id: userRoleTypes.roleTypeId })
    .from(userRoleTypes)
    .where(eq(userRoleTypes.userId, userId))
    .orderBy(asc(userRoleTypes.roleTypeId));
  return rows.map((r) => r.id).filter(isRoleTypeId);
}

export interface NewUser {
  name: string;
  phone: string;
  email?: string | null;
  password?: string | null;
  /** An argon2 hash computed earlier (demo data reuses one); wins over `password`. */
  passwordHash?: string | null;
  companyId?: string | null;
  roleTypeIds: RoleTypeId[];
  activeRoleTypeId?: RoleTypeId | null;
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const [user] = await createUsers(db, [input]);
  return user;
}

/** Creates users with their role types in one transaction, three statements whatever their number (demo data). */
export async function createUsers(db: DbOrTx, inputs: NewUser[]): Promise<UserRow[]> {
  if (inputs.length === 0) return [];
  const hashes = await Promise.all(
    inputs.map(
      (input) =>
        input.passwordHash ?? (input.password ? hashPassword(input.password) : Promise.resolve(null)),
    ),
  );
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        inputs.map((input, i) => ({
          name: input.name,
          phone: input.phone,
          email: input.email ?? null,
          passwordHash: hashes[i],
          companyId: input.companyId ?? null,
          activeRoleTypeId:
            input.activeRoleTypeId ?? (input.roleTypeIds.length === 1 ? input.roleTypeIds[0] : null),
        })),
      )
      .returning();
    const roleTypeRows = inputs.flatMap((input, i) =>
      input.roleTypeIds.map((roleTypeId) => ({ userId: created[i].id, roleTypeId })),
    );
    if (roleTypeRows.length) await tx.insert(userRoleTypes).values(roleTypeRows);
    return created;
  });
}

export async function setPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  userChanged(userId);
}

/**
 * The active role after login: kept when the user still holds it, the only role when there is one,
 * otherwise none (the user picks one in the 选择登录端 dialog).
 */
export async function settleActiveRoleType(db: DbOrTx, user: UserRow): Promise<void> {
  const held = await roleTypeIdsOf(db, user.id);
  const current = user.activeRoleTypeId;
  const settled =
    current !== null && held.includes(current as RoleTypeId) ? current : held.length === 1 ? held[0] : null;
  if (settled !== current) {
    await db.update(users).set({ activeRoleTypeId: settled }).where(eq(users.id, user.id));
    userChanged(user.id);
  }
}

/** Makes `role` the active role; false when the user does not hold it. */
export async function switchActiveRoleType(db: DbOrTx, userId: string, role: number): Promise<boolean> {
  const [held] = await db
    .select({ id: userRoleTypes.roleTypeId })
    .from(userRoleTypes)
    .where(and(eq(userRoleTypes.userId, userId), eq(userRoleTypes.roleTypeId, role)))
    .limit(1);
  if (!held) return false;
  await db.update(users).set({ activeRoleTypeId: role }).where(eq(users.id, userId));
  userChanged(userId);
  return true;
}

const roleTypeInfo = (id: RoleTypeId): RoleTypeInfo => ({ _id: id, name: roleTypeNames[id] });

/**
 * The API shape of a user row, the role types it holds and its role in its company (1 管理员, 2 成员, null;
 * the companies module knows it).
 */
export function toUserInfo(user: UserRow, held: readonly number[], companyRole: 1 | 2 | null): UserInfo {
  const roles = held.filter(isRoleTypeId);
  const active =
    user.activeRoleTypeId !== null &&
    isRoleTypeId(user.activeRoleTypeId) &&
    roles.includes(user.activeRoleTypeId)
      ? user.activeRoleTypeId
      : null;
  return {
    _id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    avatar: user.avatar,
    introduction: user.introduction,
    company_id: user.companyId,
    company_role: user.companyId ? companyRole : null,
    active_role_type_id: active,
    active_role_type_info: active ? roleTypeInfo(active) : null,
    role_type_info: roles.map(roleTypeInfo),
    role_types_info: roles,
  };
}

/** The four role types of DOMAIN.md; idempotent. */
export async function ensureRoleTypes(db: DbOrTx): Promise<void> {
  const rows = (Object.keys(roleTypeNames) as unknown as RoleTypeId[]).map((id) => ({
    id: Number(id),
    name: roleTypeNames[id],
  }));
  await db.insert(roleTypes).values(rows).onConflictDoNothing();
}

/** A row of the platform's user list before its roles are added (`GET /api/users`). */
export type UserListRow = Omit<UserListAnswer, 'roles'>;

/** Users for the platform's administration: search by name or phone, filter by role type, paged. */
export async function listUsers(
  db: DbOrTx,
  q: { page: number; per_page: number; keyword?: string; role_type_id?: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const where = and(
    containsAny(q.keyword, users.name, users.phone),
    q.role_type_id
      ? inArray(
          users.id,
          db
            .select({ id: userRoleTypes.userId })
            .from(userRoleTypes)
            .where(eq(userRoleTypes.roleTypeId, q.role_type_id)),
        )
      : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const held = rows.length
    ? await db
        .select()
        .from(userRoleTypes)
        .where(
          inArray(
            userRoleTypes.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    total: n,
    rows: rows.map((u) => ({
      _id: u.id,
      name: u.name,
      phone: u.phone,
      email: u.email,
      company_id: u.companyId,
      status: u.status,
      role_types_info: held
        .filter((h) => h.userId === u.id)
        .map((h) => h.roleTypeId)
        .filter(isRoleTypeId)
        .sort(),
      create_time_str: formatDateTime(u.createdAt),
    })),
  };
}

/** Replaces the role types a user holds; the active one is dropped when no longer held. */
export async function setUserRoleTypes(db: DbOrTx, userId: string, roleTypeIds: RoleTypeId[]): Promise<void> {
  const unique = [...new Set(roleTypeIds)];
  await db.transaction(async (tx) => {
    await tx.delete(userRoleTypes).where(eq(userRoleTypes.userId, userId));
    if (unique.length)
      await tx.insert(userRoleTypes).values(unique.map((roleTypeId) => ({ userId, roleTypeId })));
    const [user] = await tx
      .select({ active: users.activeRoleTypeId })
      .from(users)
      .where(eq(users.id, userId));
    if (user && user.active !== null && !unique.includes(user.active as RoleTypeId)) {
      await tx
        .update(users)
        .set({ activeRoleTypeId: unique.length === 1 ? unique[0] : null })
        .where(eq(users.id, userId));
    }
    userChanged(userId);
  });
}

/** Adds one role type to a user (idempotent). */
export async function grantRoleType(db: DbOrTx, userId: string, roleTypeId: RoleTypeId): Promise<void> {
  await db.insert(userRoleTypes).values({ userId, roleTypeId }).onConflictDoNothing();
  userChanged(userId);
}

/** Binds a new phone number; false when another account already uses it. */
export async function changePhone(db: DbOrTx, userId: string, phone: string): Promise<boolean> {
  const other = await findUserByPhone(db, phone);
  if (other && other.id !== userId) return false;
  await db.update(users).set({ phone }).where(eq(users.id, userId));
  userChanged(userId);
  return true;
}

/**
 * Makes the user belong to `companyId` unless they already belong to a company; false when they do. One
 * conditional UPDATE holds the user's row, so of two concurrent claims (a double click on 创建企业, two
 * approvals) only the first wins and the second sees the company it set.
 */
export async function claimCompany(db: DbOrTx, userId: string, companyId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ companyId })
    .where(and(eq(users.id, userId), isNull(users.companyId)))
    .returning({ id: users.id });
  if (rows.length) userChanged(userId);
  return rows.length > 0;
}

/** The user no longer belongs to `companyId` (nothing changes if they belong to another one by now). */
export async function leaveCompany(db: DbOrTx, userId: string, companyId: string): Promise<void> {
  await db
    .update(users)
    .set({ companyId: null })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  userChanged(userId);
}

/**
 * The active accounts holding 考评员端 among these phones, by phone: an examiner named on a filing or a plan is
 * that account (the examiner portal lists the plans of its account).
 */
export async function examinerAccountsByPhone(
  db: DbOrTx,
  phones: readonly string[],
): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .innerJoin(
      userRoleTypes,
      and(eq(userRoleTypes.userId, users.id), eq(userRoleTypes.roleTypeId, RoleType.EXAMINER)),
    )
    .where(and(inArray(users.phone, [...new Set(phones)]), eq(users.status, 1)));
  return new Map(rows.map((r) => [r.phone, r.id]));
}
