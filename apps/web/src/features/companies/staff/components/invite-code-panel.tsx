import { App, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useInviteCode } from '../api/get-invite-code';
import { useSwitchInviteStatus } from '../api/switch-invite-status';

/** The administrator's invite code (with copy) and the switch that lets people ask to join with it. */
export function InviteCodePanel() {
  const { message } = App.useApp();
  const invite = useInviteCode(true);
  const toggle = useSwitchInviteStatus();
  const on = invite.data?.initiate_status === 1;

  return (
    <Card size="small" title="企业邀请码" style={{ marginBottom: 16 }}>
      {invite.data ? (
        <Flex wrap gap={24} align="center">
          <Typography.Text
            strong
            style={{ fontSize: 20, letterSpacing: 2 }}
            aria-label="邀请码"
            copyable={{
              text: invite.data.initiate_code,
              tooltips: ['复制邀请码', '已复制'],
              onCopy: () => message.success('邀请码已复制'),
            }}
          >
            {invite.data.initiate_code}
          </Typography.Text>
          <Flex gap={8} align="center">
            <Switch
              checked={on}
              loading={toggle.isPending}
              aria-label="允许通过邀请码申请加入"
              onChange={() =>
                toggle.mutate(undefined, {
                  onSuccess: (next) =>
                    message.success(next.initiate_status ? '已开启加入申请' : '已关闭加入申请'),
                })
              }
            />
            <span>{on ? '已开启：员工可凭邀请码申请加入' : '已关闭：暂不接受加入申请'}</span>
          </Flex>
        </Flex>
      ) : (
        <Skeleton active={invite.isPending} paragraph={false} />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        员工注册后在“加入企业”中输入邀请码提交申请，经管理员在“加入申请”中审核通过后加入本企业。
      </Typography.Paragraph>
    </Card>
  );
}
