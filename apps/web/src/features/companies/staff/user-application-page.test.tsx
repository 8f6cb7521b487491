import type { JoinRequestRow } from '@skill-cert/shared/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { NO_REASON } from './components/reject-join-request-modal';
import { joinRequest, ME, member, membersRoute, signIn } from './test-fixtures';
import { UserApplicationPage } from './user-application-page';

const admin = member(ME.name, ME.phone, 1, { user_id: ME._id });
const chen = joinRequest('陈申请', '13600000001');
const sun = joinRequest('孙申请', '13600000002');
const approvedOne = joinRequest('钱已过', '13600000003', {
  status: 1,
  status_text: '已通过',
  decide_time_str: '2026-03-03 11:00:00',
});
const rejectedOne = joinRequest('吴被拒', '13600000004', {
  status: 2,
  status_text: '已驳回',
  reason: '非本企业员工',
  decide_time_str: '2026-03-04 12:00:00',
});

/** The requests of the asked status, as the server filters them. */
const requestsRoute = (all: () => JoinRequestRow[]) => (request: FakeRequest) =>
  paged(all().filter((r) => String(r.status) === request.query.get('status')));

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialogWith = async (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`no dialog with ${text}`);
    return found;
  });

describe('UserApplicationPage (/user-application)', () => {
  it('shows pending requests first; the tabs ask for 已通过 and 已驳回 (with the reason); empty tabs say so', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'GET /api/companies/joinRequests': requestsRoute(() => [chen, approvedOne, rejectedOne]),
    });
    renderPage('/user-application', <UserApplicationPage />);

    const row = await rowOf('陈申请');
    expect(within(row).getByText('13600000001')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '通过' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '驳回' })).toBeInTheDocument();
    expect(Object.fromEntries(network.callsTo('GET /api/companies/joinRequests')[0]!.query)).toEqual({
      status: '0',
      page: '1',
      per_page: '10',
    });

    await userEvent.click(screen.getByRole('tab', { name: '已驳回' }));
    const rejected = await rowOf('吴被拒');
    expect(within(rejected).getByText('非本企业员工')).toBeInTheDocument();
    expect(within(rejected).getByText('2026-03-04 12:00:00')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: '通过' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '已通过' }));
    expect(await rowOf('钱已过')).toBeInTheDocument();
    expect(network.callsTo('GET /api/companies/joinRequests').at(-1)?.query.get('status')).toBe('1');
  });

  it('an empty tab shows its empty state', async () => {
    signIn();
    installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'GET /api/companies/joinRequests': paged([]),
    });
    renderPage('/user-application', <UserApplicationPage />);
    expect(await screen.findByText('暂无待审核的申请')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '已通过' }));
    expect(await screen.findByText('暂无已通过的申请')).toBeInTheDocument();
  });

  it('通过 asks first, then approves and the request leaves the pending list', async () => {
    signIn();
    let rows = [chen, sun];
    const network = installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'GET /api/companies/joinRequests': requestsRoute(() => rows),
      [`POST /api/companies/joinRequests/${chen._id}/approve`]: () => {
        rows = [{ ...chen, status: 1 }, sun];
        return ok(null);
      },
    });
    renderPage('/user-application', <UserApplicationPage />);

    await userEvent.click(within(await rowOf('陈申请')).getByRole('button', { name: '通过' }));
    const confirm = await dialogWith('确定同意“陈申请”（13600000001）加入企业吗？');
    expect(network.callsTo(`POST /api/companies/joinRequests/${chen._id}/approve`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    await waitFor(() =>
      expect(network.callsTo(`POST /api/companies/joinRequests/${chen._id}/approve`)).toHaveLength(1),
    );
    expect(await screen.findByText('已同意“陈申请”加入企业')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('陈申请')).not.toBeInTheDocument());
    expect(screen.getByText('孙申请')).toBeInTheDocument();
  });

  it('驳回 sends the reason typed', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'GET /api/companies/joinRequests': requestsRoute(() => [chen]),
      [`POST /api/companies/joinRequests/${chen._id}/reject`]: ok(null),
    });
    renderPage('/user-application', <UserApplicationPage />);

    await userEvent.click(within(await rowOf('陈申请')).getByRole('button', { name: '驳回' }));
    const dialog = await dialogWith('驳回“陈申请”的加入申请');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入驳回原因'), {
      target: { value: ' 查无此人 ' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: '驳回' }));

    await waitFor(() =>
      expect(network.callsTo(`POST /api/companies/joinRequests/${chen._id}/reject`)[0]?.body).toEqual({
        reason: '查无此人',
      }),
    );
    expect(await screen.findByText('已驳回“陈申请”的加入申请')).toBeInTheDocument();
  });

  it('驳回 without a reason sends the stated default', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'GET /api/companies/joinRequests': requestsRoute(() => [chen]),
      [`POST /api/companies/joinRequests/${chen._id}/reject`]: ok(null),
    });
    renderPage('/user-application', <UserApplicationPage />);
    await userEvent.click(within(await rowOf('陈申请')).getByRole('button', { name: '驳回' }));
    const dialog = await dialogWith('驳回“陈申请”的加入申请');
    await userEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(network.callsTo(`POST /api/companies/joinRequests/${chen._id}/reject`)[0]?.body).toEqual({
        reason: NO_REASON,
      }),
    );
  });

  it('a member is told that only the administrator reviews, and nothing is asked for', async () => {
    signIn(2);
    const network = installFakeNetwork({});
    renderPage('/user-application', <UserApplicationPage />);
    expect(await screen.findByText('仅企业管理员可以审核加入申请')).toBeInTheDocument();
    expect(network.callsTo('GET /api/companies/joinRequests')).toHaveLength(0);
  });
});
