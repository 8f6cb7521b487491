import type { Message } from '@skill-cert/shared/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeNetwork } from '@/test/fake-network';
import { selectedTab } from '@/test/ui';
import { MESSAGE_BOX_CLOSE_MS, MESSAGE_BOX_CLOSE_MS_KEY, messageBoxCloseMs } from '../lib/box-delay';
import { installFakeWebSocket } from '../testing/fake-websocket';
import {
  bellUnread,
  fakeMessageServer,
  makeMessage,
  renderMessages,
  signIn,
} from '../testing/message-fixtures';

const HOUR = 3_600_000;
const box = () => screen.queryByRole('region', { name: '新消息' });

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A signed-in shell with `unreadBefore` older unread messages, then one push of `content`. */
async function pushInto(unreadBefore: number, content = '刚推送的消息') {
  const WS = installFakeWebSocket();
  const server = fakeMessageServer(
    Array.from({ length: unreadBefore }, (_, i) => makeMessage({ content: `旧消息${i + 1}` })),
  );
  const network = installFakeNetwork(server.routes);
  signIn();
  const view = renderMessages();
  const socket = WS.latest();
  socket.accept();
  await waitFor(() => expect(network.callsTo('GET /api/message/unreadMessage')).toHaveLength(1));
  if (unreadBefore > 0) await waitFor(() => expect(bellUnread()).toBe(`${unreadBefore} 条未读`));
  let count = unreadBefore;
  const push = async (text: string): Promise<Message> => {
    const pushed = makeMessage({ content: text });
    server.add(pushed);
    count += 1;
    socket.receive({ type: 'message', data: { list: [pushed], count } });
    await waitFor(() => expect(within(box()!).getByText(text)).toBeInTheDocument());
    return pushed;
  };
  await push(content);
  return { box: box()!, network, push, ...view };
}

const expand = (region: HTMLElement) =>
  userEvent.click(within(region).getByRole('button', { name: '展开新消息' }));

describe('live message box (spec §2 Dialogs)', () => {
  it('shows the message of this push, not the older unread ones, on one line with its buttons', async () => {
    const { box } = await pushInto(3);
    const items = within(box).getAllByRole('article');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('刚推送的消息');
    expect(items[0]).toHaveClass('is-compact');
    expect(within(box).queryByText(/旧消息/)).toBeNull();
    expect(within(items[0]!).getByRole('button', { name: '设为已读' })).toBeInTheDocument();
  });

  it('messages pushed while it is open follow this push’s: 展开 lists them newest first', async () => {
    const { box, push } = await pushInto(2, '第一条推送');
    await push('第二条推送');
    expect(within(box).getByRole('button', { name: '展开新消息' })).toHaveTextContent('共 2 条');
    await expand(box);
    const items = within(box).getAllByRole('article');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('第二条推送'),
      expect.stringContaining('第一条推送'),
    ]);
    expect(within(box).queryByText(/旧消息/)).toBeNull();
  });

  it('with 6 unread, 展开 offers 查看更多, which opens the centre on 未读', async () => {
    const { box } = await pushInto(5);
    await expand(box);
    await userEvent.click(within(box).getByRole('button', { name: '查看更多' }));
    const centre = await screen.findByRole('dialog', { name: '消息中心' });
    expect(selectedTab(centre)).toHaveTextContent('未读');
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('with exactly 5 unread there is no 查看更多', async () => {
    const { box } = await pushInto(4);
    await expand(box);
    expect(within(box).queryByRole('button', { name: '查看更多' })).toBeNull();
  });

  it('reading the last one closes the box', async () => {
    const { box, network } = await pushInto(0);
    const item = within(box).getByRole('article', { name: /刚推送的消息/ });
    await userEvent.click(within(item).getByRole('button', { name: '设为已读' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '新消息' })).toBeNull());
    expect(network.callsTo('POST /api/message/readMany')).toHaveLength(1);
    // The count leaves the bell.
    await waitFor(() => expect(bellUnread()).toBe(''));
  });

  it('a long message is one line with the whole text on hover; 展开 shows its first lines and 查看全文', async () => {
    const long = `证书批量生成完成。${'其中一条的说明很长。'.repeat(80)}`;
    const { box } = await pushInto(0, long);
    const line = box.querySelector('.message-content')!;
    expect(line).toHaveAttribute('title', long);
    expect(within(box).queryByRole('button', { name: '查看全文' })).toBeNull();

    await expand(box);
    const content = box.querySelector('.message-content')!;
    expect(content).toHaveClass('is-clamped');
    expect(within(box).getByRole('button', { name: '设为已读' })).toBeInTheDocument();
    await userEvent.click(within(box).getByRole('button', { name: '查看全文' }));
    expect(content).not.toHaveClass('is-clamped');
    await userEvent.click(within(box).getByRole('button', { name: '收起' }));
    expect(content).toHaveClass('is-clamped');
  });

  it('a short message has no 查看全文', async () => {
    const { box } = await pushInto(0);
    await expand(box);
    expect(within(box).queryByRole('button', { name: '查看全文' })).toBeNull();
  });
});

/**
 * The closing delay runs on fake timers set to an hour (the stored override), so the real time a busy machine takes
 * between two steps never counts.
 */
describe('the live message box closes by itself', () => {
  const later = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  async function pushWithFakeClock() {
    localStorage.setItem(MESSAGE_BOX_CLOSE_MS_KEY, String(HOUR));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return pushInto(2);
  }

  it('the delay after a push, unless something holds it', async () => {
    await pushWithFakeClock();
    await later(HOUR / 2);
    expect(box()).not.toBeNull();
    await later(HOUR / 2);
    await waitFor(() => expect(box()).toBeNull());
  });

  it('stays while the pointer is on it, and leaves the delay after the pointer does', async () => {
    const { box: region } = await pushWithFakeClock();
    fireEvent.pointerEnter(region);
    await later(3 * HOUR);
    expect(box()).not.toBeNull();
    fireEvent.pointerLeave(region);
    await later(HOUR / 2);
    expect(box()).not.toBeNull();
    await later(HOUR / 2);
    await waitFor(() => expect(box()).toBeNull());
  });

  it('stays while the keyboard focus is in it', async () => {
    const { box: region } = await pushWithFakeClock();
    const toggle = within(region).getByRole('button', { name: '展开新消息' });
    act(() => toggle.focus());
    await later(3 * HOUR);
    expect(box()).not.toBeNull();
    act(() => toggle.blur());
    await later(HOUR);
    await waitFor(() => expect(box()).toBeNull());
  });

  it('each push starts the delay again', async () => {
    const { push } = await pushWithFakeClock();
    await later((3 * HOUR) / 4);
    await push('又一条推送');
    await later((3 * HOUR) / 4);
    expect(box()).not.toBeNull();
    await later(HOUR / 4);
    await waitFor(() => expect(box()).toBeNull());
  });

  it('a stored delay of 0 keeps it until it is closed', async () => {
    localStorage.setItem(MESSAGE_BOX_CLOSE_MS_KEY, '0');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { box: region } = await pushInto(0);
    await later(100 * HOUR);
    expect(box()).not.toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: '关闭新消息' }));
    expect(box()).toBeNull();
  });
});

describe('the closing delay', () => {
  it('is 8 s unless a whole number of milliseconds is stored', () => {
    expect(messageBoxCloseMs()).toBe(MESSAGE_BOX_CLOSE_MS);
    expect(MESSAGE_BOX_CLOSE_MS).toBe(8_000);
    for (const [stored, ms] of [
      ['15000', 15_000],
      ['0', 0],
      ['-1', MESSAGE_BOX_CLOSE_MS],
      ['1.5', MESSAGE_BOX_CLOSE_MS],
      ['很久', MESSAGE_BOX_CLOSE_MS],
      ['', MESSAGE_BOX_CLOSE_MS],
    ] as const) {
      localStorage.setItem(MESSAGE_BOX_CLOSE_MS_KEY, stored);
      expect(messageBoxCloseMs(), stored).toBe(ms);
    }
  });
});
