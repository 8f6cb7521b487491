import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveLogin } from '@/shared/session/session';
import { installFakeNetwork, makeLoginResult } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';
import { AppBreadcrumb } from './app-breadcrumb';
import { buildBreadcrumb } from './current-page';

// The first render pays for loading the shell and antd; do it once, outside the tests' time limit.
beforeAll(async () => {
  await Promise.all([
    import('./app-layout'),
    import('../routes/placeholder-page'),
    import('../routes/server-menu-page'),
  ]);
}, 120_000);

describe('buildBreadcrumb', () => {
  it('keeps titled routes in order, skips breadcrumb false, and makes the last item plain', () => {
    expect(
      buildBreadcrumb([
        { title: '设置', path: '/settings', breadcrumb: false },
        { title: '证书发放', path: '/grant-certificate' },
        { title: '发证详情', path: '/grant-certificate/detail/3' },
      ]),
    ).toEqual([
      { title: '证书发放', path: '/grant-certificate' },
      { title: '发证详情', path: null },
    ]);
  });

  it('drops a repeat of the same route (a menu page and its index route) and untitled routes', () => {
    expect(
      buildBreadcrumb([
        { title: '', path: '/' },
        { title: '备案申请', path: '/record-application' },
        { title: '备案申请', path: '/record-application' },
      ]),
    ).toEqual([{ title: '备案申请', path: null }]);
  });
});

describe('<AppBreadcrumb>', () => {
  it('links every item but the last, and leaves out routes whose breadcrumb flag is false', async () => {
    const router = createMemoryRouter(
      [
        {
          path: 'settings',
          handle: { title: '设置', breadcrumb: false },
          children: [
            {
              path: 'account',
              handle: { title: '账号' },
              children: [{ path: 'security', handle: { title: '安全' }, element: <AppBreadcrumb /> }],
            },
          ],
        },
      ],
      { initialEntries: ['/settings/account/security'] },
    );
    render(<RouterProvider router={router} />);

    const nav = await screen.findByRole('navigation', { name: '面包屑' });
    expect(nav).toHaveTextContent(/^账号\/安全$/);
    expect(within(nav).getByRole('link', { name: '账号' })).toHaveAttribute('href', '/settings/account');
    expect(within(nav).queryByRole('link', { name: '安全' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('设置')).not.toBeInTheDocument();
  });

  it('an enterprise detail page: 备案申请 (link) / 备案详情', async () => {
    saveLogin(makeLoginResult({ roles: [1] }));
    renderRoute('/record-application/detail/5');
    const nav = await screen.findByRole('navigation', { name: '面包屑' });
    expect(await within(nav).findByRole('link', { name: '备案申请' })).toHaveAttribute(
      'href',
      '/record-application',
    );
    expect(within(nav).getByText('备案详情').closest('a')).toBeNull();
  });

  it('a server menu page: its group (no page, so no link) / the page', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [2] }));
    renderRoute('/system/user');
    const nav = await screen.findByRole('navigation', { name: '面包屑' });
    expect(await within(nav).findByText('用户管理')).toBeInTheDocument();
    expect(nav).toHaveTextContent(/^系统管理\/用户管理$/);
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
  });
});
