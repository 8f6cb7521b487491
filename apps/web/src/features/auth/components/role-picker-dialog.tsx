import { AuditOutlined, BankOutlined, ClusterOutlined, ReadOutlined } from '@ant-design/icons';
import type { RoleTypeInfo } from '@skill-cert/shared/auth';
import { type RoleTypeId, roleHome, roleTypeNames } from '@skill-cert/shared/roles';
import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { browser } from '@/shared/browser';
import { switchRoleType } from '@/shared/session/api/switch-role-type';
import { saveUser } from '@/shared/session/session';

const roleIcons: Record<RoleTypeId, ReactNode> = {
  1: <BankOutlined />,
  2: <ClusterOutlined />,
  3: <ReadOutlined />,
  4: <AuditOutlined />,
};

export interface RolePickerDialogProps {
  /** Roles to choose from; the dialog is open while the list is not empty. */
  roles: RoleTypeInfo[];
  redirectTo: string | null;
}

/** 选择登录端: one tile per role; the choice is sent to the server, then the app loads afresh. */
export function RolePickerDialog({ roles, redirectTo }: RolePickerDialogProps) {
  const [pending, setPending] = useState<RoleTypeId | null>(null);

  const pick = async (role: RoleTypeId) => {
    setPending(role);
    try {
      const user = await switchRoleType(role);
      saveUser(user);
      browser.assign(redirectTo ?? roleHome(role, user.company_id));
    } catch {
      setPending(null);
    }
  };

  return (
    <Modal
      open={roles.length > 0}
      title="选择登录端"
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
    >
      <div className="role-tiles">
        {roles.map((role) => (
          <button
            key={role._id}
            type="button"
            className="role-tile"
            disabled={pending !== null}
            onClick={() => pick(role._id)}
          >
            <span className="role-tile-icon">{roleIcons[role._id]}</span>
            <span>{roleTypeNames[role._id] ?? role.name}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}
