import { randomBytes } from 'node:crypto';
import {
  type CompanyInfo,
  CompanyRole,
  type CompanyRoleValue,
  CompanyType,
  type CompanyTypeValue,
  type CreateCompanyBody,
  companyRoleText,
  companyTypeText,
  type JoinRequestRow,
  JoinRequestStatus,
  joinRequestStatusText,
  type MemberRow,
} from '@skill-cert/shared/company';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, type Column, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ackNotice, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { userChanged } from '../../lib/userEvents.ts';
import { regionNames } from '../area/service.ts';
import { assignToCompany, webPathOf } from '../files/service.ts';
import {
  claimCompany,
  createUser,
  findUserByPhone,
  isNameTaken,
  leaveCompany,
  roleTypeIdsOf,
} from '../users/service.ts';
import { users } from '../users/tables.ts';
import { companies, companyMembers, joinRequests } from './tables.ts';

type CompanyRow = typeof companies.$inferSelect;

const fileRef = (id: string | null) => (id ? { file_id: id, webPath: webPathOf(id) } : null);

export function toCompanyInfo(c: CompanyRow): CompanyInfo {
  return {
    _id: c.id,
    name: c.name,
    type: c.type === CompanyType.INSTITUTION ? CompanyType.INSTITUTION : CompanyType.ENTERPRISE,
    type_text: companyTypeText[c.type] ?? companyTypeText[CompanyType.ENTERPRISE],
    credit_code: c.creditCode,
    sub_name: c.subName,
    en_name: c.enName,
    region_code: c.regionCode,
    region_names: c.regionCode ? regionNames(c.regionCode) : [],
    address: c.address,
    contact_name: c.contactName,
    contact_phone: c.contactPhone,
    contact_email: c.contactEmail,
    licence_file: fileRef(c.licenceFileId),
    logo_file: fileRef(c.logoFileId),
    status: c.status ? 1 : 0,
    create_time_str: formatDateTime(c.createdAt),
  };
}

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The caller's role in their current company; refuses users without one. */
export async function membershipOf(db: DbOrTx, userId: string, companyId: string | null) {
  if (!companyId) throw forbidden('您还没有加入企业');
  const [m] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!m) throw forbidden('您不是该企业的成员');
  return m;
}

export async function assertCompanyAdmin(
  db: DbOrTx,
  userId: string,
  companyId: string | null,
): Promise<string> {
  const m = await membershipOf(db, userId, companyId);
  if (m.role !== CompanyRole.ADMIN) throw forbidden('仅企业管理员可以执行此操作');
  return m.companyId;
}

/** The user's role in their current company, as SQL beside a query of `users` (the session lookup). */
export const companyRoleSql = (userId: Column, companyId: Column): SQL<number | null> =>
  sql<number | null>`(select ${companyMembers.role} from ${companyMembers}
    where ${companyMembers.userId} = ${userId} and ${companyMembers.companyId} = ${companyId})`;

/** 1 管理员 / 2 成员 for a stored role; null for none. */
export const toCompanyRole = (role: number | null | undefined): CompanyRoleValue | null =>
  role === CompanyRole.ADMIN ? CompanyRole.ADMIN : role === CompanyRole.MEMBER ? CompanyRole.MEMBER : null;

/** The user's role in `companyId`, or null. */
export async function companyRoleOf(
  db: DbOrTx,
  userId: string,
  companyId: string | null,
): Promise<CompanyRoleValue | null> {
  if (!companyId) return null;
  const [m] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return toCompanyRole(m?.role);
}

const newInviteCode = () =>
  randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, 8);

export const ALREADY_IN_COMPANY = '您已加入企业，不能再创建企业';

/**
 * Creates an enterprise; its creator becomes its administrator and belongs to it from now on, and the business
 * licence becomes the company's file (its members read it on /profile). All in one transaction: a second
 * request of the same user (a double click) finds the user taken and changes nothing.
 */
export async function createCompany(
  db: DbOrTx,
  userId: string,
  body: CreateCompanyBody,
): Promise<CompanyRow> {
  if (regionNames(body.region_code).length < 2) throw badRequest('请选择所在地区');
  // A credit code already registered fails its unique constraint, which plugins/errors.ts names to the user.
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: body.name,
        type: CompanyType.ENTERPRISE,
        creditCode: body.credit_code,
        regionCode: body.region_code,
        address: body.address,
        contactName: body.contact_name,
        contactPhone: body.contact_phone,
        licenceFileId: body.licence_file_id,
        initiateCode: newInviteCode(),
        createdBy: userId,
      })
      .returning();
    if (!(await claimCompany(tx, userId, company.id))) throw forbidden(ALREADY_IN_COMPANY);
    await tx.insert(companyMembers).values({ companyId: company.id, userId, role: CompanyRole.ADMIN });
    await assignToCompany(tx, body.licence_file_id, userId, company.id, '请重新上传营业执照');
    await withdrawPendingRequests(tx, userId);
    return company;
  });
}

async function withdrawPendingRequests(db: DbOrTx, userId: string) {
  await db
    .update(joinRequests)
    .set({ status: JoinRequestStatus.WITHDRAWN, decidedAt: new Date() })
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JoinRequestStatus.PENDING)));
}

export async function updateCompany(
  db: DbOrTx,
  companyId: string,
  values: Partial<CompanyRow>,
): Promise<CompanyRow> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, companyId)).returning();
  if (!row) throw notFound('企业不存在');
  return row;
}

export async function inviteCode(
  db: DbOrTx,
  companyId: string,
): Promise<{ initiate_code: string; initiate_status: number }> {
  let company = await findCompany(db, companyId);
  if (!company) throw notFound('企业不存在');
  if (!company.initiateCode) company = await updateCompany(db, companyId, { initiateCode: newInviteCode() });
  return { initiate_code: company.initiateCode!, initiate_status: company.initiateStatus };
}

export async function switchInitiateStatus(db: DbOrTx, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('企业不存在');
  await updateCompany(db, companyId, { initiateStatus: company.initiateStatus ? 0 : 1 });
  return inviteCode(db, companyId);
}

/** A user without a company asks to join the one whose invite code this is. */
export async function requestToJoin(
  db: DbOrTx,
  userId: string,
  companyIdOfUser: string | null,
  code: string,
) {
  if (companyIdOfUser) throw badRequest('您已加入企业，不能再申请加入其他企业');
  const [company] = await db.select().from(companies).where(eq(companies.initiateCode, code.toUpperCase()));
  if (!company) throw badRequest('邀请码不正确，请向企业管理员确认');
  if (!company.initiateStatus) throw badRequest('该企业已关闭加入申请，请联系企业管理员');
  if (!company.status) throw badRequest('该企业已被冻结，暂不能加入');
  const [pending] = await db
    .select({ id: joinRequests.id, companyId: joinRequests.companyId })
    .from(joinRequests)
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JoinRequestStatus.PENDING)));
  if (pending) throw badRequest('您已有待审核的加入申请，请等待审核或先撤回');
  const [row] = await db.insert(joinRequests).values({ companyId: company.id, userId }).returning();
  return { request: row, company };
}

const requestColumns = {
  request: joinRequests,
  companyName: companies.name,
  userName: users.name,
  userPhone: users.phone,
};

type RequestJoined = {
  request: typeof joinRequests.$inferSelect;
  companyName: string;
  userName: string;
  userPhone: string;
};

const toJoinRequestRow = (r: RequestJoined): JoinRequestRow => ({
  _id: r.request.id,
  company_id: r.request.companyId,
  company_name: r.companyName,
  user_id: r.request.userId,
  user_name: r.userName,
  user_phone: r.userPhone,
  status: r.request.status,
  status_text: joinRequestStatusText[r.request.status] ?? '',
  reason: r.request.reason,
  create_time_str: formatDateTime(r.request.createdAt),
  decide_time_str: r.request.decidedAt ? formatDateTime(r.request.decidedAt) : null,
});

/** The user's latest join request, for /join ("waiting for approval", withdraw). */
export async function myLatestJoinRequest(db: DbOrTx, userId: string): Promise<JoinRequestRow | null> {
  const [row] = await db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(eq(joinRequests.userId, userId))
    .orderBy(desc(joinRequests.createdAt))
    .limit(1);
  return row ? toJoinRequestRow(row) : null;
}

export async function withdrawMyRequest(db: DbOrTx, userId: string): Promise<void> {
  const rows = await db
    .update(joinRequests)
    .set({ status: JoinRequestStatus.WITHDRAWN, decidedAt: new Date() })
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JoinRequestStatus.PENDING)))
    .returning({ id: joinRequests.id });
  if (rows.length === 0) throw badRequest('您没有待审核的加入申请');
}

export async function listJoinRequests(
  db: DbOrTx,
  companyId: string,
  q: { status?: number; keyword?: string; page: number; per_page: number },
) {
  const where = and(
    eq(joinRequests.companyId, companyId),
    q.status === undefined ? undefined : eq(joinRequests.status, q.status),
    containsAny(q.keyword, users.name, users.phone),
  );
  const base = () =>
    db
      .select(requestColumns)
      .from(joinRequests)
      .innerJoin(companies, eq(companies.id, joinRequests.companyId))
      .innerJoin(users, eq(users.id, joinRequests.userId))
      .where(where);
  const [{ n }] = await db
    .select({ n: count() })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(where);
  const rows = await base()
    .orderBy(desc(joinRequests.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { rows: rows.map(toJoinRequestRow), total: n };
}

/** The administrator approves or rejects a pending request of their own company. Returns the applicant. */
export async function decideJoinRequest(
  db: DbOrTx,
  companyId: string,
  requestId: string,
  adminId: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ userId: string; companyName: string }> {
  return db.transaction(async (tx) => {
    // The request's row stays locked until the decision is written: two clicks decide it once.
    const [row] = await tx
      .select(requestColumns)
      .from(joinRequests)
      .innerJoin(companies, eq(companies.id, joinRequests.companyId))
      .innerJoin(users, eq(users.id, joinRequests.userId))
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.companyId, companyId)))
      .for('update', { of: joinRequests });
    if (!row) throw notFound('申请不存在');
    if (row.request.status === JoinRequestStatus.WITHDRAWN) throw badRequest('该申请已撤回');
    if (row.request.status !== JoinRequestStatus.PENDING) throw badRequest('该申请已处理');
    const applicantId = row.request.userId;
    if (decision.approve && !(await claimCompany(tx, applicantId, companyId)))
      throw badRequest('该用户已加入其他企业');
    await tx
      .update(joinRequests)
      .set({
        status: decision.approve ? JoinRequestStatus.APPROVED : JoinRequestStatus.REJECTED,
        reason: decision.approve ? null : decision.reason,
        decidedBy: adminId,
        decidedAt: new Date(),
      })
      .where(eq(joinRequests.id, requestId));
    if (decision.approve)
      await tx
        .insert(companyMembers)
        .values({ companyId, userId: applicantId, role: CompanyRole.MEMBER })
        .onConflictDoNothing();
    return { userId: applicantId, companyName: row.companyName };
  });
}

/** Adds an existing membership row for demo data and company creation elsewhere (idempotent). */
export async function addMember(db: DbOrTx, companyId: string, userId: string, role: number): Promise<void> {
  await db.insert(companyMembers).values({ companyId, userId, role }).onConflictDoNothing();
}

export async function listMembers(
  db: DbOrTx,
  companyId: string,
  q: { keyword?: string; page: number; per_page: number },
) {
  const where = and(eq(companyMembers.companyId, companyId), containsAny(q.keyword, users.name, users.phone));
  const [{ n }] = await db
    .select({ n: count() })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where);
  const rows = await db
    .select({ member: companyMembers, name: users.name, phone: users.phone })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where)
    .orderBy(asc(companyMembers.role), desc(companyMembers.joinedAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const list: MemberRow[] = rows.map((r) => ({
    user_id: r.member.userId,
    name: r.name,
    phone: r.phone,
    role: r.member.role,
    role_text: companyRoleText[r.member.role] ?? '',
    joined_time_str: formatDateTime(r.member.joinedAt),
  }));
  return { list, total: n };
}

/** Every administrator of the company (the platform's company detail), and how many members it has. */
export async function companyAdminsAndSize(db: DbOrTx, companyId: string) {
  const admins = await db
    .select({ user_id: users.id, name: users.name, phone: users.phone })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, CompanyRole.ADMIN)))
    .orderBy(asc(companyMembers.joinedAt));
  const [{ n }] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  return { admins, memberCount: n };
}

const NAME_TAKEN = '该姓名已被其他账号用作用户名，请加以区分（如 张三2）';

/**
 * Adds a person by name and phone: an enterprise account without a company joins; with no account an
 * enterprise account is created without a password (the person signs in by SMS code). Accounts of other role
 * types (platform operators, examiners, institutions) are never pulled in.
 */
export async function addMemberByPhone(
  db: DbOrTx,
  companyId: string,
  input: { name: string; phone: string },
) {
  return db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, input.phone);
    if (user?.companyId === companyId) throw badRequest('该用户已是本企业成员');
    if (user?.companyId) throw badRequest('该手机号的用户已加入其他企业');
    if (user && !(await roleTypeIdsOf(tx, user.id)).includes(RoleType.ENTERPRISE))
      throw badRequest('该手机号已注册为非企业端账号，不能直接添加为成员');
    if (!user) {
      if (await isNameTaken(tx, input.name)) throw badRequest(NAME_TAKEN);
      user = await createUser(tx, {
        name: input.name,
        phone: input.phone,
        roleTypeIds: [RoleType.ENTERPRISE],
      });
    }
    if (!(await claimCompany(tx, user.id, companyId))) throw badRequest('该手机号的用户已加入其他企业');
    await tx.insert(companyMembers).values({ companyId, userId: user.id, role: CompanyRole.MEMBER });
    await withdrawPendingRequests(tx, user.id);
    return user;
  });
}

/** Removes a member; the last administrator cannot be removed. */
export async function removeMember(db: DbOrTx, companyId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    if (!member) throw notFound('成员不存在');
    if (member.role === CompanyRole.ADMIN) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, CompanyRole.ADMIN)));
      if (n <= 1) throw badRequest('不能移除企业唯一的管理员，请先将管理员移交给其他成员');
    }
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await leaveCompany(tx, userId, companyId);
  });
}

export async function memberUser(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, name: users.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw notFound('成员不存在');
  return row;
}

export const ALREADY_ADMIN = '您已是管理员，请选择其他成员';

/** Hands the administrator role to another member; the old administrator stays as a member. */
export async function transferAdmin(
  db: DbOrTx,
  companyId: string,
  fromUserId: string,
  toUserId: string,
): Promise<void> {
  if (fromUserId === toUserId) throw badRequest(ALREADY_ADMIN);
  await db.transaction(async (tx) => {
    await tx
      .update(companyMembers)
      .set({ role: CompanyRole.ADMIN })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, toUserId)));
    await tx
      .update(companyMembers)
      .set({ role: CompanyRole.MEMBER })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, fromUserId)));
  });
  // Both users' company_role (GET /api/user) changed.
  userChanged(toUserId);
  userChanged(fromUserId);
}

/** The platform's company list: search by name or credit code, filter by type and status. */
export async function listCompanies(
  db: DbOrTx,
  q: { keyword?: string; type?: CompanyTypeValue; status?: number; page: number; per_page: number },
) {
  const where = and(
    containsAny(q.keyword, companies.name, companies.creditCode),
    q.type === undefined ? undefined : eq(companies.type, q.type),
    q.status === undefined ? undefined : eq(companies.status, q.status),
  );
  const [{ n }] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map(toCompanyInfo), total: n };
}

/** Freezes (0) or unfreezes (1) a company; returns its members, who are told. */
export async function setCompanyStatus(
  db: DbOrTx,
  companyId: string,
  status: 0 | 1,
): Promise<{ name: string; memberIds: string[] }> {
  const company = await updateCompany(db, companyId, { status });
  const members = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  return { name: company.name, memberIds: members.map((m) => m.id) };
}

/** A frozen company's users can sign in but get this notice (code 61) instead of their screens. */
export async function assertCompanyActive(db: DbOrTx, companyId: string | null): Promise<void> {
  if (!companyId) return;
  const [row] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (row && !row.status) throw ackNotice('您所在的企业已被平台冻结，暂不能使用该功能，请联系平台管理员');
}
