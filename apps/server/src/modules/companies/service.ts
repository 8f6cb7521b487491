import { randomBytes } from 'node:crypto';
import {
  type CompanyInfo,
  type CompanyInvitation,
  CompanyRole,
  type CompanyRoleValue,
  CompanyType,
  type CompanyTypeValue,
  type CreateCompanyBody,
  companyRoleText,
  companyTypeText,
  InvitationStatus,
  type JoinRequestRow,
  JoinRequestStatus,
  joinRequestStatusText,
  type MemberRow,
} from '@skill-cert/shared/company';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, type Column, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { ackNotice, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { userChanged } from '../../lib/userEvents.ts';
import { regionNames } from '../area/service.ts';
import { assignToCompany, platformReadsFiles, webPathOf } from '../files/service.ts';
import {
  claimCompany,
  contactsOf,
  createUser,
  findUserById,
  findUserByPhone,
  isNameTaken,
  leaveCompany,
  roleTypeIdsOf,
  type UserRow,
  usersMatching,
} from '../users/service.ts';
import { companies, companyInvitations, companyMembers, joinRequests } from './tables.ts';

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

// The platform's 企业管理 shows a company's record with its licence and logo: that permission reads them.
platformReadsFiles({
  permission: 'platform:company:list',
  async links(db, fileId) {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(or(eq(companies.licenceFileId, fileId), eq(companies.logoFileId, fileId)))
      .limit(1);
    return Boolean(row);
  },
});

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Each of these companies' name, by id (other modules' lists). */
export async function companyNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids of companies whose name contains `keyword`, as a subquery for `inArray(column, …)`. */
export const companiesNamed = (db: DbOrTx, keyword: string) =>
  db.select({ id: companies.id }).from(companies).where(containsAny(keyword, companies.name));

/** The one answer of the enterprise door to a 企业端 user who belongs to no company (403). */
export const NO_COMPANY = '您还没有加入企业';
/** A frozen company's users can sign in but get this notice (code 61) instead of their screens. */
export const FROZEN_NOTICE = () => ackNotice('您所在的企业已被平台冻结，暂不能使用该功能，请联系平台管理员');

/**
 * The enterprise door's one query: whether the user's company exists and is active, and the user's role in
 * it (null when they are not its member).
 */
export async function callerCompany(
  db: DbOrTx,
  userId: string,
  companyId: string,
): Promise<{ active: boolean; role: CompanyRoleValue | null } | undefined> {
  const [row] = await db
    .select({ status: companies.status, role: companyMembers.role })
    .from(companies)
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, userId)),
    )
    .where(eq(companies.id, companyId));
  return row && { active: row.status === 1, role: toCompanyRole(row.role) };
}

/** Administrator-only routes behind the enterprise door. */
export function assertCompanyAdmin(company: CompanyScope): void {
  if (company.role !== CompanyRole.ADMIN) throw forbidden('仅企业管理员可以执行此操作');
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

/** The user joined a company: their pending join requests are withdrawn and their pending invitations void. */
async function withdrawPendingRequests(db: DbOrTx, userId: string) {
  await db
    .update(joinRequests)
    .set({ status: JoinRequestStatus.WITHDRAWN, decidedAt: new Date() })
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JoinRequestStatus.PENDING)));
  await db
    .update(companyInvitations)
    .set({ status: InvitationStatus.VOID, decidedAt: new Date() })
    .where(
      and(eq(companyInvitations.userId, userId), eq(companyInvitations.status, InvitationStatus.PENDING)),
    );
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
  own: CompanyScope,
): Promise<{ initiate_code: string; initiate_status: number }> {
  let company = await findCompany(db, own.id);
  if (!company) throw notFound('企业不存在');
  if (!company.initiateCode) company = await updateCompany(db, own.id, { initiateCode: newInviteCode() });
  return { initiate_code: company.initiateCode!, initiate_status: company.initiateStatus };
}

export async function switchInitiateStatus(db: DbOrTx, own: CompanyScope) {
  const company = await findCompany(db, own.id);
  if (!company) throw notFound('企业不存在');
  await updateCompany(db, own.id, { initiateStatus: company.initiateStatus ? 0 : 1 });
  return inviteCode(db, own);
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

const requestColumns = { request: joinRequests, companyName: companies.name };

type RequestJoined = { request: typeof joinRequests.$inferSelect; companyName: string };

/** List rows of join requests, with each applicant's name and phone from the users service. */
async function toJoinRequestRows(db: DbOrTx, rows: RequestJoined[]): Promise<JoinRequestRow[]> {
  const contacts = await contactsOf(
    db,
    rows.map((r) => r.request.userId),
  );
  return rows.map((r) => toJoinRequestRow(r, contacts.get(r.request.userId)));
}

const toJoinRequestRow = (r: RequestJoined, applicant?: { name: string; phone: string }): JoinRequestRow => ({
  _id: r.request.id,
  company_id: r.request.companyId,
  company_name: r.companyName,
  user_id: r.request.userId,
  user_name: applicant?.name ?? '',
  user_phone: applicant?.phone ?? '',
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
    .where(eq(joinRequests.userId, userId))
    .orderBy(desc(joinRequests.createdAt))
    .limit(1);
  return row ? (await toJoinRequestRows(db, [row]))[0] : null;
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
  own: CompanyScope,
  q: { status?: number; keyword?: string; page: number; per_page: number },
) {
  const where = and(
    ofCompany(joinRequests, own),
    q.status === undefined ? undefined : eq(joinRequests.status, q.status),
    q.keyword ? inArray(joinRequests.userId, usersMatching(db, q.keyword)) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(joinRequests).where(where);
  const rows = await db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .where(where)
    .orderBy(desc(joinRequests.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { rows: await toJoinRequestRows(db, rows), total: n };
}

/** The administrator approves or rejects a pending request of their own company. Returns the applicant. */
export async function decideJoinRequest(
  db: DbOrTx,
  own: CompanyScope,
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
      .where(and(eq(joinRequests.id, requestId), ofCompany(joinRequests, own)))
      .for('update', { of: joinRequests });
    if (!row) throw notFound('申请不存在');
    if (row.request.status === JoinRequestStatus.WITHDRAWN) throw badRequest('该申请已撤回');
    if (row.request.status !== JoinRequestStatus.PENDING) throw badRequest('该申请已处理');
    const applicantId = row.request.userId;
    if (decision.approve && !(await claimCompany(tx, applicantId, own.id)))
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
        .values({ companyId: own.id, userId: applicantId, role: CompanyRole.MEMBER })
        .onConflictDoNothing();
    return { userId: applicantId, companyName: row.companyName };
  });
}

/** Adds an existing membership row for demo data and company creation elsewhere (idempotent). */
export async function addMember(db: DbOrTx, companyId: string, userId: string, role: number): Promise<void> {
  await addMembers(db, [{ companyId, userId, role }]);
}

/** Adds members in one statement; one already a member of that company stays as they are. */
export async function addMembers(
  db: DbOrTx,
  members: { companyId: string; userId: string; role: number }[],
): Promise<void> {
  if (members.length) await db.insert(companyMembers).values(members).onConflictDoNothing();
}

export async function listMembers(
  db: DbOrTx,
  own: CompanyScope,
  q: { keyword?: string; page: number; per_page: number },
  /** Members to leave out: a query of user ids (e.g. those already candidates of an evaluation plan). */
  exclude?: SQL,
) {
  const where = and(
    ofCompany(companyMembers, own),
    q.keyword ? inArray(companyMembers.userId, usersMatching(db, q.keyword)) : undefined,
    exclude ? sql`${companyMembers.userId} not in (${exclude})` : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(companyMembers).where(where);
  const rows = await db
    .select()
    .from(companyMembers)
    .where(where)
    .orderBy(asc(companyMembers.role), desc(companyMembers.joinedAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const contacts = await contactsOf(
    db,
    rows.map((m) => m.userId),
  );
  const list: MemberRow[] = rows.map((m) => ({
    user_id: m.userId,
    name: contacts.get(m.userId)?.name ?? '',
    phone: contacts.get(m.userId)?.phone ?? '',
    role: m.role,
    role_text: companyRoleText[m.role] ?? '',
    joined_time_str: formatDateTime(m.joinedAt),
  }));
  return { list, total: n };
}

/** Every administrator of a company (the platform's company detail), and how many members it has. */
async function companyAdminsAndSize(db: DbOrTx, companyId: string) {
  const members = await db
    .select({ userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt));
  const adminIds = members.filter((m) => m.role === CompanyRole.ADMIN).map((m) => m.userId);
  const contacts = await contactsOf(db, adminIds);
  const admins = adminIds.flatMap((id) => contacts.get(id) ?? []);
  return { admins, memberCount: members.length };
}

/** The platform's view of a company: its record, every administrator and the number of members. */
export async function platformCompanyDetail(db: DbOrTx, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('企业不存在');
  const { admins, memberCount } = await companyAdminsAndSize(db, companyId);
  return { company: toCompanyInfo(company), member_count: memberCount, admins };
}

const NAME_TAKEN = '该姓名已被其他账号用作用户名，请加以区分（如 张三2）';

/**
 * Adds a person by name and phone. An enterprise account without a company is invited: it joins only when the
 * person accepts on /join (`acceptInvitation`), never without their consent. With no account an enterprise
 * account is created in the company without a password (the person signs in by SMS code). Accounts of other role
 * types (platform operators, examiners, institutions) are never pulled in.
 */
export async function addMemberByPhone(
  db: DbOrTx,
  own: CompanyScope,
  input: { name: string; phone: string },
  invitedBy: string,
): Promise<{ user: UserRow; invited: boolean }> {
  const companyId = own.id;
  return db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, input.phone);
    if (user?.companyId === companyId) throw badRequest('该用户已是本企业成员');
    if (user?.companyId) throw badRequest('该手机号的用户已加入其他企业');
    if (user && !(await roleTypeIdsOf(tx, user.id)).includes(RoleType.ENTERPRISE))
      throw badRequest('该手机号已注册为非企业端账号，不能直接添加为成员');
    if (user) {
      const [open] = await tx
        .select({ id: companyInvitations.id })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            eq(companyInvitations.userId, user.id),
            eq(companyInvitations.status, InvitationStatus.PENDING),
          ),
        );
      if (open) throw badRequest('已邀请该用户，请等待对方接受');
      await tx.insert(companyInvitations).values({ companyId, userId: user.id, invitedBy });
      return { user, invited: true };
    }
    if (await isNameTaken(tx, input.name)) throw badRequest(NAME_TAKEN);
    user = await createUser(tx, { name: input.name, phone: input.phone, roleTypeIds: [RoleType.ENTERPRISE] });
    if (!(await claimCompany(tx, user.id, companyId))) throw badRequest('该手机号的用户已加入其他企业');
    await tx.insert(companyMembers).values({ companyId, userId: user.id, role: CompanyRole.MEMBER });
    return { user, invited: false };
  });
}

/** The caller's pending invitations, newest first, with the inviting company's name. */
export async function myInvitations(db: DbOrTx, userId: string): Promise<CompanyInvitation[]> {
  const rows = await db
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      companyName: companies.name,
      createdAt: companyInvitations.createdAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(
      and(eq(companyInvitations.userId, userId), eq(companyInvitations.status, InvitationStatus.PENDING)),
    )
    .orderBy(desc(companyInvitations.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    company_id: r.companyId,
    company_name: r.companyName,
    create_time_str: formatDateTime(r.createdAt),
  }));
}

const NO_INVITATION = '邀请不存在或已失效';

/** Decides one of the caller's pending invitations (one conditional UPDATE: a second decision finds nothing). */
async function decideInvitation(db: DbOrTx, userId: string, id: string, status: number) {
  const [row] = await db
    .update(companyInvitations)
    .set({ status, decidedAt: new Date() })
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.userId, userId),
        eq(companyInvitations.status, InvitationStatus.PENDING),
      ),
    )
    .returning({ companyId: companyInvitations.companyId, invitedBy: companyInvitations.invitedBy });
  if (!row) throw notFound(NO_INVITATION);
  return row;
}

/** The caller accepts an invitation and joins that company as a member; their other open requests end. */
export async function acceptInvitation(db: DbOrTx, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const invitation = await decideInvitation(tx, userId, id, InvitationStatus.ACCEPTED);
    const [company] = await tx
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, invitation.companyId));
    if (!company?.status) throw badRequest('该企业已被冻结，暂不能加入');
    if (!(await claimCompany(tx, userId, invitation.companyId))) throw badRequest('您已加入其他企业');
    await tx
      .insert(companyMembers)
      .values({ companyId: invitation.companyId, userId, role: CompanyRole.MEMBER });
    await withdrawPendingRequests(tx, userId);
    return invitation;
  });
}

/** The caller declines an invitation. */
export const declineInvitation = (db: DbOrTx, userId: string, id: string) =>
  decideInvitation(db, userId, id, InvitationStatus.DECLINED);

/** A member of the caller's company, by user id. */
const memberOf = (own: CompanyScope, userId: string) =>
  and(ofCompany(companyMembers, own), eq(companyMembers.userId, userId));

/** Removes a member; the last administrator cannot be removed. */
export async function removeMember(db: DbOrTx, own: CompanyScope, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(companyMembers).where(memberOf(own, userId));
    if (!member) throw notFound('成员不存在');
    if (member.role === CompanyRole.ADMIN) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(companyMembers)
        .where(and(ofCompany(companyMembers, own), eq(companyMembers.role, CompanyRole.ADMIN)));
      if (n <= 1) throw badRequest('不能移除企业唯一的管理员，请先将管理员移交给其他成员');
    }
    await tx.delete(companyMembers).where(memberOf(own, userId));
    await leaveCompany(tx, userId, own.id);
  });
}

/** Of these users, the members of the caller's company. */
export async function membersAmong(db: DbOrTx, own: CompanyScope, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(ofCompany(companyMembers, own), inArray(companyMembers.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** A member of the caller's company with their phone (handing over the administrator role). */
export async function memberUser(db: DbOrTx, own: CompanyScope, userId: string) {
  const [member] = await db.select().from(companyMembers).where(memberOf(own, userId));
  const user = member && (await findUserById(db, userId));
  if (!user) throw notFound('成员不存在');
  return { id: user.id, phone: user.phone, name: user.name, role: member.role };
}

export const ALREADY_ADMIN = '您已是管理员，请选择其他成员';

/** Hands the administrator role to another member; the old administrator stays as a member. */
export async function transferAdmin(
  db: DbOrTx,
  own: CompanyScope,
  fromUserId: string,
  toUserId: string,
): Promise<void> {
  if (fromUserId === toUserId) throw badRequest(ALREADY_ADMIN);
  await db.transaction(async (tx) => {
    await tx.update(companyMembers).set({ role: CompanyRole.ADMIN }).where(memberOf(own, toUserId));
    await tx.update(companyMembers).set({ role: CompanyRole.MEMBER }).where(memberOf(own, fromUserId));
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

/** Code 61 when the user's company is frozen; nothing without a company (the /join routes). */
export async function assertCompanyActive(db: DbOrTx, companyId: string | null): Promise<void> {
  if (!companyId) return;
  const [row] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (row && !row.status) throw FROZEN_NOTICE();
}

/** The user ids of a company's administrators, longest-standing first (who approves, who is told). */
export async function companyAdminIds(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, CompanyRole.ADMIN)))
    .orderBy(asc(companyMembers.joinedAt));
  return rows.map((r) => r.userId);
}
