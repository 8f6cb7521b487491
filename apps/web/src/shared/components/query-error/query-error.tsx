import { lazy, Suspense } from 'react';

export interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

// antd's Result loads when a request first fails, not with every list (issue 23).
const QueryErrorResult = lazy(() => import('./query-error-result'));

/** What a list shows when its request failed: the reason and a way to try again. */
export function QueryError(props: QueryErrorProps) {
  return (
    <Suspense fallback={null}>
      <QueryErrorResult {...props} />
    </Suspense>
  );
}
