import { Card, Typography } from 'antd';
import { useRouteTitle } from '../route-handle';

/** A page whose screens come in later issues: shows its route title. */
export function PlaceholderPage() {
  const title = useRouteTitle();
  return (
    <Card>
      <Typography.Title level={4}>{title}</Typography.Title>
    </Card>
  );
}
