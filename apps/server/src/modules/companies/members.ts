import {
  type CompanyInvitation,
  CompanyRole,
  companyRoleText,
  InvitationStatus,
  type MemberRow,
} from '@skill-cert/shared/companies';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { userChanged } from '../../lib/user-events.ts';
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
import { withdrawPendingRequests } from './companies.ts';
import { companies, companyInvitations, companyMembers } from './tables.ts';

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
