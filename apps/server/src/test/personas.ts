import { CertificateSource } from '@skill-cert/shared/certificates';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { RoleType } from '@skill-cert/shared/roles';
import { eq } from 'drizzle-orm';
import { registerUser, secondEnterprise, uploadAs } from '../../test/fixtures/companies.ts';
import { createTemplate } from '../../test/fixtures/custom-certificates.ts';
import { EXAMINER_KEYS, examinerAccount, qualify } from '../../test/fixtures/exam-tasks.ts';
import {
  approvedInstitutionFiling,
  registeringPlan,
  secondInstitution,
  smsLogin,
} from '../../test/fixtures/institutions.ts';
import { approvedFiling, createPlan, planBody } from '../../test/fixtures/level-evaluations.ts';
import { api, login, type TestContext } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { uuidv7 } from '../lib/id.ts';
import type { RouteAccess } from '../lib/route-access.ts';
import { createRole, setRoleMenus, setUserRoles } from '../modules/access/service.ts';
import { menus } from '../modules/access/tables.ts';
import { insertCertificates } from '../modules/certificates/source-rows.ts';
import { customCertificateBatches } from '../modules/custom-certificates/tables.ts';
import { examinerQualifications, levelEvaluationStaff } from '../modules/level-evaluations/tables.ts';
import { createUser, findUserByAccount } from '../modules/users/service.ts';

/**
 * The kinds of caller the authorization matrix and the fuzz tests call every route as:
 * made through the API and the services the other modules' tests use, once per test.
 */
export interface Persona {
  name: string;
  token?: string;
  roleType?: RoleTypeId;
  /** Server-menu permission keys in the active portal; '*' holds `*:*:*`. */
  permissions?: readonly string[] | '*';
  company?: 'member' | 'admin';
  /** A member of an active institution (the institution door). */
  institution?: 'member';
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
  if (access.institution && !persona.institution) return false;
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
  /** An evaluation plan (both tenants hold an approved filing, so the code-61 gate lets them in). */
  plan: string;
  /** kaoping's task on that plan, and kaoping's qualification (another examiner calls with them). */
  examTask: string;
  qualification: string;
  /** Institution A (the demo one, jigou's): its filing, a test plan, an examinee, a staff member, a role. */
  institutionRecord: string;
  testPlan: string;
  examinee: string;
  institutionStaff: string;
  institutionRole: string;
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
  await approvedFiling(app, b.token);
  const jigou = await login(app, 'jigou');
  const institutionB = await secondInstitution(ctx);
  await approvedInstitutionFiling(app, institutionB.token);
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
    {
      name: '机构端：A 机构管理员',
      token: jigou.token,
      roleType: 3,
      permissions: '*',
      institution: 'member',
    },
    { name: '考评员端', token: (await login(app, 'kaoping')).token, roleType: 4, permissions: EXAMINER_KEYS },
    {
      name: '考评员端：可查看考生身份',
      token: (await examinerAccount(app, 'chakankaoping', '13911110037', [...EXAMINER_KEYS, REVEAL_KEY]))
        .token,
      roleType: 4,
      permissions: [...EXAMINER_KEYS, REVEAL_KEY],
    },
    {
      name: '考评员端：另一考评员（用 A 的任务 id）',
      token: (await examinerAccount(app, 'lingyikaoping', '13911110036')).token,
      roleType: 4,
      permissions: EXAMINER_KEYS,
      tenantB: true,
    },
    {
      name: '企业端：B 企业管理员（用 A 的 id）',
      token: b.token,
      roleType: 1,
      company: 'admin',
      tenantB: true,
    },
    {
      name: '机构端：B 机构管理员（用 A 的 id）',
      token: institutionB.token,
      roleType: 3,
      permissions: '*',
      institution: 'member',
      tenantB: true,
    },
  ];
  const institutionA = await rowsOfInstitutionA(ctx, jigou.token);
  // Staff of A without any role of the institution: every key refused.
  personas.push({
    name: '机构端：A 机构人员（无授权）',
    token: (await smsLogin(ctx, STAFF_PHONE)).token,
    roleType: 3,
    institution: 'member',
  });
  return {
    personas,
    rowsOfA: { ...(await rowsOfTenantA(ctx, adminA.token, adminA._id)), ...institutionA },
  };
}

const STAFF_PHONE = '13911110035';
const REVEAL_KEY = 'examiner:task:reveal';

/** Institution A's rows: an approved filing, a test plan 报名中 with an examinee, a staff member, a role. */
async function rowsOfInstitutionA(ctx: TestContext, token: string) {
  const { app } = ctx;
  const { plan, examinees, filing } = await registeringPlan(app, token, { n: 1 });
  const staff = await api<{ user_id: string }>(app, 'POST', '/api/institution/staff', {
    token,
    body: { name: '机构人员', phone: STAFF_PHONE, role_ids: [] },
  });
  const role = await api<{ _id: string }>(app, 'POST', '/api/institution/roles', {
    token,
    body: { name: '考务人员', remark: null },
  });
  const rows = {
    institutionRecord: filing._id,
    testPlan: plan._id,
    examinee: examinees[0]?._id,
    institutionStaff: staff.body.data?.user_id,
    institutionRole: role.body.data?._id,
  };
  for (const [kind, id] of Object.entries(rows))
    if (!id) throw new Error(`institution A has no ${kind}: ${JSON.stringify({ staff, role })}`);
  return rows;
}

async function rowsOfTenantA(
  ctx: TestContext,
  token: string,
  adminId: string,
): Promise<Omit<TenantRows, keyof Awaited<ReturnType<typeof rowsOfInstitutionA>>>> {
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
  const certificate = { id: uuidv7() };
  await insertCertificates(app.db, [
    {
      id: certificate.id,
      companyId: company,
      source: CertificateSource.CUSTOM,
      sourceId: batch.id,
      rowNumber: 2,
      holderName: '',
    },
  ]);
  await app.messenger.toUsers([adminId], { category: '企业通知', content: 'A 的消息' });
  const inbox = await api<{ list: { _id: string }[] }>(app, 'GET', '/api/message', { token });
  const plan = await createPlan(app, token, planBody(await approvedFiling(app, token)));
  // kaoping examines that plan: a task of A that another examiner must not reach.
  const kaoping = (await findUserByAccount(app.db, 'kaoping'))!;
  await qualify(app, kaoping.id);
  const [qualification] = await app.db
    .select({ id: examinerQualifications.id })
    .from(examinerQualifications)
    .where(eq(examinerQualifications.userId, kaoping.id));
  const personId = uuidv7();
  await app.db
    .insert(levelEvaluationStaff)
    .values({ evaluationId: plan._id, personId, kind: 1, name: '柯萍', phone: kaoping.phone });
  const task = await api<{ _id: string }>(app, 'POST', `/api/levelEvaluations/${plan._id}/examTasks`, {
    token,
    body: { person_id: personId, method: 1 },
  });
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
    plan: plan._id,
    examTask: task.body.data?._id,
    qualification: qualification?.id,
  };
  for (const [kind, id] of Object.entries(rows))
    if (!id) throw new Error(`tenant A has no ${kind}: ${JSON.stringify({ record, joined, inbox, task })}`);
  return rows;
}
