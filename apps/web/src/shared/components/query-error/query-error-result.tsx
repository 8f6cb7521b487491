import { Button, Result } from 'antd';
import { errorMessage } from '@/shared/http';
import type { QueryErrorProps } from './query-error';

/** antd's Result with the reason and 重新获取 (loaded by `QueryError` when a request has failed). */
export default function QueryErrorResult({ error, onRetry, title = '加载失败' }: QueryErrorProps) {
  return (
    <Result
      role="alert"
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
