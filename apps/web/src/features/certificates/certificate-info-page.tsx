import { CertificateStatus, certificateStatusColor } from '@skill-cert/shared/certificates';
import { ApiCode } from '@skill-cert/shared/envelope';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '@/shared/http';
import { usePublicCertificate } from './api/get-public-certificate';
import { CertificateSearchForm } from './components/certificate-search-form';
import './certificate-info.css';

export const NOT_FOUND_TEXT = '证书不存在或已失效';

/** The certificate id of /information-link/:id (the route takes any path under the prefix). */
function useCertificateId(): string {
  const { '*': rest = '' } = useParams();
  return rest.split('/')[0] ?? '';
}

/**
 * Public certificate verification, reached from the QR code without login (spec §2, DOMAIN.md 8): the
 * holder, the ID number partly masked, the main fields, issuer, issue date and the status: 有效, 已撤销 with the
 * date, 已换发 with a link to the new certificate; a revocation undone by a reissue on both, with its reason. Below, the search by certificate number and name.
 */
export function CertificateInfoPage() {
  const id = useCertificateId();
  const certificate = usePublicCertificate(id);

  let body: ReactNode;
  if (id === '') {
    body = null;
  } else if (certificate.error instanceof ApiError && certificate.error.code === ApiCode.NOT_FOUND) {
    body = <Result role="status" status="warning" title={NOT_FOUND_TEXT} />;
  } else if (certificate.isError) {
    body = (
      <Result
        role="alert"
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
          <Tag color={certificateStatusColor[c.status]} className="certificate-info-state">
            {c.status_text}
          </Tag>
        </div>
        {c.status === CertificateStatus.REVOKED && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={c.revoked_date ? `该证书已于 ${c.revoked_date} 撤销，不再有效` : '该证书已撤销，不再有效'}
          />
        )}
        {c.status === CertificateStatus.REPLACED && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={
              c.reinstated
                ? `该证书曾于 ${c.reinstated.revoked_date ?? ''} 撤销，后经换发撤回撤销，本证书不再有效`
                : '该证书已换发，不再有效'
            }
            description={
              <>
                {c.reinstated && <div>换发原因：{c.reinstated.reason}</div>}
                {c.replaced_by_id && (
                  <Link to={`/information-link/${c.replaced_by_id}`}>查看换发后的新证书</Link>
                )}
              </>
            }
          />
        )}
        {c.status !== CertificateStatus.REPLACED && c.reinstated && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            title={`本证书换发自一张曾于 ${c.reinstated.revoked_date ?? ''} 撤销的证书`}
            description={
              <>
                <div>换发原因：{c.reinstated.reason}</div>
                <Link to={`/information-link/${c.reinstated.other_id}`}>查看原证书</Link>
              </>
            }
          />
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
      {body && (
        <Card className="certificate-info-card" title="证书信息">
          {body}
        </Card>
      )}
      <Card className="certificate-info-card" title="证书查询" style={{ marginTop: body ? 16 : 0 }}>
        <CertificateSearchForm key={id} />
      </Card>
    </main>
  );
}
