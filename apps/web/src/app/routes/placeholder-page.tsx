import { Button, Card, Space, Typography } from 'antd';
import { Permission } from '@/shared/permissions/permission';
import type { ServerPageProps } from '../page-registry';

interface PlaceholderPageProps {
  title: string;
  /** Actions of the page; each shows only to holders of its key. */
  buttons?: { name: string; key: string }[];
}

/** A page whose screens come in later issues: its title and its actions. */
export function PlaceholderPage({ title, buttons = [] }: PlaceholderPageProps) {
  return (
    <Card>
      <Typography.Title level={4}>{title}</Typography.Title>
      {buttons.length > 0 && (
        <Space wrap style={{ marginBottom: 16 }}>
          {buttons.map((b) => (
            <Permission key={b.key} keys={b.key}>
              <Button type="primary">{b.name}</Button>
            </Permission>
          ))}
        </Space>
      )}
      <Typography.Paragraph type="secondary">该页面正在建设中。</Typography.Paragraph>
    </Card>
  );
}

export function ServerPlaceholderPage({ route }: ServerPageProps) {
  return <PlaceholderPage title={route.title} buttons={route.buttons} />;
}
