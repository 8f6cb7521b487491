import {
  CompanyRole,
  type JoinRequestRow,
  JoinRequestStatus,
  joinRequestStatusText,
} from '@skill-cert/shared/companies';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { claimCompany, contactsOf, usersMatching } from '../users/service.ts';
import { companies, companyMembers, joinRequests } from './tables.ts';

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
