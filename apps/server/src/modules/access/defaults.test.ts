import { RoleType } from '@skill-cert/shared/roles';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { defaultsAddedMessage, ensureDefaultAccess } from './defaults.ts';
import { holdsPermission, permissionKeysOf, setRoleMenus } from './service.ts';
import { accessSeededMenus, menus, roleMenus, roles } from './tables.ts';

const ctx = useTestApp();

const NEWS_BUTTONS = [
  'platform:news:add',
  'platform:news:edit',
  'platform:news:publish',
  'platform:news:delete',
];

/** Runs the start's default seeding and answers what it added, by portal. */
async function start(): Promise<Record<number, string[]>> {
  const added: Record<number, string[]> = {};
  await ensureDefaultAccess(ctx.app.db, (portal, items) => {
    added[portal] = items;
  });
  return added;
}

/** Turns the database into one made by a release whose defaults lacked these keys. */
async function olderRelease(keys: string[]) {
  await ctx.app.db.delete(menus).where(inArray(menus.key, keys));
  await ctx.app.db.delete(accessSeededMenus).where(inArray(accessSeededMenus.key, keys));
}

async function yunying() {
  const [role] = await ctx.app.db
    .select()
    .from(roles)
    .where(and(eq(roles.name, '运营人员'), isNull(roles.companyId)));
  const [user] = await ctx.app.db.query.users.findMany({ where: (u, { eq }) => eq(u.name, 'yunying') });
  return { role, userId: user.id };
}

describe('default menus reach an existing database at start', () => {
  it('a database seeded with an older default set gets the new items, under their parent, granted as the defaults say', async () => {
    await olderRelease([...NEWS_BUTTONS, 'system:notice:send']);
    const added = await start();
    expect(added[RoleType.PLATFORM]).toEqual([
      '发送通知（system:notice:send）',
      '新增新闻（platform:news:add）',
      '修改新闻（platform:news:edit）',
      '发布/下线新闻（platform:news:publish）',
      '删除新闻（platform:news:delete）',
    ]);
    const [news] = await ctx.app.db.select().from(menus).where(eq(menus.key, 'platform:news:list'));
    const buttons = await ctx.app.db.select().from(menus).where(inArray(menus.key, NEWS_BUTTONS));
    expect(buttons.map((b) => b.parentId)).toEqual(NEWS_BUTTONS.map(() => news.id));
    const { userId } = await yunying();
    const keys = await permissionKeysOf(ctx.app.db, userId, RoleType.PLATFORM);
    expect(keys).toEqual(expect.arrayContaining(NEWS_BUTTONS));
    // 发送通知 is not among 运营人员's default keys: a new item goes to no other role.
    expect(keys).not.toContain('system:notice:send');
  });

  it('审计日志 reaches a database made before it: the super administrator holds it, 运营人员 does not', async () => {
    const AUDIT = ['platform:audit-log:list', 'platform:audit-log:export'];
    await olderRelease(AUDIT);
    expect((await start())[RoleType.PLATFORM]).toEqual([
      '审计日志（platform:audit-log:list）',
      '导出审计日志（platform:audit-log:export）',
    ]);
    const { userId } = await yunying();
    expect(await permissionKeysOf(ctx.app.db, userId, RoleType.PLATFORM)).not.toEqual(
      expect.arrayContaining(['platform:audit-log:list']),
    );
    const [admin] = await ctx.app.db.query.users.findMany({ where: (u, { eq }) => eq(u.name, 'pingtai') });
    expect(await holdsPermission(ctx.app.db, admin.id, RoleType.PLATFORM, 'platform:audit-log:export')).toBe(
      true,
    );
  });

  it('the log says per portal what was added', async () => {
    await olderRelease(['platform:audit-log:list', 'platform:audit-log:export']);
    const added = await start();
    expect(defaultsAddedMessage(RoleType.PLATFORM, added[RoleType.PLATFORM])).toBe(
      '平台端新增默认菜单 2 项：审计日志（platform:audit-log:list）、导出审计日志（platform:audit-log:export）',
    );
  });

  it('an item the administrator deleted stays deleted', async () => {
    await ctx.app.db.delete(menus).where(eq(menus.key, 'system:notice:send'));
    expect(await start()).toEqual({});
    expect(await ctx.app.db.select().from(menus).where(eq(menus.key, 'system:notice:send'))).toEqual([]);
  });

  it('an item deleted from a database made before items were remembered stays deleted', async () => {
    await ctx.app.db.delete(accessSeededMenus);
    await ctx.app.db.delete(menus).where(eq(menus.key, 'system:notice:send'));
    await start();
    expect(await ctx.app.db.select().from(menus).where(eq(menus.key, 'system:notice:send'))).toEqual([]);
  });

  it('a grant the administrator removed stays removed', async () => {
    const { role, userId } = await yunying();
    const kept = await ctx.app.db
      .select({ id: menus.id })
      .from(menus)
      .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
      .where(
        and(
          eq(roleMenus.roleId, role.id),
          inArray(menus.key, ['platform:company:list', 'platform:news:list']),
        ),
      );
    await setRoleMenus(
      ctx.app.db,
      role.id,
      kept.map((k) => k.id),
    );
    expect(await start()).toEqual({});
    expect((await permissionKeysOf(ctx.app.db, userId, RoleType.PLATFORM)).sort()).toEqual([
      'platform:company:list',
      'platform:news:list',
    ]);
  });

  it('starting twice adds nothing the second time', async () => {
    await olderRelease(NEWS_BUTTONS);
    expect(Object.keys(await start())).toEqual([String(RoleType.PLATFORM)]);
    const before = await ctx.app.db.select({ id: menus.id }).from(menus);
    const grantsBefore = await ctx.app.db.select().from(roleMenus);
    expect(await start()).toEqual({});
    expect((await ctx.app.db.select({ id: menus.id }).from(menus)).length).toBe(before.length);
    expect((await ctx.app.db.select().from(roleMenus)).length).toBe(grantsBefore.length);
  });
});
