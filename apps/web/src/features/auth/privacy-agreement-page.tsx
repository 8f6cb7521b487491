import { sanitizeHtml } from '@skill-cert/shared/sanitize-html';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { errorMessage } from '@/shared/http';
import { usePrivacyAgreement } from './api/privacy-agreement';

export function PrivacyAgreementPage() {
  const { data, error, isPending } = usePrivacyAgreement();
  const html = useMemo(() => (data ? sanitizeHtml(data.content) : ''), [data]);

  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <Card>
        {isPending && <Skeleton active />}
        {error && <Alert type="error" showIcon title={errorMessage(error)} />}
        {data && (
          <article>
            <Typography.Title level={2} style={{ textAlign: 'center' }}>
              {data.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              更新时间：{data.update_time_str}
            </Typography.Paragraph>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the agreement is HTML from the server, passed through sanitizeHtml */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        )}
      </Card>
    </main>
  );
}
