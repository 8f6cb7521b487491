import {
  CompanyRole,
  CompanyType,
  type CreateInstitutionBody,
  companyRoleText,
  type InstitutionStaffRow,
} from '@skill-cert/shared/companies';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { grantRolesByName, institutionRolesOf, setInstitutionRoles } from '../access/service.ts';
import { regionNames } from '../area/service.ts';
import {
  claimCompany,
  contactsOf,
  createUser,
  findUserByPhone,
  grantRoleType,
  isNameTaken,
  leaveCompany,
  type UserRow,
} from '../users/service.ts';
import { type CompanyRow, withdrawPendingRequests } from './companies.ts';
import { listMembers } from './members.ts';
import { companies, companyMembers } from './tables.ts';

/** The platform's role every institution administrator holds (access/defaults.ts). */
export const INSTITUTION_ADMIN_ROLE = '机构管理员';
const NAME_TAKEN = '该姓名已被其他账号用作用户名，请加以区分（如 张三2）';
const IN_ANOTHER_COMPANY = '该手机号的用户已加入其他企业或机构';

/**
 * A person by name and phone joins `companyId` with `role`, holding 机构端: the account of that phone if it belongs to
 * no company, else a new account without a password (the person signs in by SMS code). An account of another company
 * is refused. Inside the caller's transaction. Answers the user and whether the account is new.
 */
async function joinInstitution(
  tx: DbOrTx,
  companyId: string,
  person: { name: string; phone: string },
  role: number,
): Promise<{ user: UserRow; created: boolean }> {
  let user = await findUserByPhone(tx, person.phone);
  if (user?.companyId === companyId) throw badRequest('该用户已是本机构人员');
  if (user?.companyId) throw badRequest(IN_ANOTHER_COMPANY);
  const created = !user;
  if (!user) {
    if (await isNameTaken(tx, person.name)) throw badRequest(NAME_TAKEN);
    user = await createUser(tx, {
      name: person.name,
      phone: person.phone,
      roleTypeIds: [RoleType.INSTITUTION],
    });
  } else {
    await grantRoleType(tx, user.id, RoleType.INSTITUTION);
  }
  if (!(await claimCompany(tx, user.id, companyId))) throw badRequest(IN_ANOTHER_COMPANY);
  await tx.insert(companyMembers).values({ companyId, userId: user.id, role });
  await withdrawPendingRequests(tx, user.id);
  return { user, created };
}

/**
 * `POST /api/platform/institutions`: the institution (company type 2) and its administrator (机构管理员), in one
 * transaction: nothing is created when either is refused.
 */
export async function createInstitution(
  db: DbOrTx,
  body: CreateInstitutionBody,
): Promise<{ company: CompanyRow; admin: UserRow; created: boolean }> {
  if (regionNames(body.region_code).length < 2) throw badRequest('请选择所在地区');
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: body.name,
        type: CompanyType.INSTITUTION,
        creditCode: body.credit_code,
        regionCode: body.region_code,
        address: body.address,
        contactName: body.contact_name,
        contactPhone: body.contact_phone,
        contactEmail: body.contact_email,
      })
      .returning();
    const { user, created } = await joinInstitution(
      tx,
      company.id,
      { name: body.admin_name, phone: body.admin_phone },
      CompanyRole.ADMIN,
    );
    await grantRolesByName(tx, user.id, [INSTITUTION_ADMIN_ROLE]);
    return { company, admin: user, created };
  });
}

/** `GET /api/institution/staff`: the institution's members with the institution's own roles they hold. */
export async function listInstitutionStaff(
  db: DbOrTx,
  own: CompanyScope,
  q: { keyword?: string; page: number; per_page: number },
): Promise<{ list: InstitutionStaffRow[]; total: number }> {
  const { list, total } = await listMembers(db, own, q);
  const roles = await institutionRolesOf(
    db,
    own.id,
    list.map((m) => m.user_id),
  );
  return { list: list.map((m) => ({ ...m, roles: roles.get(m.user_id) ?? [] })), total };
}

/** One member of the institution as the staff list shows it; another's reads as missing. */
export async function institutionStaffMember(
  db: DbOrTx,
  own: CompanyScope,
  userId: string,
): Promise<InstitutionStaffRow> {
  const [member] = await db
    .select()
    .from(companyMembers)
    .where(and(ofCompany(companyMembers, own), eq(companyMembers.userId, userId)));
  if (!member) throw notFound('人员不存在');
  const contact = (await contactsOf(db, [userId])).get(userId);
  const roles = await institutionRolesOf(db, own.id, [userId]);
  return {
    user_id: userId,
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    role: member.role,
    role_text: companyRoleText[member.role] ?? '',
    joined_time_str: formatDateTime(member.joinedAt),
    roles: roles.get(userId) ?? [],
  };
}

/** `POST /api/institution/staff`: a member (成员) with the institution's roles chosen, in one transaction. */
export async function addInstitutionStaff(
  db: DbOrTx,
  own: CompanyScope,
  body: { name: string; phone: string; role_ids: string[] },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { user } = await joinInstitution(tx, own.id, body, CompanyRole.MEMBER);
    await setInstitutionRoles(tx, own.id, user.id, body.role_ids);
    return user;
  });
}

/** `DELETE /api/institution/staff/{userId}`: the person leaves with the institution's roles; never its last 管理员. */
export async function removeInstitutionStaff(db: DbOrTx, own: CompanyScope, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(companyMembers)
      .where(and(ofCompany(companyMembers, own), eq(companyMembers.userId, userId)));
    if (!member) throw notFound('人员不存在');
    if (member.role === CompanyRole.ADMIN) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(companyMembers)
        .where(and(ofCompany(companyMembers, own), eq(companyMembers.role, CompanyRole.ADMIN)));
      if (n <= 1) throw badRequest('不能移除机构唯一的管理员');
    }
    await tx
      .delete(companyMembers)
      .where(and(ofCompany(companyMembers, own), eq(companyMembers.userId, userId)));
    await setInstitutionRoles(tx, own.id, userId, []);
    await leaveCompany(tx, userId, own.id);
  });
}
