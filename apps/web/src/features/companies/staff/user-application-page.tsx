import { type JoinRequestRow, JoinRequestStatus, joinRequestStatusText } from '@skill-cert/shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Result, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { useApproveJoinRequest } from './api/approve-join-request';
import { JOIN_REQUESTS_KEY, useJoinRequests } from './api/get-join-requests';
import { MEMBERS_KEY } from './api/get-members';
import { useRejectJoinRequest } from './api/reject-join-request';
import { RejectJoinRequestModal } from './components/reject-join-request-modal';

interface RequestFilters {
  status: number;
  keyword: string;
}

const tabs = [JoinRequestStatus.PENDING, JoinRequestStatus.APPROVED, JoinRequestStatus.REJECTED];

/** 加入申请 (/user-application): the administrator approves or rejects requests to join by invite code. */
export function UserApplicationPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const queryClient = useQueryClient();
  const isAdmin = useIsCompanyAdmin();
  const paged = usePagedSearch<RequestFilters>({ status: JoinRequestStatus.PENDING, keyword: '' });
  const status = paged.query.status;
  const requests = useJoinRequests(paged.query, isAdmin);
  const approve = useApproveJoinRequest();
  const reject = useRejectJoinRequest();
  const [rejecting, setRejecting] = useState<JoinRequestRow | null>(null);

  const decided = async (text: string) => {
    message.success(text);
    await queryClient.invalidateQueries({ queryKey: JOIN_REQUESTS_KEY });
    await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
  };

  const confirmApprove = (row: JoinRequestRow) =>
    confirmOnce({
      title: '提示',
      content: `确定同意“${row.user_name}”（${row.user_phone}）加入企业吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        approve.mutateAsync(row._id).then(
          () => decided(`已同意“${row.user_name}”加入企业`),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<JoinRequestRow> = [
    { title: '申请人', dataIndex: 'user_name', width: 160 },
    { title: '手机号', dataIndex: 'user_phone', width: 150 },
    { title: '申请时间', dataIndex: 'create_time_str', width: 180 },
  ];
  if (status === JoinRequestStatus.PENDING)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => confirmApprove(row)}>
            通过
          </Button>
          <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
            驳回
          </Button>
        </Space>
      ),
    });
  else
    columns.push({
      title: status === JoinRequestStatus.APPROVED ? '通过时间' : '驳回时间',
      dataIndex: 'decide_time_str',
      width: 180,
    });
  if (status === JoinRequestStatus.REJECTED)
    columns.push({
      title: '驳回原因',
      dataIndex: 'reason',
      render: (reason: string | null) => reason || '-',
    });

  const title = (
    <Typography.Title level={4} style={{ margin: 0 }}>
      加入申请
    </Typography.Title>
  );
  if (!isAdmin)
    return (
      <Card title={title}>
        <Result status="403" title="仅企业管理员可以审核加入申请" />
      </Card>
    );

  return (
    <Card title={title}>
      <Tabs
        activeKey={String(status)}
        onChange={(key) => paged.search({ ...paged.filters, status: Number(key) })}
        items={tabs.map((s) => ({ key: String(s), label: joinRequestStatusText[s] }))}
      />
      <PagedSearchTable<JoinRequestRow, RequestFilters>
        searchLabel="申请搜索"
        paged={paged}
        result={requests}
        columns={columns}
        filters={[{ name: 'keyword', label: '关键词', placeholder: '请输入申请人姓名或手机号' }]}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={`暂无${joinRequestStatusText[status]}的申请`}
            />
          ),
        }}
      />
      <RejectJoinRequestModal
        request={rejecting}
        pending={reject.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting &&
          reject.mutate(
            { id: rejecting._id, reason },
            {
              onSuccess: async () => {
                setRejecting(null);
                await decided(`已驳回“${rejecting.user_name}”的加入申请`);
              },
            },
          )
        }
      />
    </Card>
  );
}
