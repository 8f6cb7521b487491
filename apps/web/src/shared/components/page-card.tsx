import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of a detail page: its title (with the status tag beside it) is the page's heading, and its actions are
 * one group named 页面操作, so that a screen reader, and a test, finds them by what they are.
 */
export function PageCard({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title
          level={5}
          style={{ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}
        >
          {title}
        </Typography.Title>
      }
      extra={
        actions && (
          <Space wrap role="group" aria-label="页面操作">
            {actions}
          </Space>
        )
      }
    >
      {children}
    </Card>
  );
}
