import type { RoleTypeInfo } from '@skill-cert/shared/auth';
import type { Message, UnreadMessages } from '@skill-cert/shared/messages';
import { create } from 'zustand';
import { feedback } from '@/shared/feedback';
import type { MessageTab } from './api/get-messages';

/** Opens the custom-certificate detail dialog (spec §2 Dialogs), registered by whoever owns it. */
export type ViewCustomCertificate = (certificateId: string) => void;

const viewCustomCertificateSoon: ViewCustomCertificate = () => {
  feedback.message.info('证书详情即将上线');
};

interface MessagesState {
  /** Latest unread messages, newest first: what the channel pushed and what the server last listed. */
  messages: Message[];
  unreadCount: number;
  /** The live message box (in the navbar, message-box.tsx). */
  boxOpen: boolean;
  /** What the box shows: the messages pushed since it opened, newest push first (never the older unread ones). */
  boxIds: string[];
  /** Counts the pushes the box has shown: each one starts its closing delay again. */
  boxPushes: number;
  centre: { open: boolean; tab: MessageTab };
  /** Roles offered by 选择登录端 after a role was taken away (spec §4 delete_role_notice); empty when closed. */
  rolePickerRoles: RoleTypeInfo[];
  viewCustomCertificate: ViewCustomCertificate;
}

const initialState = (): MessagesState => ({
  messages: [],
  unreadCount: 0,
  boxOpen: false,
  boxIds: [],
  boxPushes: 0,
  centre: { open: false, tab: 'unread' },
  rolePickerRoles: [],
  viewCustomCertificate: viewCustomCertificateSoon,
});

export const useMessagesStore = create<MessagesState>()(initialState);

/** `pushed` first (the server lists newest first), then the messages already known, each once. */
export function mergeMessages(current: Message[], pushed: Message[]): Message[] {
  const seen = new Set<string>();
  const merged: Message[] = [];
  for (const message of [...pushed, ...current]) {
    if (!seen.has(message._id)) {
      seen.add(message._id);
      merged.push(message);
    }
  }
  return merged;
}

/** Counts pushes, so an answer requested before the latest push can be told apart. */
let pushes = 0;
export const pushesSoFar = (): number => pushes;

/**
 * The server's view of what is unread (intervalData, GET /api/message/unreadMessage). An HTTP answer
 * passes `pushesWhenAsked`; if a message was pushed meanwhile, the answer is older than the push and
 * is dropped (the next heartbeat brings the news).
 */
export function setUnread({ list, count }: UnreadMessages, pushesWhenAsked?: number): void {
  if (pushesWhenAsked !== undefined && pushesWhenAsked !== pushes) return;
  useMessagesStore.setState({ messages: list, unreadCount: count });
}

/**
 * A `message` frame: its list joins the global messages, the count is the server's. With `showBox` the box opens
 * with this push's messages first, before those pushed while it was already open.
 */
export function pushMessages({ list, count }: UnreadMessages, showBox: boolean): void {
  pushes += 1;
  useMessagesStore.setState((s) => ({
    messages: mergeMessages(s.messages, list),
    unreadCount: count,
    ...(showBox && {
      boxOpen: true,
      boxIds: [...new Set([...list.map((m) => m._id), ...(s.boxOpen ? s.boxIds : [])])],
      boxPushes: s.boxPushes + 1,
    }),
  }));
}

/** The box's messages, newest push first: those still unread (one read or deleted meanwhile leaves it). */
export function boxMessagesOf(s: Pick<MessagesState, 'boxIds' | 'messages'>): Message[] {
  const byId = new Map(s.messages.map((m) => [m._id, m]));
  return s.boxIds.flatMap((id) => byId.get(id) ?? []);
}

/** Whether the box has something to show. */
export const boxShownOf = (s: MessagesState): boolean => s.boxOpen && boxMessagesOf(s).length > 0;

export const closeMessageBox = (): void => useMessagesStore.setState({ boxOpen: false, boxIds: [] });

export const openMessageCentre = (tab: MessageTab = 'unread'): void =>
  useMessagesStore.setState({ centre: { open: true, tab }, boxOpen: false, boxIds: [] });

export const setMessageCentreTab = (tab: MessageTab): void =>
  useMessagesStore.setState((s) => ({ centre: { ...s.centre, tab } }));

export const closeMessageCentre = (): void =>
  useMessagesStore.setState((s) => ({ centre: { ...s.centre, open: false } }));

export const showRolePicker = (roles: RoleTypeInfo[]): void =>
  useMessagesStore.setState({ rolePickerRoles: roles });

/**
 * Registers what 查看证书 (create_custom_certificate_done) does; returns a function that restores the
 * placeholder. Until the dialog exists the placeholder says it is coming.
 */
export function onViewCustomCertificate(view: ViewCustomCertificate): () => void {
  useMessagesStore.setState({ viewCustomCertificate: view });
  return () => {
    if (useMessagesStore.getState().viewCustomCertificate === view)
      useMessagesStore.setState({ viewCustomCertificate: viewCustomCertificateSoon });
  };
}

/** Forgets everything of the signed-out user (the registered dialog stays). */
export const resetMessages = (): void =>
  useMessagesStore.setState((s) => ({ ...initialState(), viewCustomCertificate: s.viewCustomCertificate }));
