import { ApiCode } from '@skill-cert/shared/envelope';
import { Button, Card, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '@/shared/http';
import { usePublicCertificate } from './api/get-public-certificate';
import './certificate-info.css';

export const NOT_FOUND_TEXT = '证书不存在或已失效';

/** The certificate id of /information-link/:id (the route takes any path under the prefix). */
function useCertificateId(): string {
  const { '*': rest = '' } = useParams();
  return rest.split('/')[0] ?? '';
}

/**
 * Public certificate verification, reached from the QR code without login (spec §2, DOMAIN.md 8): the
 * holder, the ID number partly masked, the main fields, issuer, issue date and whether it is valid.
 */
export function CertificateInfoPage() {
  const id = useCertificateId();
  const certificate = usePublicCertificate(id);

  let body: ReactNode;
  if (id === '' || (certificate.error instanceof ApiError && certificate.error.code === ApiCode.NOT_FOUND)) {
    body = <Result status="warning" title={NOT_FOUND_TEXT} />;
  } else if (certificate.isError) {
    body = (
      <Result
        status="error"
        title="证书信息加载失败"
        subTitle={errorMessage(certificate.error)}
        extra={
          <Button type="primary" onClick={() => void certificate.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  } else if (!certificate.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const c = certificate.data;
    body = (
      <>
        <div className="certificate-info-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {c.template_name}
          </Typography.Title>
          <Tag color={c.valid ? 'success' : 'error'} className="certificate-info-state">
            {c.valid ? '有效' : '无效'}
          </Tag>
        </div>
        {!c.valid && c.status_text && (
          <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
            {c.status_text}
          </Typography.Paragraph>
        )}
        <Descriptions
          bordered
          size="middle"
          column={1}
          style={{ marginTop: 16 }}
          aria-label="证书信息"
          items={[
            { key: 'holder', label: '姓名', children: c.holder_name || '-' },
            ...(c.id_card_masked ? [{ key: 'id', label: '证件号码', children: c.id_card_masked }] : []),
            ...c.fields.map((f, i) => ({ key: `field-${i}`, label: f.label, children: f.value || '-' })),
            { key: 'issuer', label: '发证单位', children: c.issuer || '-' },
            { key: 'date', label: '发证日期', children: c.issue_date || '-' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
          证书编码：{c._id}
        </Typography.Paragraph>
      </>
    );
  }

  return (
    <main className="certificate-info">
      <Card className="certificate-info-card" title="证书查询">
        {body}
      </Card>
    </main>
  );
}
