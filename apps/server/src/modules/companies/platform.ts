import { CompanyRole, type CompanyTypeValue } from '@skill-cert/shared/companies';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { userChanged } from '../../lib/user-events.ts';
import { contactsOf } from '../users/service.ts';
import { findCompany, toCompanyInfo, updateCompany } from './companies.ts';
import { companies, companyMembers } from './tables.ts';

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
): Promise<{ name: string; type: number; memberIds: string[] }> {
  const company = await updateCompany(db, companyId, { status });
  const members = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  // The session guard's answer carries the company's state (the enterprise door reads it there).
  userChanged(...members.map((m) => m.id));
  return { name: company.name, type: company.type, memberIds: members.map((m) => m.id) };
}
