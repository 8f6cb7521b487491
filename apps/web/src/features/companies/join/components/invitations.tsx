import type { CompanyInvitation } from '@skill-cert/shared/companies';
import { roleHome } from '@skill-cert/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { myInvitationsQueryOptions, useAcceptInvitation, useDeclineInvitation } from '../api/invitations';

/**
 * Invitations of company administrators who added the user's phone: the user joins only by accepting one
 * (then the session gets the company and the app opens), or declines it.
 */
export function Invitations({ invitations }: { invitations: CompanyInvitation[] }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const refresh = () => queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey });

  const onAccept = (invitation: CompanyInvitation) =>
    accept.mutate(invitation._id, {
      onSuccess: async () => {
        message.success(`已加入「${invitation.company_name}」`);
        const user = await getUser();
        saveUser(user);
        await navigate(roleHome(user.active_role_type_id, user.company_id), { replace: true });
      },
      onError: () => void refresh(),
    });

  const onDecline = (invitation: CompanyInvitation) =>
    decline.mutate(invitation._id, {
      onSuccess: async () => {
        message.success('已拒绝邀请');
        await refresh();
      },
      onError: () => void refresh(),
    });

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      {invitations.map((invitation) => (
        <Alert
          key={invitation._id}
          type="info"
          showIcon
          title={`「${invitation.company_name}」邀请您加入企业`}
          description={`邀请时间 ${invitation.create_time_str}。接受后您将成为该企业的成员。`}
          action={
            <Flex vertical gap={8}>
              <Button
                type="primary"
                size="small"
                aria-label={`接受「${invitation.company_name}」的邀请`}
                loading={accept.isPending && accept.variables === invitation._id}
                onClick={() => onAccept(invitation)}
              >
                接受
              </Button>
              <Button
                size="small"
                aria-label={`拒绝「${invitation.company_name}」的邀请`}
                loading={decline.isPending && decline.variables === invitation._id}
                onClick={() => onDecline(invitation)}
              >
                拒绝
              </Button>
            </Flex>
          }
        />
      ))}
    </Flex>
  );
}
