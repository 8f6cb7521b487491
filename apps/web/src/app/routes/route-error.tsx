import { Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { browser } from '@/shared/browser';
import { lazyOr } from '@/shared/lazy-or';

/** What the antd view says, in plain elements: shown when antd itself cannot be loaded (the network is gone). */
function PlainRouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24 }}>页面加载失败</h1>
      <p>{detail ?? '请刷新页面后重试'}</p>
      <button type="button" onClick={() => browser.reload()}>
        重新加载
      </button>
    </main>
  );
}

/** antd's Result with its providers, loaded only when a route fails: the root carries no antd. */
const RouteErrorView = lazyOr(async () => {
  const [{ AntdProviders }, { RouteErrorView: View }] = await Promise.all([
    import('@/shared/antd/antd-providers'),
    import('./route-error-view'),
  ]);
  return {
    default: () => (
      <AntdProviders>
        <View />
      </AntdProviders>
    ),
  };
}, PlainRouteError);

export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
