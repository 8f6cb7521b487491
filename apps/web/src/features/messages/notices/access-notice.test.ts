import type { RoleTypeInfo } from '@skill-cert/shared/auth';
import { describe, expect, it } from 'vitest';
import {
  decideRoleNotice,
  NO_ROLE_LEFT_MESSAGE,
  permissionNoticeContent,
  roleNoticeContent,
} from './access-notice';

const enterprise: RoleTypeInfo = { _id: 1, name: '企业端' };
const platform: RoleTypeInfo = { _id: 2, name: '平台端' };

describe('delete_role_notice decision (spec §4)', () => {
  it('no roles left: log out, with the no-access text', () => {
    const decision = decideRoleNotice({ role_type_info: [], active_role_type_id: null });
    expect(decision).toEqual({ kind: 'logout' });
    expect(roleNoticeContent(decision, '您的企业端角色已被移除')).toBe(
      '您当前操作的角色权限已被移除，您无任何权限访问系统，请退出！',
    );
    expect(NO_ROLE_LEFT_MESSAGE).toBe('您当前操作的角色权限已被移除，您无任何权限访问系统，请退出！');
  });

  it('no roles left, even if an active role is still recorded: log out', () => {
    expect(decideRoleNotice({ role_type_info: [], active_role_type_id: 2 })).toEqual({ kind: 'logout' });
  });

  it('one role left and it is active: confirm and reload', () => {
    expect(decideRoleNotice({ role_type_info: [platform], active_role_type_id: 2 })).toEqual({
      kind: 'reload',
    });
  });

  it('one role left and none active: activate that role', () => {
    expect(decideRoleNotice({ role_type_info: [platform], active_role_type_id: null })).toEqual({
      kind: 'activate',
      role: 2,
    });
  });

  it('one role left and the active one is a removed role: activate the one left', () => {
    expect(decideRoleNotice({ role_type_info: [enterprise], active_role_type_id: 2 })).toEqual({
      kind: 'activate',
      role: 1,
    });
  });

  it('several roles with an active one: pick a role', () => {
    expect(decideRoleNotice({ role_type_info: [enterprise, platform], active_role_type_id: 1 })).toEqual({
      kind: 'pick',
    });
  });

  it('several roles and none active: pick a role', () => {
    const decision = decideRoleNotice({ role_type_info: [enterprise, platform], active_role_type_id: null });
    expect(decision).toEqual({ kind: 'pick' });
    expect(roleNoticeContent(decision, '您的考评员端角色已被移除')).toBe(
      '您的考评员端角色已被移除，请重新选择登录端！',
    );
  });

  it('permission_update_notice says the content plus ，请更新！', () => {
    expect(permissionNoticeContent('您的权限已变更')).toBe('您的权限已变更，请更新！');
  });
});
