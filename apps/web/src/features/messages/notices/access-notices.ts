import type { UserInfo } from '@skill-cert/shared/auth';
import { NOTICE_DELAY_MS } from '@skill-cert/shared/constants';
import type { Message } from '@skill-cert/shared/messages';
import { TemplateKey } from '@skill-cert/shared/template-keys';
import { browser } from '@/shared/browser';
import { feedback } from '@/shared/feedback';
import { errorMessage } from '@/shared/http';
import { getUser } from '@/shared/session/api/get-user';
import { logout } from '@/shared/session/api/logout';
import { switchRoleType } from '@/shared/session/api/switch-role-type';
import { clearSession, saveUser } from '@/shared/session/session';
import { refreshUnread } from '../api/get-unread-messages';
import { readMessages } from '../api/read-messages';
import { showRolePicker } from '../messages-store';
import {
  decideRoleNotice,
  permissionNoticeContent,
  type RoleNoticeDecision,
  roleNoticeContent,
} from './access-notice';

/** Template keys that change what the user may do; they are marked read at once and end in a dialog. */
export const isAccessNotice = (message: Message): boolean =>
  message.data.template_key === TemplateKey.DELETE_ROLE ||
  message.data.template_key === TemplateKey.PERMISSION_UPDATE;

interface Pending {
  cancelled: boolean;
  timer?: ReturnType<typeof setTimeout>;
}
/** The access dialog waiting for its delay; at most one. */
let pending: Pending | null = null;
let dialogOpen = false;

function cancelPending(): void {
  if (!pending) return;
  pending.cancelled = true;
  clearTimeout(pending.timer);
  pending = null;
}

/** Shows the dialog NOTICE_DELAY_MS from now unless the entry was cancelled meanwhile. */
function showLater(entry: Pending, show: () => void): void {
  if (entry.cancelled) return;
  entry.timer = setTimeout(() => {
    if (entry.cancelled) return;
    pending = null;
    show();
  }, NOTICE_DELAY_MS);
}

/** The dialog can only be answered with 确定 (spec §4: no cancel, no close). */
function showAccessDialog(content: string, onOk: () => unknown): void {
  dialogOpen = true;
  feedback.modal.warning({
    title: '提示',
    content,
    okText: '确定',
    closable: false,
    mask: { closable: false },
    keyboard: false,
    onOk: async () => {
      await onOk();
      dialogOpen = false;
    },
  });
}

async function markRead(message: Message): Promise<void> {
  await readMessages([message._id], { silent: true }).catch((error: unknown) =>
    console.error('mark notice read', error),
  );
  await refreshUnread();
}

/** Carries out a delete_role_notice decision once the user pressed 确定. */
async function actOnRoleNotice(decision: RoleNoticeDecision, user: UserInfo): Promise<void> {
  switch (decision.kind) {
    case 'logout':
      await logout().catch(() => undefined);
      clearSession();
      browser.reload();
      return;
    case 'reload':
      saveUser(user);
      browser.reload();
      return;
    case 'pick':
      showRolePicker(user.role_type_info);
      return;
    case 'activate':
      try {
        saveUser(await switchRoleType(decision.role, { silent: true }));
      } catch (error) {
        feedback.message.error(`${errorMessage(error)}，请稍后重试！`);
      }
      browser.reload();
  }
}

/** delete_role_notice: mark read, refetch the user, and 5 s later say what happens next (spec §4). */
function onRoleRemoved(message: Message): void {
  cancelPending();
  const entry: Pending = { cancelled: false };
  pending = entry;
  void (async () => {
    await markRead(message);
    let user: UserInfo;
    try {
      user = await getUser();
    } catch (error) {
      // A 401 has its own dialog; nothing else can be decided without the user.
      console.error('refetch user after role removal', error);
      if (pending === entry) cancelPending();
      return;
    }
    if (entry.cancelled) return;
    // The store keeps the old user until 确定: saving it now would drop the current page (and this
    // provider with it) under the user's feet before the dialog has said why.
    const decision = decideRoleNotice(user);
    showLater(entry, () =>
      showAccessDialog(roleNoticeContent(decision, message.content), () => actOnRoleNotice(decision, user)),
    );
  })();
}

/** permission_update_notice: mark read; 5 s later the content plus '，请更新！', and 确定 reloads. */
function onPermissionsChanged(message: Message): void {
  void markRead(message);
  // A pending role dialog says more than this one; a pending permission dialog says the same.
  if (pending) return;
  const entry: Pending = { cancelled: false };
  pending = entry;
  showLater(entry, () => showAccessDialog(permissionNoticeContent(message.content), () => browser.reload()));
}

/** Routes a pushed access notice to its flow; an open dialog already leads to a reload. */
export function handleAccessNotice(message: Message): void {
  if (dialogOpen) {
    void markRead(message);
    return;
  }
  if (message.data.template_key === TemplateKey.DELETE_ROLE) onRoleRemoved(message);
  else if (message.data.template_key === TemplateKey.PERMISSION_UPDATE) onPermissionsChanged(message);
}

/** Drops a dialog still waiting for its delay (sign-out, unmount, tests). */
export function cancelAccessNotices(): void {
  cancelPending();
  dialogOpen = false;
}
