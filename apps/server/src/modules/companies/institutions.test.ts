import type { MenuNode, PersonalMenus, RoleRow } from '@skill-cert/shared/access';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { CompanyInfo, InstitutionCreated, InstitutionStaffRow } from '@skill-cert/shared/companies';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/fixtures/companies.ts';
import {
  creditCode,
  institutionBody,
  secondInstitution,
  smsLogin,
} from '../../../test/fixtures/institutions.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { messages } from '../messages/tables.ts';
import { createUser, findUserByAccount, findUserByPhone, grantRoleType } from '../users/service.ts';
import { companies } from './tables.ts';

const ctx = useTestApp();
const platform = async () => (await login(ctx.app, 'pingtai')).token;
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const institutionCount = async () =>
  (await ctx.app.db.select({ n: count() }).from(companies).where(eq(companies.type, 2)))[0].n;

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

async function createInstitution(body: object, token?: string) {
  return api<InstitutionCreated>(ctx.app, 'POST', '/api/platform/institutions', {
    token: token ?? (await platform()),
    body,
  });
}

describe('the platform creates institutions', () => {
  it('creates the institution (type 2) and a new administrator account holding 机构端 and 机构管理员', async () => {
    const res = await createInstitution(institutionBody());
    expect(res.body).toMatchObject({ code: 200, message: '机构已创建' });
    expect(res.body.data.company).toMatchObject({ name: '杭州第二职业技能评价中心', type: 2 });
    expect(res.body.data.admin).toMatchObject({ name: '赵管理', phone: '13922220002', created: true });
    const admin = await smsLogin(ctx, '13922220002');
    expect(admin.role_types_info).toEqual([3]);
    const menus = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', {
      token: admin.token,
    });
    expect(menus.body.data.permissions).toEqual(['*:*:*']);
    const staff = await api<Paged<InstitutionStaffRow>>(ctx.app, 'GET', '/api/institution/staff', {
      token: admin.token,
    });
    expect(staff.body.data.list.map((m) => [m.name, m.role_text])).toEqual([['赵管理', '管理员']]);
  });

  it('an account of that phone without a company becomes the administrator (created: false) and gains 机构端', async () => {
    const person = await registerUser(ctx, 'qianls', '13922220003');
    const res = await createInstitution(
      institutionBody({ admin_name: 'qianls', admin_phone: '13922220003' }),
    );
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.admin).toMatchObject({ user_id: person._id, created: false });
    const me = await api<LoginResult>(ctx.app, 'GET', '/api/user', { token: person.token });
    expect([...me.body.data.role_types_info].sort()).toEqual([1, 3]);
    expect(me.body.data.company_id).toBe(res.body.data.company._id);
  });

  it('an account already in another company is refused and nothing is created', async () => {
    const before = await institutionCount();
    const res = await createInstitution(institutionBody({ admin_phone: '13800000001' }));
    expect([res.status, res.body.message]).toEqual([400, '该手机号的用户已加入其他企业或机构']);
    expect(await institutionCount()).toBe(before);
  });

  it('a new account whose name another account uses is refused and nothing is created', async () => {
    const before = await institutionCount();
    const res = await createInstitution(institutionBody({ admin_name: 'qiye' }));
    expect([res.status, res.body.message]).toEqual([
      400,
      '该姓名已被其他账号用作用户名，请加以区分（如 张三2）',
    ]);
    expect(await institutionCount()).toBe(before);
    expect(await findUserByPhone(ctx.app.db, '13922220002')).toBeFalsy();
  });

  it('a credit code already registered is refused', async () => {
    const res = await createInstitution(institutionBody({ credit_code: '52110000MA01JGDM0K' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^该统一社会信用代码已注册/);
    expect(await findUserByPhone(ctx.app.db, '13922220002')).toBeFalsy();
  });

  it('needs platform:institution:add: 运营人员 is refused, an enterprise user too', async () => {
    const operator = (await login(ctx.app, 'yunying')).token;
    const refused = await createInstitution(institutionBody(), operator);
    expect([refused.status, refused.body.message]).toEqual([403, '没有权限执行此操作']);
    const enterprise = await createInstitution(institutionBody(), (await login(ctx.app, 'qiye')).token);
    expect(enterprise.status).toBe(403);
  });

  it('a bad field is 400 naming it', async () => {
    const res = await createInstitution(institutionBody({ credit_code: '123' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/统一社会信用代码/);
  });

  it('institutions are listed with the enterprises under type=2', async () => {
    await createInstitution(institutionBody());
    const res = await api<Paged<CompanyInfo>>(ctx.app, 'GET', '/api/platform/companies?type=2', {
      token: await platform(),
    });
    expect(res.body.data.list.map((c) => c.name).sort()).toEqual(
      ['杭州第二职业技能评价中心', '示例职业技能培训评价中心'].sort(),
    );
  });
});

describe('the institution door', () => {
  it('another role type is refused with 仅机构端可以执行此操作', async () => {
    const res = await api(ctx.app, 'GET', '/api/institution/staff', {
      token: (await login(ctx.app, 'qiye')).token,
    });
    expect([res.status, res.body.message]).toEqual([403, '仅机构端可以执行此操作']);
  });

  it('a 机构端 user without an institution is refused with 您还没有加入机构', async () => {
    await createUser(ctx.app.db, {
      name: 'gudu',
      phone: '13922220009',
      password: DEMO_PASSWORD,
      roleTypeIds: [RoleType.INSTITUTION],
    });
    const { token } = await login(ctx.app, 'gudu');
    const res = await api(ctx.app, 'GET', '/api/institution/staff', { token });
    expect([res.status, res.body.message]).toEqual([403, '您还没有加入机构']);
  });

  it('a frozen institution answers code 61', async () => {
    const token = await jigou();
    const institution = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
    await ctx.app.db.update(companies).set({ status: 2 }).where(eq(companies.id, institution));
    const res = await api(ctx.app, 'GET', '/api/institution/staff', { token });
    expect([res.body.code, res.body.message]).toEqual([
      61,
      '您所在的机构已被平台冻结，暂不能使用该功能，请联系平台管理员',
    ]);
  });
  it('a frozen institution answers code 61 on the request after the platform freezes it, and its pages after the unfreeze', async () => {
    const token = await jigou();
    const institution = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
    const staff = async () => (await api(ctx.app, 'GET', '/api/institution/staff', { token })).body.code;
    expect(await staff()).toBe(200);
    const pingtai = await platform();
    await api(ctx.app, 'POST', `/api/platform/companies/${institution}/freeze`, { token: pingtai });
    expect(await staff()).toBe(61);
    await api(ctx.app, 'POST', `/api/platform/companies/${institution}/unfreeze`, { token: pingtai });
    expect(await staff()).toBe(200);
  });

  it('the message of a freeze names the institution as 机构, not 企业', async () => {
    const jigouUser = (await findUserByAccount(ctx.app.db, 'jigou'))!;
    const pingtai = await platform();
    await api(ctx.app, 'POST', `/api/platform/companies/${jigouUser.companyId}/freeze`, { token: pingtai });
    const [institution] = await ctx.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, jigouUser.companyId!));
    const [message] = await ctx.app.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.userId, jigouUser.id), eq(messages.templateKey, TemplateKey.COMPANY_STATUS_CHANGED)),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1);
    expect(message.content).toBe(`您所在的机构「${institution.name}」已被平台冻结`);
  });

  it('a staff member who also holds 企业端 is refused at the enterprise door with 您还没有加入企业', async () => {
    const jigouUser = (await findUserByAccount(ctx.app.db, 'jigou'))!;
    await grantRoleType(ctx.app.db, jigouUser.id, RoleType.ENTERPRISE);
    const token = await jigou();
    const switched = await api(ctx.app, 'PATCH', '/api/user/switchRoleType', {
      token,
      body: { role: RoleType.ENTERPRISE },
    });
    expect(switched.body.code).toBe(200);
    const res = await api(ctx.app, 'GET', '/api/recordApplications', { token });
    expect([res.status, res.body.message]).toEqual([403, '您还没有加入企业']);
  });
});

describe("the institution's staff and roles", () => {
  const addStaff = async (token: string, body: object) =>
    api<InstitutionStaffRow>(ctx.app, 'POST', '/api/institution/staff', { token, body });
  const createRole = async (token: string, name: string) =>
    (await api<RoleRow>(ctx.app, 'POST', '/api/institution/roles', { token, body: { name, remark: null } }))
      .body.data;
  const institutionMenus = async (token: string) =>
    flatten((await api<MenuNode[]>(ctx.app, 'GET', '/api/institution/menus', { token })).body.data);

  it('adds a staff member: a new account with 机构端 and the chosen role, told by a message', async () => {
    const token = await jigou();
    const role = await createRole(token, '考务人员');
    const res = await addStaff(token, { name: '孙考务', phone: '13922220010', role_ids: [role._id] });
    expect(res.body).toMatchObject({ code: 200, message: '已添加' });
    expect(res.body.data).toMatchObject({ name: '孙考务', role_text: '成员', roles: [{ name: '考务人员' }] });
    const member = await smsLogin(ctx, '13922220010');
    expect(member.role_types_info).toEqual([3]);
  });

  it('an account of another company is refused; a member already is refused; a role of another institution is refused', async () => {
    const token = await jigou();
    const other = await addStaff(token, { name: 'qiye', phone: '13800000001', role_ids: [] });
    expect([other.status, other.body.message]).toEqual([400, '该手机号的用户已加入其他企业或机构']);
    const again = await addStaff(token, { name: 'jigou', phone: '13800000003', role_ids: [] });
    expect([again.status, again.body.message]).toEqual([400, '该用户已是本机构人员']);
    const b = await secondInstitution(ctx);
    const roleOfB = await createRole(b.token, '乙的角色');
    const foreign = await addStaff(token, { name: '周某', phone: '13922220011', role_ids: [roleOfB._id] });
    expect([foreign.status, foreign.body.message]).toEqual([400, '所选角色不存在']);
    expect(await findUserByPhone(ctx.app.db, '13922220011')).toBeFalsy();
  });

  it("one institution never sees another's staff or roles: 404 as if missing", async () => {
    const token = await jigou();
    const role = await createRole(token, '甲的角色');
    const added = await addStaff(token, { name: '吴甲', phone: '13922220012', role_ids: [] });
    const b = await secondInstitution(ctx);
    const staffOfB = await api<Paged<InstitutionStaffRow>>(ctx.app, 'GET', '/api/institution/staff', {
      token: b.token,
    });
    expect(staffOfB.body.data.list.map((m) => m.name)).toEqual(['赵管理']);
    const rolesOfB = await api<Paged<RoleRow>>(ctx.app, 'GET', '/api/institution/roles', { token: b.token });
    expect(rolesOfB.body.data.list).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/api/institution/roles/${role._id}`],
      ['PATCH', `/api/institution/roles/${role._id}`, { name: '改名', remark: null }],
      ['DELETE', `/api/institution/roles/${role._id}`],
      ['PUT', `/api/institution/roles/${role._id}/menus`, { menu_ids: [] }],
    ] as const) {
      const res = await api(ctx.app, method, url, { token: b.token, body });
      expect([method, res.status, res.body.message]).toEqual([method, 404, '角色不存在或已删除']);
    }
    for (const [method, url, body] of [
      ['PUT', `/api/institution/staff/${added.body.data.user_id}/roles`, { role_ids: [] }],
      ['DELETE', `/api/institution/staff/${added.body.data.user_id}`],
    ] as const) {
      const res = await api(ctx.app, method, url, { token: b.token, body });
      expect([method, res.status, res.body.message]).toEqual([method, 404, '人员不存在']);
    }
  });

  it('an institution role grants institution menu items only', async () => {
    const token = await jigou();
    const role = await createRole(token, '只读');
    const platformMenus = flatten(
      (await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=2', { token: await platform() })).body.data,
    );
    const res = await api(ctx.app, 'PUT', `/api/institution/roles/${role._id}/menus`, {
      token,
      body: { menu_ids: [platformMenus[0]._id] },
    });
    expect([res.status, res.body.message]).toEqual([400, '所选菜单不存在或不属于该角色所属端']);
  });

  it('a member holds exactly what their roles grant: test plans read, not created; told when it changes', async () => {
    const token = await jigou();
    const role = await createRole(token, '计划查看');
    const menus = await institutionMenus(token);
    const listKey = menus.find((m) => m.key === 'institution:test-plan:list')!;
    await api(ctx.app, 'PUT', `/api/institution/roles/${role._id}/menus`, {
      token,
      body: { menu_ids: [listKey._id] },
    });
    const added = await addStaff(token, { name: '郑查看', phone: '13922220013', role_ids: [] });
    const member = await smsLogin(ctx, '13922220013');
    const before = await api(ctx.app, 'GET', '/api/testPlans', { token: member.token });
    expect([before.status, before.body.message]).toEqual([403, '没有权限执行此操作']);
    const set = await api<InstitutionStaffRow>(
      ctx.app,
      'PUT',
      `/api/institution/staff/${added.body.data.user_id}/roles`,
      { token, body: { role_ids: [role._id] } },
    );
    expect(set.body.data.roles.map((r) => r.name)).toEqual(['计划查看']);
    const inbox = await api<{ list: { data: { template_key: string | null } }[] }>(
      ctx.app,
      'GET',
      '/api/message',
      {
        token: member.token,
      },
    );
    expect(inbox.body.data.list.map((m) => m.data.template_key)).toContain('permission_update_notice');
    // The read passes the key (then the code-61 gate: no approved filing yet).
    const read = await api(ctx.app, 'GET', '/api/testPlans', { token: member.token });
    expect(read.body.code).toBe(61);
    const create = await api(ctx.app, 'POST', '/api/testPlans', { token: member.token, body: {} });
    expect([create.status, create.body.message]).toEqual([403, '没有权限执行此操作']);
  });

  it("the platform's role administration neither lists nor replaces an institution's roles", async () => {
    const token = await jigou();
    const role = await createRole(token, '机构自建');
    const added = await addStaff(token, { name: '冯成员', phone: '13922220014', role_ids: [role._id] });
    const admin = await platform();
    const listed = await api<Paged<RoleRow>>(ctx.app, 'GET', '/api/roles?portal=3', {
      token: admin,
    });
    expect(listed.body.data.list.map((r) => r.name)).not.toContain('机构自建');
    const read = await api(ctx.app, 'GET', `/api/roles/${role._id}`, { token: admin });
    expect(read.status).toBe(404);
    const platformRoles = listed.body.data.list.filter((r) => r.name === '机构管理员');
    const replaced = await api(ctx.app, 'PUT', `/api/users/${added.body.data.user_id}/roles`, {
      token: admin,
      body: { role_ids: platformRoles.map((r) => r._id) },
    });
    expect(replaced.body.code, replaced.body.message).toBe(200);
    const staff = await api<Paged<InstitutionStaffRow>>(ctx.app, 'GET', '/api/institution/staff', { token });
    expect(staff.body.data.list.find((m) => m.name === '冯成员')?.roles.map((r) => r.name)).toEqual([
      '机构自建',
    ]);
  });

  it('removes a member, who leaves with the roles; never the last administrator', async () => {
    const token = await jigou();
    const role = await createRole(token, '临时');
    const added = await addStaff(token, { name: '陈临时', phone: '13922220015', role_ids: [role._id] });
    const removed = await api(ctx.app, 'DELETE', `/api/institution/staff/${added.body.data.user_id}`, {
      token,
    });
    expect(removed.body).toMatchObject({ code: 200, message: '已移除' });
    const left = await findUserByPhone(ctx.app.db, '13922220015');
    expect(left?.companyId).toBeNull();
    const menus = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', {
      token: (await smsLogin(ctx, '13922220015')).token,
    });
    expect(menus.body.data.permissions).toEqual([]);
    const me = (await findUserByAccount(ctx.app.db, 'jigou'))!;
    const last = await api(ctx.app, 'DELETE', `/api/institution/staff/${me.id}`, { token });
    expect([last.status, last.body.message]).toEqual([400, '不能移除机构唯一的管理员']);
  });

  it('a role renamed or deleted tells its holders', async () => {
    const token = await jigou();
    const role = await createRole(token, '会被删');
    await addStaff(token, { name: '褚持有', phone: '13922220016', role_ids: [role._id] });
    const member = await smsLogin(ctx, '13922220016');
    const renamed = await api<RoleRow>(ctx.app, 'PATCH', `/api/institution/roles/${role._id}`, {
      token,
      body: { name: '改了名', remark: '说明' },
    });
    expect(renamed.body.data).toMatchObject({ name: '改了名', remark: '说明' });
    const deleted = await api(ctx.app, 'DELETE', `/api/institution/roles/${role._id}`, { token });
    expect(deleted.body.code).toBe(200);
    const inbox = await api<{ list: { data: { template_key: string | null } }[] }>(
      ctx.app,
      'GET',
      '/api/message',
      {
        token: member.token,
      },
    );
    expect(
      inbox.body.data.list.filter((m) => m.data.template_key === 'permission_update_notice'),
    ).toHaveLength(2);
  });
});

describe('institution credit codes', () => {
  it('the fixture makes valid codes', () => {
    expect(creditCode('52110000MA01JGDM0')).toBe('52110000MA01JGDM0K');
  });
});
