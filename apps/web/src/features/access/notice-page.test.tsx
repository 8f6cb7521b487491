import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { NoticePage } from './notice-page';
import { signInPlatform } from './test-fixtures';

describe('NoticePage (发送通知)', () => {
  it('sends a notice to everyone after confirmation and says how many received it', async () => {
    const network = installFakeNetwork({
      ...signInPlatform(),
      'GET /api/users': paged([], 0),
      'POST /api/notices': ok({ count: 42 }),
    });
    renderWithProviders(<NoticePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('全部用户'));
    await user.type(screen.getByPlaceholderText('请输入通知内容'), '系统将于今晚升级');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('确定向全部用户发送该通知吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已发送给 42 位用户')).toBeInTheDocument();
    const [sent] = network.callsTo('POST /api/notices');
    expect(sent?.body).toEqual({ target: 'all', content: '系统将于今晚升级' });
  });

  it('asks for the content and for a user when sending to one user', async () => {
    installFakeNetwork({ ...signInPlatform(), 'GET /api/users': paged([], 0) });
    renderWithProviders(<NoticePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '发送' }));
    await waitFor(() => expect(screen.getByText('请输入通知内容')).toBeInTheDocument());
    expect(screen.getByText('请选择用户')).toBeInTheDocument();
  });
});
