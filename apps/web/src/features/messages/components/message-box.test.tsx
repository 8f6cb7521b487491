import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork } from '@/test/fake-network';
import { installFakeWebSocket } from '../testing/fake-websocket';
import { fakeMessageServer, makeMessage, renderMessages, signIn } from '../testing/message-fixtures';

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
  if (unreadBefore > 0)
    await waitFor(() => expect(document.querySelector('.message-bell .ant-badge-count')).not.toBeNull());
  const pushed = makeMessage({ content });
  server.add(pushed);
  socket.receive({ type: 'message', data: { list: [pushed], count: unreadBefore + 1 } });
  const box = await screen.findByRole('region', { name: '新消息' });
  return { box, network, ...view };
}

describe('live message box (spec §2 Dialogs)', () => {
  it('with 6 unread: the newest 5, newest first, and 查看更多 opening the centre on 未读', async () => {
    const { box } = await pushInto(5);
    const items = within(box).getAllByRole('article');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('刚推送的消息');

    await userEvent.click(within(box).getByRole('button', { name: '查看更多' }));
    const centre = await screen.findByRole('dialog', { name: '消息中心' });
    expect(centre.querySelector('.ant-tabs-tab-active')).toHaveTextContent('未读');
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('with exactly 5 unread there is no 查看更多', async () => {
    const { box } = await pushInto(4);
    expect(within(box).getAllByRole('article')).toHaveLength(5);
    expect(within(box).queryByRole('button', { name: '查看更多' })).toBeNull();
  });

  it('messages in the box have their actions; reading the last one closes the box', async () => {
    const { box, network } = await pushInto(0);
    const item = within(box).getByRole('article', { name: /刚推送的消息/ });
    await userEvent.click(within(item).getByRole('button', { name: '设为已读' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '新消息' })).toBeNull());
    expect(network.callsTo('POST /api/message/readMany')).toHaveLength(1);
    // The count leaves the badge (antd keeps the node, hidden, for its leave animation).
    await waitFor(() =>
      expect(document.querySelector('.message-bell .ant-badge-count:not([data-show="false"])')).toBeNull(),
    );
  });

  it('a long message shows its first lines with 查看全文, its buttons in sight; 查看全文 shows it all', async () => {
    const { box } = await pushInto(0, `证书批量生成完成。${'其中一条的说明很长。'.repeat(80)}`);

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
    expect(within(box).queryByRole('button', { name: '查看全文' })).toBeNull();
  });
});
