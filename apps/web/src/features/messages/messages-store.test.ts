import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/feedback';
import {
  boxMessagesOf,
  closeMessageBox,
  mergeMessages,
  onViewCustomCertificate,
  openMessageCentre,
  pushesSoFar,
  pushMessages,
  resetMessages,
  setUnread,
  useMessagesStore,
} from './messages-store';
import { makeMessage } from './testing/message-fixtures';

afterEach(resetMessages);

describe('messages store', () => {
  it('merges pushed messages newest first, each once', () => {
    const [a, b, c] = [makeMessage(), makeMessage(), makeMessage()];
    expect(mergeMessages([b, a], [c, b]).map((m) => m._id)).toEqual([c._id, b._id, a._id]);
  });

  it('a push adds to the list, takes the count and opens the box', () => {
    const old = makeMessage();
    setUnread({ list: [old], count: 1 });
    const pushed = makeMessage();
    pushMessages({ list: [pushed], count: 9 }, true);
    const state = useMessagesStore.getState();
    expect(state.messages.map((m) => m._id)).toEqual([pushed._id, old._id]);
    expect(state.unreadCount).toBe(9);
    expect(state.boxOpen).toBe(true);
  });

  it('the box holds what was pushed since it opened, this push first; older unread ones never', () => {
    setUnread({ list: [makeMessage(), makeMessage()], count: 2 });
    const [first, second, third] = [makeMessage(), makeMessage(), makeMessage()];
    pushMessages({ list: [first], count: 3 }, true);
    pushMessages({ list: [second], count: 4 }, true);
    expect(boxMessagesOf(useMessagesStore.getState())).toEqual([second, first]);
    closeMessageBox();
    pushMessages({ list: [third], count: 5 }, true);
    expect(boxMessagesOf(useMessagesStore.getState())).toEqual([third]);
    // One read elsewhere leaves the box with the unread list.
    setUnread({ list: [first, second], count: 2 });
    expect(boxMessagesOf(useMessagesStore.getState())).toEqual([]);
  });

  it('drops an unread answer asked for before the latest push', () => {
    const asked = pushesSoFar();
    const pushed = makeMessage();
    pushMessages({ list: [pushed], count: 4 }, true);
    setUnread({ list: [], count: 3 }, asked);
    expect(useMessagesStore.getState()).toMatchObject({ unreadCount: 4, messages: [pushed] });
    setUnread({ list: [], count: 0 }, pushesSoFar());
    expect(useMessagesStore.getState()).toMatchObject({ unreadCount: 0, messages: [] });
  });

  it('opening the centre closes the box and picks the tab', () => {
    pushMessages({ list: [makeMessage()], count: 1 }, true);
    openMessageCentre('all');
    expect(useMessagesStore.getState()).toMatchObject({ boxOpen: false, centre: { open: true, tab: 'all' } });
  });

  it('查看证书 says the dialog is coming until one is registered, then calls it', () => {
    const info = vi.spyOn(feedback.message, 'info').mockImplementation(() => undefined as never);
    useMessagesStore.getState().viewCustomCertificate('cert-1');
    expect(info).toHaveBeenCalledWith('证书详情即将上线');

    const view = vi.fn();
    const unregister = onViewCustomCertificate(view);
    useMessagesStore.getState().viewCustomCertificate('cert-2');
    expect(view).toHaveBeenCalledWith('cert-2');
    unregister();
    useMessagesStore.getState().viewCustomCertificate('cert-3');
    expect(view).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledTimes(2);
  });
});
