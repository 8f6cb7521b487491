import { CompanyRole, CompanyType } from '@skill-cert/shared/companies';
import { RoleType, type RoleTypeId } from '@skill-cert/shared/roles';
import { sql } from 'drizzle-orm';
import { ensureDefaultAccess, grantRolesByNameToUsers } from '../modules/access/defaults.ts';
import { addMembers } from '../modules/companies/service.ts';
import { companies } from '../modules/companies/tables.ts';
import { ensureDictionaries } from '../modules/dict/service.ts';
import { ensureOccupationCatalogue } from '../modules/occupations/service.ts';
import { createUsers, ensureRoleTypes, findUsersByAccounts, hashPassword } from '../modules/users/service.ts';
import type { DbOrTx } from './client.ts';

export const DEMO_PASSWORD = 'Demo@2026';

/** Each demo company with its own contact: its administrator (qiye, jigou). */
export const demoCompanies = [
  {
    key: 'enterprise',
    name: '示例智能制造有限公司',
    type: CompanyType.ENTERPRISE,
    creditCode: '91110108MA01DEM200',
    inviteCode: 'DEMO2026',
    contactName: '王经理',
    contactPhone: '13800000001',
  },
  {
    key: 'institution',
    name: '示例职业技能培训评价中心',
    type: CompanyType.INSTITUTION,
    creditCode: '52110000MA01JGDM0K',
    inviteCode: 'JGDM2026',
    contactName: '刘主任',
    contactPhone: '13800000003',
  },
] as const;

/** The contact every demo company was once seeded with (the enterprise's): a demo database still holding it mends. */
const FIRST_DEMO_CONTACT = { name: '王经理', phone: '13800000001' };

/** The demo accounts the README lists; all share DEMO_PASSWORD. */
export const demoAccounts: {
  name: string;
  phone: string;
  roles: RoleTypeId[];
  /** Default roles (RBAC) inside the server-menu portals. */
  grants: string[];
  company: (typeof demoCompanies)[number]['key'] | null;
  note: string;
}[] = [
  {
    name: 'qiye',
    phone: '13800000001',
    roles: [RoleType.ENTERPRISE],
    grants: [],
    company: 'enterprise',
    note: '企业端，有企业 → /record-application',
  },
  {
    name: 'pingtai',
    phone: '13800000002',
    roles: [RoleType.PLATFORM],
    grants: ['超级管理员'],
    company: null,
    note: '平台端超级管理员 → /company',
  },
  {
    name: 'jigou',
    phone: '13800000003',
    roles: [RoleType.INSTITUTION],
    grants: ['机构管理员'],
    company: 'institution',
    note: '机构端 → /record-center',
  },
  {
    name: 'kaoping',
    phone: '13800000004',
    roles: [RoleType.EXAMINER],
    grants: ['考评员'],
    company: null,
    note: '考评员端 → /exam-task',
  },
  {
    name: 'duojuese',
    phone: '13800000005',
    roles: [RoleType.ENTERPRISE, RoleType.PLATFORM, RoleType.INSTITUTION, RoleType.EXAMINER],
    grants: ['超级管理员', '机构管理员', '考评员'],
    company: 'enterprise',
    note: '四个角色，登录后先选择登录端',
  },
  {
    name: 'xinqiye',
    phone: '13800000006',
    roles: [RoleType.ENTERPRISE],
    grants: [],
    company: null,
    note: '企业端，尚无企业 → /join',
  },
  {
    name: 'yunying',
    phone: '13800000007',
    roles: [RoleType.PLATFORM],
    grants: ['运营人员'],
    company: null,
    note: '平台端运营人员：企业管理、数据看板、新闻公告与轮播图',
  },
];

let demoPasswordHash: Promise<string> | undefined;

/**
 * Creates whatever demo data is missing; running it again changes nothing. A few statements in all, not a few per
 * account: the API tests seed before every test.
 */
export async function seedDemoData(db: DbOrTx): Promise<void> {
  await ensureRoleTypes(db);
  await ensureDefaultAccess(db);
  await ensureDictionaries(db);
  // 职业目录 (the shipped catalogue as its seed) is the demo's too: every form that picks an occupation reads it.
  await ensureOccupationCatalogue(db);
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const stored = await db
    .insert(companies)
    .values(
      demoCompanies.map((c) => ({
        name: c.name,
        type: c.type,
        creditCode: c.creditCode,
        regionCode: '110108',
        address: '北京市海淀区中关村大街1号',
        contactName: c.contactName,
        contactPhone: c.contactPhone,
        initiateCode: c.inviteCode,
      })),
    )
    // A demo database from before companies had a type gets it here, and the institution its own contact.
    .onConflictDoUpdate({
      target: companies.creditCode,
      set: {
        type: sql`excluded.type`,
        contactName: sql`case when ${companies.contactName} = ${FIRST_DEMO_CONTACT.name} and ${companies.contactPhone} = ${FIRST_DEMO_CONTACT.phone} then excluded.contact_name else ${companies.contactName} end`,
        contactPhone: sql`case when ${companies.contactName} = ${FIRST_DEMO_CONTACT.name} and ${companies.contactPhone} = ${FIRST_DEMO_CONTACT.phone} then excluded.contact_phone else ${companies.contactPhone} end`,
      },
    })
    .returning({ id: companies.id, creditCode: companies.creditCode });
  const companyIds = new Map(
    demoCompanies.map((c) => [c.key, stored.find((r) => r.creditCode === c.creditCode)?.id ?? null]),
  );
  const taken = await findUsersByAccounts(
    db,
    demoAccounts.map((a) => a.name),
  );
  const missing = demoAccounts.filter((a) => !taken.has(a.name));
  const passwordHash = await demoPasswordHash;
  const created = await createUsers(
    db,
    missing.map((a) => ({
      name: a.name,
      phone: a.phone,
      email: `${a.name}@demo.example.cn`,
      passwordHash,
      roleTypeIds: a.roles,
      companyId: a.company ? companyIds.get(a.company) : null,
    })),
  );
  await grantRolesByNameToUsers(
    db,
    missing.map((a, i) => ({ userId: created[i].id, names: a.grants })),
  );
  // The first demo account of a company is its administrator.
  await addMembers(
    db,
    missing.flatMap((a, i) => {
      const companyId = a.company ? companyIds.get(a.company) : null;
      if (!companyId) return [];
      const role = a.company === 'enterprise' && a.name !== 'qiye' ? CompanyRole.MEMBER : CompanyRole.ADMIN;
      return [{ companyId, userId: created[i].id, role }];
    }),
  );
}
