import type { RoleTypeInfo } from '@skill-cert/shared/auth';
import type { Message, UnreadMessages } from '@skill-cert/shared/messages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect } from 'react';
import { LoadWhen } from '@/shared/components/load-when';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { getToken } from '@/shared/session/session';
import { useCurrentUser } from '@/shared/session/session-store';
import { bindWebsocket } from '../api/bind-websocket';
import { refreshUnread } from '../api/get-unread-messages';
import { pushMessages, resetMessages, setUnread, useMessagesStore } from '../messages-store';
import { cancelAccessNotices, handleAccessNotice, isAccessNotice } from '../notices/access-notices';
import { NO_WEBSOCKET_MESSAGE, realtimeUrl, startRealtimeClient } from './realtime-client';

let unsupportedAlerted = false;

// The centre loads when first shown, not with the layout.
const MessageCentre = lazy(() =>
  import('../components/message-centre').then((m) => ({ default: m.MessageCentre })),
);

/** A `message` frame: into the global messages and the box, then whatever its template key asks for. */
export function handlePushedMessages(data: UnreadMessages, queryClient: QueryClient): void {
  const shown = data.list.filter((message) => !isAccessNotice(message));
  pushMessages({ list: shown, count: data.count }, shown.length > 0);
  for (const message of data.list) dispatchTemplate(message);
  void queryClient.invalidateQueries({ queryKey: ['messages', 'list'] });
}

function dispatchTemplate(message: Message): void {
  if (isAccessNotice(message)) handleAccessNotice(message);
  else emitMessageArrived(message);
}

/**
 * Keeps the real-time channel (spec §4) open while a user is signed in: the unread count and list,
 * pushed messages, and the role and permission notices. Closed on sign-out and unmount.
 */
export function useRealtimeChannel(): void {
  const userId = useCurrentUser()?._id ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || !getToken()) return;
    // The badge does not wait for the socket.
    void refreshUnread();
    if (typeof window.WebSocket !== 'function') {
      if (!unsupportedAlerted) window.alert(NO_WEBSOCKET_MESSAGE);
      unsupportedAlerted = true;
      return resetMessages;
    }
    const client = startRealtimeClient({
      url: realtimeUrl(),
      WebSocket: window.WebSocket,
      bind: bindWebsocket,
      onUnread: (data) => setUnread(data),
      onPushed: (data) => handlePushedMessages(data, queryClient),
    });
    return () => {
      client.stop();
      cancelAccessNotices();
      resetMessages();
    };
  }, [userId, queryClient]);
}

interface RealtimeProviderProps {
  children?: ReactNode;
  /**
   * 选择登录端 for a user left with several roles after a delete_role_notice. The auth feature owns
   * that dialog, so the app passes it in, e.g. `(roles) => <RolePickerDialog roles={roles} redirectTo={null} />`.
   */
  renderRolePicker: (roles: RoleTypeInfo[]) => ReactNode;
}

/**
 * Wraps the signed-in layout: the channel, the message centre, the role picker. The live message box has its place in
 * the navbar (MessageBoxSlot).
 */
export function RealtimeProvider({ children, renderRolePicker }: RealtimeProviderProps) {
  useRealtimeChannel();
  const pickerRoles = useMessagesStore((s) => s.rolePickerRoles);
  const centreOpen = useMessagesStore((s) => s.centre.open);
  return (
    <>
      {children}
      <LoadWhen when={centreOpen}>
        <MessageCentre />
      </LoadWhen>
      {pickerRoles.length > 0 && renderRolePicker(pickerRoles)}
    </>
  );
}
