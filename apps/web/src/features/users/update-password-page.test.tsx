import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { renderPage as renderAt } from '@/test/render';
import { UpdatePasswordPage } from './update-password-page';

function renderPage() {
  useSessionStore.setState({ user: makeUser() });
  return renderAt('/update-password', <UpdatePasswordPage />, [
    { path: '/login', element: <p>login page</p> },
  ]).router;
}

async function fillAndSave(oldPassword: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('请输入原密码'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: password } });
  await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
}

describe('UpdatePasswordPage (/update-password)', () => {
  it('an account without a password sees on the page that it must use 忘记密码', async () => {
    const message = '您尚未设置密码，请通过“忘记密码”设置';
    const network = installFakeNetwork({ 'PATCH /api/login': fail(400, message) });
    const router = renderPage();
    await fillAndSave('whatever1', 'Changed123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(network.callsTo('PATCH /api/login')[0].body).toEqual({
      old_password: 'whatever1',
      password: 'Changed123',
    });
    expect(router.state.location.pathname).toBe('/update-password');
  });

  it('a weak new password is refused before anything is sent', async () => {
    const network = installFakeNetwork({});
    renderPage();
    await fillAndSave('Demo@2026', 'abc');
    expect(await screen.findByText('密码长度不能少于8位')).toBeInTheDocument();
    expect(network.callsTo('PATCH /api/login')).toHaveLength(0);
  });

  it('a changed password signs the user out to /login', async () => {
    installFakeNetwork({ 'PATCH /api/login': ok(null) });
    const router = renderPage();
    await fillAndSave('Demo@2026', 'Changed123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState().user).toBeNull();
  });
});
