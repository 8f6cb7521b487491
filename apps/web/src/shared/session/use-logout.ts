import { useCallback } from 'react';
import { browser } from '../browser';
import { feedback } from '../feedback';
import { logout } from './api/logout';
import { clearSession } from './session';

/** Logout of spec §4: confirm, tell the server (errors ignored), forget the session, reload. */
export function useLogout(): () => void {
  return useCallback(() => {
    feedback.modal.confirm({
      title: '提示',
      content: '确定退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout().catch(() => undefined);
        clearSession();
        browser.reload();
      },
    });
  }, []);
}
