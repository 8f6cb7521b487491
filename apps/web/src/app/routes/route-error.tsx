import { lazy, Suspense } from 'react';

/** antd's Result with its providers, loaded only when a route fails: the root carries no antd (issue 23). */
const RouteErrorView = lazy(async () => {
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
});

export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
