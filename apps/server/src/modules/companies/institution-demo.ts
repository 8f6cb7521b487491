import type { MenuNode } from '@skill-cert/shared/access';
import { CompanyRole, CompanyType } from '@skill-cert/shared/companies';
import { RoleType } from '@skill-cert/shared/roles';
import type { DbOrTx } from '../../db/client.ts';
import { companyScope } from '../../lib/company-scope.ts';
import {
  createInstitutionRole,
  listInstitutionRoles,
  listMenuTree,
  setInstitutionRoleMenus,
} from '../access/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { findCompany } from './companies.ts';
import { addInstitutionStaff } from './institutions.ts';

/** The demo institution's own roles, by the keys of the institution menu each grants. */
const ROLES: { name: string; remark: string; keys: string[] }[] = [
  {
    name: '考务人员',
    remark: '演示数据：考试计划、考生、编排与准考证',
    keys: [
      'institution:test-plan:list',
      'institution:test-plan:add',
      'institution:test-plan:edit',
      'institution:examinee:edit',
      'institution:examinee:review',
      'institution:test-plan:arrange',
      'institution:test-plan:ticket',
      'institution:test-plan:exam',
    ],
  },
  {
    name: '成绩审核员',
    remark: '演示数据：成绩录入与审核',
    keys: ['institution:test-plan:list', 'institution:test-plan:score', 'institution:test-plan:review'],
  },
];

/** Its staff besides jigou: accounts without a password (they sign in by SMS code), each with one role. */
const STAFF = [
  { name: '王考务', phone: '13900000301', role: '考务人员' },
  { name: '赵审核', phone: '13900000302', role: '成绩审核员' },
];

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/**
 * Start-only demo content of 机构设置 (SEED_DEMO, `npm run demo:reset`): when jigou's institution has no role of its own
 * yet, two roles granting parts of the institution menu and two staff members holding them.
 */
export async function seedInstitutionStaffDemo(db: DbOrTx): Promise<void> {
  const admin = await findUserByAccount(db, 'jigou');
  if (!admin?.companyId) return;
  const company = await findCompany(db, admin.companyId);
  if (company?.type !== CompanyType.INSTITUTION) return;
  const held = await listInstitutionRoles(db, company.id, { page: 1, per_page: 10 });
  if (held.meta.total > 0) return;
  const menus = flatten(await listMenuTree(db, RoleType.INSTITUTION));
  const own = companyScope(company.id, CompanyRole.ADMIN, CompanyType.INSTITUTION);
  const roleIds = new Map<string, string>();
  for (const role of ROLES) {
    const created = await createInstitutionRole(db, company.id, { name: role.name, remark: role.remark });
    await setInstitutionRoleMenus(
      db,
      company.id,
      created._id,
      menus.filter((m) => m.key && role.keys.includes(m.key)).map((m) => m._id),
    );
    roleIds.set(role.name, created._id);
  }
  for (const person of STAFF) {
    if (await findUserByAccount(db, person.name)) continue;
    await addInstitutionStaff(db, own, {
      name: person.name,
      phone: person.phone,
      role_ids: [roleIds.get(person.role) as string],
    });
  }
}
