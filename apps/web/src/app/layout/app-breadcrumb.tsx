import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buildBreadcrumb, useBreadcrumbSources } from './current-page';

/** Spec §2: from the matched routes' titles; the last item is plain text. */
export function AppBreadcrumb() {
  const sources = useBreadcrumbSources();
  const items = useMemo(
    () =>
      buildBreadcrumb(sources).map((crumb, i) => ({
        key: `${i}-${crumb.title}`,
        title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : <span>{crumb.title}</span>,
      })),
    [sources],
  );
  return <Breadcrumb className="app-breadcrumb" aria-label="面包屑" items={items} />;
}
