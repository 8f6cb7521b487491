import { type JoinRequestRow, JoinRequestStatus } from '@skill-cert/shared/companies';
import { roleHome } from '@skill-cert/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { useLogout } from '@/shared/session/use-logout';
import { myJoinRequestQueryOptions, useMyJoinRequest } from './api/get-my-join-request';
import { useMyInvitations } from './api/invitations';
import { useWithdrawJoinRequest } from './api/withdraw-join-request';
import { CreateCompanyForm } from './components/create-company-form';
import { Invitations } from './components/invitations';
import { JoinCompanyForm } from './components/join-company-form';

/** A pending request: the company it waits for and a way to withdraw it. */
function PendingRequest({ request }: { request: JoinRequestRow }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const queryClient = useQueryClient();
  const withdraw = useWithdrawJoinRequest();

  const confirmWithdraw = () =>
    confirmOnce({
      title: '提示',
      content: `确定撤回加入「${request.company_name}」的申请吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        withdraw.mutateAsync().then(
          async () => {
            message.success('已撤回加入申请');
            await queryClient.invalidateQueries({ queryKey: myJoinRequestQueryOptions().queryKey });
          },
          () => undefined,
        ),
    });

  return (
    <Result
      status="info"
      title="等待管理员审核"
      subTitle={
        <>
          您已申请加入「{request.company_name}」，提交时间 {request.create_time_str}。
          <br />
          企业管理员审核通过后即可进入系统。
        </>
      }
      extra={
        <Button danger onClick={confirmWithdraw} loading={withdraw.isPending}>
          撤回申请
        </Button>
      }
    />
  );
}

/**
 * /join: an enterprise user without a company creates one (and becomes its administrator) or asks to
 * join one by its invite code. A pending request shows 等待管理员审核 until it is decided. Invitations of
 * administrators who added the user's phone are shown above, to accept or decline.
 */
export function JoinPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const latest = useMyJoinRequest();
  const request = latest.data ?? null;
  const invitations = useMyInvitations().data ?? [];
  const checkedApproval = useRef<string | null>(null);

  // Approved while waiting here: the session now has a company, so load it and go in.
  useEffect(() => {
    if (request?.status !== JoinRequestStatus.APPROVED || checkedApproval.current === request._id) return;
    checkedApproval.current = request._id;
    getUser().then(
      (user) => {
        if (!user.company_id) return; // Approved once, removed since: join or create again.
        saveUser(user);
        void navigate(roleHome(user.active_role_type_id, user.company_id), { replace: true });
      },
      () => undefined,
    );
  }, [request, navigate]);

  const forms = (
    <Tabs
      items={[
        { key: 'create', label: '创建企业', children: <CreateCompanyForm /> },
        { key: 'join', label: '加入企业', children: <JoinCompanyForm /> },
      ]}
    />
  );

  let body = forms;
  if (latest.isPending) body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (request?.status === JoinRequestStatus.PENDING) body = <PendingRequest request={request} />;
  else if (request?.status === JoinRequestStatus.REJECTED)
    body = (
      <>
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`您加入「${request.company_name}」的申请已被驳回`}
          description={`驳回原因：${request.reason ?? '无'}。您可以重新申请或创建企业。`}
        />
        {forms}
      </>
    );

  return (
    <main style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f7fa' }}>
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <Flex justify="space-between" align="start" gap={16}>
          <div>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              加入或创建企业
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              您还未加入任何企业，请加入已有企业或创建新企业。
            </Typography.Paragraph>
          </div>
          <Button onClick={logout}>退出登录</Button>
        </Flex>
        {invitations.length > 0 && <Invitations invitations={invitations} />}
        {body}
      </Card>
    </main>
  );
}
