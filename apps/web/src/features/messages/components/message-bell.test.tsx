import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork } from '@/test/fake-network';
import { selectedTab } from '@/test/ui';
import { installFakeWebSocket } from '../testing/fake-websocket';
import {
  bell,
  bellUnread,
  fakeMessageServer,
  makeMessage,
  renderMessages,
  signIn,
} from '../testing/message-fixtures';

describe('MessageBell (spec §2 Navbar)', () => {
  it('shows the unread count from the server and caps it at 99+', async () => {
    installFakeWebSocket();
    const many = Array.from({ length: 120 }, () => makeMessage());
    installFakeNetwork(fakeMessageServer(many).routes);
    signIn();
    renderMessages();

    await waitFor(() => expect(bellUnread()).toBe('120 条未读'));
    // The badge shows 99+, the whole count on hover.
    expect(screen.getByTitle('120')).toHaveTextContent('99+');
  });

  it('shows the exact count up to 99', async () => {
    installFakeWebSocket();
    const server = fakeMessageServer(Array.from({ length: 99 }, () => makeMessage()));
    installFakeNetwork(server.routes);
    signIn();
    renderMessages();
    await waitFor(() => expect(bellUnread()).toBe('99 条未读'));
    expect(screen.getByTitle('99')).toHaveTextContent('99');
    expect(screen.getByTitle('99')).not.toHaveTextContent('+');
  });

  it('opens the message centre on the 未读 tab', async () => {
    installFakeWebSocket();
    const network = installFakeNetwork(fakeMessageServer([makeMessage({ content: '未读的那条' })]).routes);
    signIn();
    renderMessages();

    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: '消息中心' });
    expect(selectedTab(dialog)).toHaveTextContent('未读');
    expect(await screen.findByText('未读的那条')).toBeInTheDocument();
    expect(network.callsTo('GET /api/message').at(-1)!.query.get('whether_read')).toBe('0');
  });
});
