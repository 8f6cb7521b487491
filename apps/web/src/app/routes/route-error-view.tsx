import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { browser } from '@/shared/browser';

export function RouteErrorView() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={detail ?? '请刷新页面后重试'}
      extra={
        <Button type="primary" onClick={() => browser.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
