import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { BatchList } from './components/batch-list';
import { TemplateList } from './components/template-list';

type TabKey = 'templates' | 'batches';

/** /certificate-template (spec §2, DOMAIN.md 10): 证书模板 (templates and their designer) and 批量生成. */
export function CertificateTemplatePage() {
  const [tab, setTab] = useState<TabKey>('templates');
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'templates', label: '证书模板', children: <TemplateList /> },
          { key: 'batches', label: '批量生成', children: <BatchList /> },
        ]}
      />
    </Card>
  );
}
