import { Button, Result } from 'antd';
import { errorMessage } from '@/shared/http';

/** What a list shows when its request failed: the reason and a way to try again. */
export function QueryError({
  error,
  onRetry,
  title = '加载失败',
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          重新获取
        </Button>
      }
    />
  );
}
