import { SwapOutlined } from '@ant-design/icons';
import { isRoleTypeId, type RoleTypeId, roleHome, roleTypeNames } from '@skill-cert/shared/roles';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type NavigateFunction, useNavigate } from 'react-router';
import { browser } from '@/shared/browser';
import { clearDictCache } from '@/shared/dict/dict-cache';
import { feedback } from '@/shared/feedback';
import { errorMessage } from '@/shared/http';
import { refreshPersonalMenus } from '@/shared/permissions/personal-menus';
import { switchRoleType } from '@/shared/session/api/switch-role-type';
import { saveUser } from '@/shared/session/session';
import { useCurrentUser } from '@/shared/session/session-store';

export const roleSwitchQuestion = (role: RoleTypeId): string => `确定切换至${roleTypeNames[role]}吗？`;

/**
 * Role switch of spec §4 after the confirm: tell the server, clear the cached dictionary, load the
 * new role's menus (its routes), go to its home and reload the page.
 */
export async function switchRole(role: RoleTypeId, navigate: NavigateFunction): Promise<void> {
  try {
    const user = await switchRoleType(role, { silent: true });
    clearDictCache();
    // Menus first, then the user: the new role's routes exist the moment it becomes active.
    await refreshPersonalMenus(user);
    saveUser(user);
    await navigate(roleHome(user.active_role_type_id, user.company_id), { replace: true });
    browser.reload();
  } catch (error) {
    feedback.message.error(`${errorMessage(error)}，请稍后重试！`);
  }
}

/** Shown only to a user with more than one role; picking another role asks first. */
export function RoleSwitcher() {
  const user = useCurrentUser();
  const navigate = useNavigate();
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
      onOk: () => switchRole(role, navigate),
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
