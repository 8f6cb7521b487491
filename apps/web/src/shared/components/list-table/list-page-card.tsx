import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of a list page: a card titled with the page's name (the search table goes inside). */
export function ListPageCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}
