import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { ME, member, membersRoute, signIn } from './test-fixtures';
import { UserListAddPage } from './user-list-add-page';

const admin = member(ME.name, ME.phone, 1, { user_id: ME._id });
const form = () => screen.getByRole('form', { name: '新增员工' });

describe('UserListAddPage (/user-list/add)', () => {
  it('names the missing or malformed fields and sends nothing', async () => {
    signIn();
    const network = installFakeNetwork({ 'GET /api/companies/members': membersRoute([admin]) });
    renderPage('/user-list/add', <UserListAddPage />);
    await screen.findByRole('heading', { name: '新增员工' });

    await userEvent.click(within(form()).getByRole('button', { name: '保存' }));
    expect(await within(form()).findByText('请输入姓名')).toBeInTheDocument();
    expect(await within(form()).findByText('请输入手机号')).toBeInTheDocument();

    await userEvent.type(within(form()).getByPlaceholderText('请输入手机号'), '1234');
    expect(await within(form()).findByText('手机号格式不正确')).toBeInTheDocument();
    expect(network.callsTo('POST /api/companies/members')).toHaveLength(0);
  });

  it('adds the member by name and phone, says so and goes back to /user-list', async () => {
    signIn();
    const network = installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'POST /api/companies/members': ok({ user_id: 'user-new', invited: false }),
    });
    const { location } = renderPage('/user-list/add', <UserListAddPage />);
    await screen.findByRole('heading', { name: '新增员工' });

    await userEvent.type(within(form()).getByPlaceholderText('请输入姓名'), ' 周新人 ');
    await userEvent.type(within(form()).getByPlaceholderText('请输入手机号'), '13700000009');
    await userEvent.click(within(form()).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(location()).toBe('/user-list'));
    expect(network.callsTo('POST /api/companies/members')[0]?.body).toEqual({
      name: '周新人',
      phone: '13700000009',
    });
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
  });

  it('an existing account is invited, not added: the administrator is told it joins once accepted', async () => {
    signIn();
    installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'POST /api/companies/members': ok({ user_id: 'user-old', invited: true }),
    });
    const { location } = renderPage('/user-list/add', <UserListAddPage />);
    await screen.findByRole('heading', { name: '新增员工' });
    await userEvent.type(within(form()).getByPlaceholderText('请输入姓名'), '老用户');
    await userEvent.type(within(form()).getByPlaceholderText('请输入手机号'), '13700000010');
    await userEvent.click(within(form()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(location()).toBe('/user-list'));
    expect(await screen.findByText('已向该用户发送邀请，对方接受后加入企业')).toBeInTheDocument();
  });

  it('shows the server refusal and stays on the form', async () => {
    signIn();
    installFakeNetwork({
      'GET /api/companies/members': membersRoute([admin]),
      'POST /api/companies/members': fail(400, '该手机号的用户已加入其他企业'),
    });
    const { location } = renderPage('/user-list/add', <UserListAddPage />);
    await screen.findByRole('heading', { name: '新增员工' });
    await userEvent.type(within(form()).getByPlaceholderText('请输入姓名'), '周新人');
    await userEvent.type(within(form()).getByPlaceholderText('请输入手机号'), '13700000009');
    await userEvent.click(within(form()).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('该手机号的用户已加入其他企业')).toBeInTheDocument();
    expect(location()).toBe('/user-list/add');
    expect(within(form()).getByPlaceholderText('请输入姓名')).toHaveValue('周新人');
  });

  it('a member is told that only the administrator adds members', async () => {
    signIn(2);
    installFakeNetwork({});
    renderPage('/user-list/add', <UserListAddPage />);
    expect(await screen.findByText('仅企业管理员可以添加员工')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '新增员工' })).not.toBeInTheDocument();
  });
});
