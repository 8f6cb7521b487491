import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for a part shown when something failed: if its own chunk cannot be fetched either (the usual reason
 * a route or a request fails is a lost network), `plain` is shown instead of the error reaching the route boundary
 * and taking the page with it. `plain` imports no antd: it is what the part says, in plain elements.
 */
export function lazyOr<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  plain: ComponentType<P>,
) {
  return lazy(() => load().catch(() => ({ default: plain })));
}
