import { randomBytes } from 'node:crypto';
import {
  type CompanyInfo,
  CompanyRole,
  type CompanyRoleValue,
  CompanyType,
  type CreateCompanyBody,
  companyTypeText,
  InvitationStatus,
  JoinRequestStatus,
} from '@skill-cert/shared/companies';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { ackNotice, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { regionNames } from '../area/service.ts';
import { assignToCompany, type PlatformFileLink, webPathOf } from '../files/service.ts';
import { claimCompany } from '../users/service.ts';
import { companies, companyInvitations, companyMembers, joinRequests } from './tables.ts';

export type CompanyRow = typeof companies.$inferSelect;

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

/** The platform's 企业管理 shows a company's record with its licence and logo: that permission reads them. */
export const companyFilesLink: PlatformFileLink = {
  permission: 'platform:company:list',
  async links(db, fileId) {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(or(eq(companies.licenceFileId, fileId), eq(companies.logoFileId, fileId)))
      .limit(1);
    return Boolean(row);
  },
};

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** A company's name ('' when unknown): what certificates and templates print as the issuer. */
export const companyNameOf = async (db: DbOrTx, id: string): Promise<string> =>
  (await findCompany(db, id))?.name ?? '';

/** A company's name, as SQL of its id beside another table's row (another module's list in one statement). */
export const companyNameSql = (companyId: Column): SQL<string | null> =>
  sql<string | null>`(select ${companies.name} from ${companies} where ${eq(companies.id, companyId)})`;

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
/** The institution door's answer to a 机构端 user who belongs to no institution (403). */
export const NO_INSTITUTION = '您还没有加入机构';
/** A frozen institution's staff get this notice (code 61) instead of their screens. */
export const INSTITUTION_FROZEN_NOTICE = () =>
  ackNotice('您所在的机构已被平台冻结，暂不能使用该功能，请联系平台管理员');

/** Administrator-only routes behind the enterprise door. */
export function assertCompanyAdmin(company: CompanyScope): void {
  if (company.role !== CompanyRole.ADMIN) throw forbidden('仅企业管理员可以执行此操作');
}

/** The user's role in their current company, as SQL beside a query of `users` (the session lookup). */
export const companyRoleSql = (userId: Column, companyId: Column): SQL<number | null> =>
  sql<number | null>`(select ${companyMembers.role} from ${companyMembers}
    where ${companyMembers.userId} = ${userId} and ${companyMembers.companyId} = ${companyId})`;

/** Whether the company is active (not frozen), as SQL beside a query of `users` (the session lookup); null for none. */
export const companyActiveSql = (companyId: Column): SQL<boolean | null> =>
  sql<
    boolean | null
  >`(select ${companies.status} = 1 from ${companies} where ${companies.id} = ${companyId})`;

/** The company's type (1 企业, 2 社会培训评价组织), as SQL beside a query of `users` (the session lookup); null for none. */
export const companyTypeSql = (companyId: Column): SQL<number | null> =>
  sql<number | null>`(select ${companies.type} from ${companies} where ${companies.id} = ${companyId})`;

/**
 * Whether the company has exactly one administrator, as SQL (the approver rule inside another module's query: the
 * only administrator decides what they submitted).
 */
export const soleAdminSql = (companyId: string): SQL<boolean> =>
  sql<boolean>`((select count(*) from ${companyMembers} where ${companyMembers.companyId} = ${companyId}
    and ${companyMembers.role} = ${CompanyRole.ADMIN}) = 1)`;

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
export async function withdrawPendingRequests(db: DbOrTx, userId: string) {
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

/** The user ids of a company's administrators, longest-standing first (who approves, who is told). */
export async function companyAdminIds(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, CompanyRole.ADMIN)))
    .orderBy(asc(companyMembers.joinedAt));
  return rows.map((r) => r.userId);
}
