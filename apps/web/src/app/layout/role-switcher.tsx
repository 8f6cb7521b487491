import { SwapOutlined } from '@ant-design/icons';
import { isRoleTypeId, type RoleTypeId, roleHome, roleTypeNames } from '@skill-cert/shared/roles';
import { Button, Dropdown, type MenuProps } from 'antd';
import { browser } from '@/shared/browser';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { feedback } from '@/shared/feedback';
import { errorMessage } from '@/shared/http';
import { switchRoleType } from '@/shared/session/api/switch-role-type';
import { rememberRoles } from '@/shared/session/session';
import { useCurrentUser } from '@/shared/session/session-store';

export const roleSwitchQuestion = (role: RoleTypeId): string => `确定切换至${roleTypeNames[role]}吗？`;

/**
 * Role switch of spec §4 after the confirm: tell the server, clear the cached dictionary, then load the
 * new role's home afresh, which regenerates its routes. One full page load: rendering the open page as the
 * new role first sent a platform page (/company) to the enterprise's /404 before the home was reached.
 */
export async function switchRole(role: RoleTypeId): Promise<void> {
  try {
    const user = await switchRoleType(role, { silent: true });
    clearDictCache();
    rememberRoles(user);
    browser.assign(roleHome(user.active_role_type_id, user.company_id));
  } catch (error) {
    feedback.message.error(`${errorMessage(error)}，请稍后重试！`);
  }
}

/** Shown only to a user with more than one role; picking another role asks first. */
export function RoleSwitcher() {
  const user = useCurrentUser();
  if (!user || user.role_type_info.length <= 1) return null;
  const active = user.active_role_type_id;
  const activeName = active ? roleTypeNames[active] : '选择角色';

  const items: MenuProps['items'] = user.role_type_info.map((r) => ({
    key: String(r._id),
    label: roleTypeNames[r._id] ?? r.name,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const role = Number(key);
    if (!isRoleTypeId(role) || role === active) return;
    feedback.modal.confirm({
      title: '提示',
      content: roleSwitchQuestion(role),
      okText: '确定',
      cancelText: '取消',
      onOk: () => switchRole(role),
    });
  };

  return (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: active ? [String(active)] : [] }}
      trigger={['click']}
    >
      <Button type="text" icon={<SwapOutlined />} aria-label={`切换角色，当前：${activeName}`}>
        {activeName}
      </Button>
    </Dropdown>
  );
}
