import type { AuditLogDetail, AuditLogRow } from '@skill-cert/shared/audit-log';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { pickOption, rowWith } from '@/test/ui';
import { AuditLogPage } from './audit-log-page';
import { diffRows } from './components/audit-diff';

/** A platform user holding `permissions`; the fake network answers personalMenus with them. */
function signInAs(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

const row = (action: string, extra: Partial<AuditLogRow> = {}): AuditLogRow => ({
  _id: `00000000-0000-4000-8000-${String(action.length).padStart(12, '0')}`,
  kind: 1,
  kind_text: '操作',
  user_id: '00000000-0000-4000-8000-000000000099',
  user_name: 'pingtai',
  account: null,
  portal_text: '平台端',
  company_name: null,
  action,
  method: 'PATCH',
  route: '/api/menus/:id',
  target_id: '00000000-0000-4000-8000-000000000042',
  ip: '198.51.100.7',
  status: 200,
  success: true,
  create_time_str: '2026-12-07 10:00:00',
  ...extra,
});

const table = () => screen.getByRole('table');

describe('AuditLogPage (审计日志 of the platform)', () => {
  it('lists who did what, when, from where and the result; a failed sign-in shows the account tried', async () => {
    installFakeNetwork({
      ...signInAs(),
      'GET /api/auditLogs': paged([
        row('修改菜单'),
        row('密码登录', {
          _id: '00000000-0000-4000-8000-000000000077',
          kind: 2,
          kind_text: '登录',
          user_id: null,
          user_name: null,
          account: 'nobody',
          portal_text: null,
          method: 'POST',
          route: '/api/login',
          status: 400,
          success: false,
        }),
      ]),
    });
    renderPage('/audit-log', <AuditLogPage />);
    await screen.findByText('修改菜单');
    const change = rowWith(table(), '修改菜单');
    expect(within(change).getByText('pingtai')).toBeInTheDocument();
    expect(within(change).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(change).getByText('成功')).toBeInTheDocument();
    const signIn = rowWith(table(), '密码登录');
    expect(within(signIn).getByText('nobody')).toBeInTheDocument();
    expect(within(signIn).getByText('失败（400）')).toBeInTheDocument();
  });

  it('the search (who, action, result) reaches the query and the export link', async () => {
    const network = installFakeNetwork({ ...signInAs(), 'GET /api/auditLogs': paged([row('修改菜单')]) });
    renderPage('/audit-log', <AuditLogPage />);
    await screen.findByText('修改菜单');
    const form = document.querySelector<HTMLElement>('form[aria-label="审计日志搜索"]') as HTMLElement;
    await userEvent.type(within(form).getByPlaceholderText('用户名或登录账号'), 'pingtai');
    await userEvent.type(within(form).getByPlaceholderText('如：修改菜单'), '菜单');
    await pickOption(within(form).getByLabelText('结果'), '失败');
    await userEvent.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(network.callsTo('GET /api/auditLogs').at(-1)!.query.get('result')).toBe('0'));
    const query = network.callsTo('GET /api/auditLogs').at(-1)!.query;
    expect([query.get('user'), query.get('action'), query.get('page')]).toEqual(['pingtai', '菜单', '1']);
    const link = screen.getByRole('link', { name: /导出/ });
    expect(link.getAttribute('href')).toBe(
      `/api/auditLogs/export?user=pingtai&action=${encodeURIComponent('菜单')}&result=0`,
    );
  });

  it('hides 导出 from a user without the export key', async () => {
    installFakeNetwork({
      ...signInAs(['platform:audit-log:list']),
      'GET /api/auditLogs': paged([row('修改菜单')]),
    });
    renderPage('/audit-log', <AuditLogPage />);
    await screen.findByText('修改菜单');
    expect(screen.queryByRole('link', { name: /导出/ })).toBeNull();
  });

  it('the detail drawer shows before and after side by side, changed fields marked', async () => {
    const listed = row('修改菜单');
    const detail: AuditLogDetail = {
      ...listed,
      before: { _id: 'm1', name: '发送通知', sort: 40 },
      after: { name: '群发通知', sort: 40, password: '******' },
    };
    installFakeNetwork({
      ...signInAs(),
      'GET /api/auditLogs': paged([listed]),
      [`GET /api/auditLogs/${listed._id}`]: ok(detail),
    });
    renderPage('/audit-log', <AuditLogPage />);
    await screen.findByText('修改菜单');
    await userEvent.click(within(rowWith(table(), '修改菜单')).getByRole('button', { name: '详情' }));
    const diff = await screen.findByRole('region', { name: '变更内容' });
    const name = rowWith(diff, '群发通知');
    expect(within(name).getByText('发送通知')).toBeInTheDocument();
    expect(within(name).getByText('已变更')).toBeInTheDocument();
    expect(within(rowWith(diff, 'sort')).queryByText('已变更')).toBeNull();
    expect(within(rowWith(diff, 'password')).getByText('******')).toBeInTheDocument();
  });
});

describe('diffRows', () => {
  it('puts the request fields first, then the rest of the row, and marks what changed', () => {
    expect(
      diffRows({ name: 'a', sort: 1, menu_ids: ['x'] }, { name: 'b', sort: 1, menu_ids: ['x', 'y'] }),
    ).toEqual([
      { field: 'name', before: 'a', after: 'b', changed: true },
      { field: 'sort', before: '1', after: '1', changed: false },
      { field: 'menu_ids', before: 'x', after: 'x、y', changed: true },
    ]);
  });

  it('flattens nested objects and shows a field the request did not send as —', () => {
    expect(diffRows({ a: { b: 1 }, c: 2 }, { a: { b: 3 } })).toEqual([
      { field: 'a.b', before: '1', after: '3', changed: true },
      { field: 'c', before: '2', after: '—', changed: false },
    ]);
  });
});
