import { Result } from 'antd';

/** A server menu naming a page component the app does not have: a clear notice, not a crash. */
export function PageUnavailable({ addr }: { addr: string | null }) {
  return (
    <Result
      status="warning"
      title="页面暂不可用"
      subTitle={`菜单配置的页面组件「${addr ?? '未填写'}」不存在，请联系管理员检查菜单配置。`}
    />
  );
}
