import { Button, Result, Typography } from 'antd';
import { useLogout } from '@/shared/session/use-logout';

/** An enterprise user without a company lands here; joining and creating come in a later issue. */
export function JoinPage() {
  const logout = useLogout();
  return (
    <main>
      <Result
        status="info"
        title={
          <Typography.Title level={3} style={{ margin: 0 }}>
            加入或创建企业
          </Typography.Title>
        }
        subTitle="您还未加入任何企业，请加入已有企业或创建新企业。"
        extra={<Button onClick={logout}>退出登录</Button>}
      />
    </main>
  );
}
