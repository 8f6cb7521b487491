import type { PersonalMenus } from '@skill-cert/shared/access';
import { ALL_PERMISSION } from '@skill-cert/shared/permission';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fake-network';
import { sessionQueryClient } from '../session/query-client';
import { useSessionStore } from '../session/session-store';
import { Permission, usePermission, useRoleCheck } from './permission';
import { personalMenusQueryOptions } from './personal-menus';

const platformUser = makeUser({ roles: [2] });

/** What the server answered last for the signed-in user's menus. */
function serverSays(permissions: string[]) {
  act(() => {
    sessionQueryClient.setQueryData<PersonalMenus>(personalMenusQueryOptions(platformUser).queryKey, {
      menus: [],
      permissions,
    });
  });
}

const signIn = () => act(() => useSessionStore.setState({ user: platformUser }));

afterEach(() => sessionQueryClient.clear());

describe('<Permission>', () => {
  it('shows its children to a holder of the key', () => {
    signIn();
    serverSays(['system:role:add']);
    render(
      <Permission keys="system:role:add">
        <button type="button">新增角色</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: '新增角色' })).toBeInTheDocument();
  });

  it('hides them from a user without the key, or shows the fallback', () => {
    signIn();
    serverSays(['system:role:list']);
    render(
      <>
        <Permission keys="system:role:add">
          <button type="button">新增角色</button>
        </Permission>
        <Permission keys={['system:role:delete']} fallback={<span>无权限</span>}>
          <button type="button">删除角色</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: '新增角色' })).not.toBeInTheDocument();
    expect(screen.getByText('无权限')).toBeInTheDocument();
  });

  it('any one of several keys is enough, and *:*:* holds them all', () => {
    signIn();
    serverSays(['b']);
    const { rerender } = render(
      <Permission keys={['a', 'b']}>
        <span>可见</span>
      </Permission>,
    );
    expect(screen.getByText('可见')).toBeInTheDocument();
    serverSays([ALL_PERMISSION]);
    rerender(
      <Permission keys="anything:at:all">
        <span>全部权限</span>
      </Permission>,
    );
    expect(screen.getByText('全部权限')).toBeInTheDocument();
  });

  it('checks again when the permissions change: a grant shows, a revoke hides', async () => {
    signIn();
    serverSays([]);
    render(
      <Permission keys="platform:news:publish">
        <button type="button">发布公告</button>
      </Permission>,
    );
    expect(screen.queryByRole('button', { name: '发布公告' })).not.toBeInTheDocument();

    serverSays(['platform:news:publish']);
    expect(await screen.findByRole('button', { name: '发布公告' })).toBeInTheDocument();

    serverSays([]);
    await waitFor(() => expect(screen.queryByRole('button', { name: '发布公告' })).not.toBeInTheDocument());
  });

  it('shows nothing to an enterprise user, who holds no keys', () => {
    act(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));
    render(
      <Permission keys="system:role:add">
        <span>新增</span>
      </Permission>,
    );
    expect(screen.queryByText('新增')).not.toBeInTheDocument();
  });

  it('throws when given no permission to check (spec §5)', () => {
    signIn();
    serverSays([ALL_PERMISSION]);
    expect(() => renderHook(() => usePermission([]))).toThrow(/no permission key given/);
    expect(() => renderHook(() => usePermission(''))).toThrow(/no permission key given/);
  });
});

describe('useRoleCheck', () => {
  it('compares with the active role type and throws without a role list', () => {
    signIn();
    expect(renderHook(() => useRoleCheck([2, 3])).result.current).toBe(true);
    expect(renderHook(() => useRoleCheck(4)).result.current).toBe(false);
    expect(() => renderHook(() => useRoleCheck([]))).toThrow(/no role given/);
  });
});
