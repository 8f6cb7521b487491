import { Suspense } from 'react';
import { errorMessage } from '@/shared/http';
import { lazyOr } from '@/shared/lazy-or';

export interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/** The same reason and 重新获取 in plain elements, when antd's Result cannot be loaded (the network is gone). */
function PlainQueryError({ error, onRetry, title = '加载失败' }: QueryErrorProps) {
  return (
    <div role="alert" style={{ padding: 24, textAlign: 'center' }}>
      <p style={{ fontSize: 16 }}>{title}</p>
      <p>{errorMessage(error)}</p>
      <button type="button" onClick={onRetry}>
        重新获取
      </button>
    </div>
  );
}

// antd's Result loads when a request first fails, not with every list.
const QueryErrorResult = lazyOr(() => import('./query-error-result'), PlainQueryError);

/** What a list shows when its request failed: the reason and a way to try again. */
export function QueryError(props: QueryErrorProps) {
  return (
    <Suspense fallback={null}>
      <QueryErrorResult {...props} />
    </Suspense>
  );
}
