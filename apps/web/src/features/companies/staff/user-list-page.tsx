import { CompanyRole, type MemberRow } from '@skill-cert/shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { useCurrentUser, useIsCompanyAdmin } from '@/shared/session/session-store';
import { MEMBERS_KEY, useMembers } from './api/get-members';
import { useRemoveMember } from './api/remove-member';
import { InviteCodePanel } from './components/invite-code-panel';
import { TransferAdminModal } from './components/transfer-admin-modal';

interface MemberFilters {
  keyword: string;
}

/**
 * 员工管理 (/user-list): the company's members. The administrator also sees the invite code, adds and
 * removes members and hands the administrator role over; the server enforces all of it.
 */
export function UserListPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const paged = usePagedSearch<MemberFilters>({ keyword: '' });
  const members = useMembers(paged.query);
  const isAdmin = useIsCompanyAdmin();
  const remove = useRemoveMember();
  const [transferring, setTransferring] = useState(false);

  const confirmRemove = (member: MemberRow) =>
    confirmOnce({
      title: '提示',
      content: `确定将“${member.name}”移出企业吗？移出后该账号将不能再使用本企业的功能。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(member.user_id).then(
          async () => {
            message.success('已移除');
            if (member.user_id === me?._id) {
              saveUser(await getUser());
              await navigate('/join', { replace: true });
              return;
            }
            await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
          },
          () => undefined, // e.g. the last administrator: the HTTP client has shown the server's reason.
        ),
    });

  const columns: TableColumnsType<MemberRow> = [
    { title: '姓名', dataIndex: 'name', width: 180 },
    { title: '手机号', dataIndex: 'phone', width: 160 },
    {
      title: '企业角色',
      dataIndex: 'role',
      width: 120,
      render: (role: number, row) => (
        <Tag color={role === CompanyRole.ADMIN ? 'blue' : 'default'}>{row.role_text}</Tag>
      ),
    },
    { title: '加入时间', dataIndex: 'joined_time_str', width: 180 },
  ];
  if (isAdmin)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, member) => (
        <Button type="link" size="small" danger onClick={() => confirmRemove(member)}>
          移除
        </Button>
      ),
    });

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          员工管理
        </Typography.Title>
      }
      extra={
        isAdmin && (
          <Space>
            <Button onClick={() => setTransferring(true)}>转让管理员</Button>
            <Button type="primary" onClick={() => navigate('/user-list/add')}>
              新增员工
            </Button>
          </Space>
        )
      }
    >
      {isAdmin && <InviteCodePanel />}
      <PagedSearchTable<MemberRow, MemberFilters>
        searchLabel="员工搜索"
        paged={paged}
        result={members}
        rowKey="user_id"
        columns={columns}
        filters={[{ name: 'keyword', label: '关键词', placeholder: '请输入姓名或手机号' }]}
        locale={{ emptyText: '暂无员工' }}
      />
      {isAdmin && <TransferAdminModal open={transferring} onClose={() => setTransferring(false)} />}
    </Card>
  );
}
