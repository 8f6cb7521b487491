import type { RoleTypeId } from '@skill-cert/shared/roles';
import { RoleType } from '@skill-cert/shared/roles';
import { eq } from 'drizzle-orm';
import { api, login, type TestContext } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import type { RouteAccess } from '../lib/route-access.ts';
import { createRole, setRoleMenus, setUserRoles } from '../modules/access/service.ts';
import { menus } from '../modules/access/tables.ts';
import { registerUser, secondEnterprise, uploadAs } from '../modules/companies/testing.ts';
import { customCertificateBatches, customCertificates } from '../modules/custom-certificates/tables.ts';
import { createTemplate } from '../modules/custom-certificates/test-fixtures.ts';
import { seedApprovedFiling, seedPlan } from '../modules/level-evaluations/test-plans.ts';
import { createUser, findUserByAccount } from '../modules/users/service.ts';

/**
 * The kinds of caller the authorization matrix and the fuzz tests call every route as (issue 19 points 11, 12):
 * made through the API and the services the other modules' tests use, once per test.
 */
export interface Persona {
  name: string;
  token?: string;
  roleType?: RoleTypeId;
  /** Server-menu permission keys in the active portal; '*' holds `*:*:*`. */
  permissions?: readonly string[] | '*';
  company?: 'member' | 'admin';
  /** Tenant B: calls routes with tenant A's ids. */
  tenantB?: true;
}

/** The one permission of the platform user with a single grant. */
export const ONE_GRANT = 'system:role:list';

/** Whether `persona` meets every part of `access` (lib/route-access.ts). */
export function satisfies(access: RouteAccess, persona: Persona): boolean {
  if (access.public) return true;
  if (!persona.token) return false;
  if (access.roleTypes && !(persona.roleType && access.roleTypes.includes(persona.roleType))) return false;
  if (access.permission) {
    const held = persona.permissions ?? [];
    if (held !== '*' && !held.includes(access.permission)) return false;
  }
  if (access.company === 'member' && !persona.company) return false;
  if (access.company === 'admin' && persona.company !== 'admin') return false;
  if (access.anyOf && !access.anyOf.some((part) => satisfies(part, persona))) return false;
  return true;
}

/** Ids of one row of each kind belonging to tenant A (the demo enterprise). */
export interface TenantRows {
  company: string;
  record: string;
  joinRequest: string;
  member: string;
  file: string;
  template: string;
  batch: string;
  certificate: string;
  message: string;
  /** A level evaluation plan (with its approved filing). */
  evaluation: string;
}

async function platformUser(ctx: TestContext, name: string, phone: string, menuKey?: string) {
  const user = await createUser(ctx.app.db, {
    name,
    phone,
    password: DEMO_PASSWORD,
    roleTypeIds: [RoleType.PLATFORM],
  });
  if (menuKey) {
    const role = await createRole(ctx.app.db, {
      portal: RoleType.PLATFORM,
      name: `仅${menuKey}`,
      remark: null,
      permission_all: 0,
    } as Parameters<typeof createRole>[1]);
    const [menu] = await ctx.app.db.select({ id: menus.id }).from(menus).where(eq(menus.key, menuKey));
    await setRoleMenus(ctx.app.db, role._id, [menu.id]);
    await setUserRoles(ctx.app.db, user.id, [role._id], [RoleType.PLATFORM]);
  }
  return (await login(ctx.app, name)).token;
}

/** Every persona, plus one row of each kind for tenant A. Call inside a test (after the demo data is seeded). */
export async function makePersonas(ctx: TestContext): Promise<{ personas: Persona[]; rowsOfA: TenantRows }> {
  const { app } = ctx;
  const adminA = await login(app, 'qiye');
  const memberA = await login(app, 'duojuese');
  await api(app, 'PATCH', '/api/user/switchRoleType', { token: memberA.token, body: { role: 1 } });
  const newcomer = await registerUser(ctx, 'xinren', '13911110031');
  const b = await secondEnterprise(ctx);
  // Tenant B holds an approved filing too, so the level-evaluation routes reach their tenant check (not code 61).
  await seedApprovedFiling(app.db, b.companyId);
  const personas: Persona[] = [
    { name: '未登录' },
    { name: '企业端：A 企业管理员', token: adminA.token, roleType: 1, company: 'admin' },
    { name: '企业端：A 企业成员', token: memberA.token, roleType: 1, company: 'member' },
    { name: '企业端：未加入企业', token: newcomer.token, roleType: 1 },
    { name: '平台端：超级管理员', token: (await login(app, 'pingtai')).token, roleType: 2, permissions: '*' },
    { name: '平台端：无授权', token: await platformUser(ctx, 'wuquan', '13911110032'), roleType: 2 },
    {
      name: `平台端：仅 ${ONE_GRANT}`,
      token: await platformUser(ctx, 'yixiang', '13911110033', ONE_GRANT),
      roleType: 2,
      permissions: [ONE_GRANT],
    },
    { name: '机构端', token: (await login(app, 'jigou')).token, roleType: 3 },
    { name: '考评员端', token: (await login(app, 'kaoping')).token, roleType: 4 },
    {
      name: '企业端：B 企业管理员（用 A 的 id）',
      token: b.token,
      roleType: 1,
      company: 'admin',
      tenantB: true,
    },
  ];
  return { personas, rowsOfA: await rowsOfTenantA(ctx, adminA.token, adminA._id) };
}

async function rowsOfTenantA(ctx: TestContext, token: string, adminId: string): Promise<TenantRows> {
  const { app } = ctx;
  const company = (await findUserByAccount(app.db, 'qiye'))!.companyId!;
  const record = await api<{ _id: string }>(app, 'POST', '/api/recordApplications', { token, body: {} });
  const code = await api<{ initiate_code: string }>(app, 'GET', '/api/companies/getInitiateCode', { token });
  const applicant = await registerUser(ctx, 'shenqingren', '13911110034');
  const joined = await api<{ _id: string }>(app, 'POST', '/api/companies/join', {
    token: applicant.token,
    body: { code: code.body.data.initiate_code },
  });
  const file = await uploadAs(ctx, token);
  const template = await createTemplate(app, token);
  const [batch] = await app.db
    .insert(customCertificateBatches)
    .values({
      companyId: company,
      templateId: template._id,
      template: {} as never,
      name: 'A 的批次',
      fileId: file,
      total: 1,
      createdBy: adminId,
    })
    .returning();
  const [certificate] = await app.db
    .insert(customCertificates)
    .values({ batchId: batch.id, companyId: company, rowNumber: 2, blanks: [] })
    .returning();
  await app.messenger.toUsers([adminId], { category: '企业通知', content: 'A 的消息' });
  const inbox = await api<{ list: { _id: string }[] }>(app, 'GET', '/api/message', { token });
  const rows = {
    company,
    record: record.body.data?._id,
    joinRequest: joined.body.data?._id,
    member: (await findUserByAccount(app.db, 'duojuese'))!.id,
    file,
    template: template._id,
    batch: batch.id,
    certificate: certificate.id,
    message: inbox.body.data?.list[0]?._id,
    evaluation: await seedPlan(app.db, company),
  };
  for (const [kind, id] of Object.entries(rows))
    if (!id) throw new Error(`tenant A has no ${kind}: ${JSON.stringify({ record, joined, inbox })}`);
  return rows;
}
