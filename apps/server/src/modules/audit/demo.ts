import type { MenuNode } from '@skill-cert/shared/access';
import { AuditKind, MASKED } from '@skill-cert/shared/audit-log';
import { RoleType } from '@skill-cert/shared/roles';
import type { DbOrTx } from '../../db/client.ts';
import { listMenuTree } from '../access/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { writeAudit } from './service.ts';
import { auditLog } from './tables.ts';

/**
 * A few rows for the demo's 审计日志 (a sign-in that failed, one that succeeded, a platform change with its before and
 * after, an institution's change), once: a database that has any row keeps its own.
 */
export async function seedAuditDemo(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
  if (any) return;
  const pingtai = await findUserByAccount(db, 'pingtai');
  const jigou = await findUserByAccount(db, 'jigou');
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const notice = flat(await listMenuTree(db, RoleType.PLATFORM)).find((m) => m.key === 'system:notice:send');
  if (!pingtai || !jigou || !notice) return;
  const ip = '192.0.2.10';
  const signIn = { kind: AuditKind.SIGN_IN, method: 'POST', route: '/api/login', ip, action: '密码登录' };
  await writeAudit(db, {
    ...signIn,
    account: 'pingtai',
    userId: pingtai.id,
    userName: pingtai.name,
    after: { name: 'pingtai', password: MASKED },
    status: 400,
    success: false,
  });
  await writeAudit(db, {
    ...signIn,
    account: 'pingtai',
    userId: pingtai.id,
    userName: pingtai.name,
    after: { name: 'pingtai', password: MASKED },
    status: 200,
    success: true,
  });
  await writeAudit(db, {
    kind: AuditKind.CHANGE,
    userId: pingtai.id,
    userName: pingtai.name,
    portal: RoleType.PLATFORM,
    action: '修改菜单',
    method: 'PATCH',
    route: '/api/menus/:id',
    targetId: notice._id,
    before: { _id: notice._id, name: notice.name, sort: notice.sort, whether_hidden: 0 },
    after: { name: notice.name, sort: notice.sort + 5, whether_hidden: 0 },
    ip,
    status: 200,
    success: true,
  });
  await writeAudit(db, {
    kind: AuditKind.CHANGE,
    userId: jigou.id,
    userName: jigou.name,
    portal: RoleType.INSTITUTION,
    companyId: jigou.companyId,
    action: '编辑角色',
    method: 'POST',
    route: '/api/institution/roles',
    after: { name: '考务人员', remark: '负责考场编排' },
    ip: '192.0.2.24',
    status: 200,
    success: true,
  });
}
