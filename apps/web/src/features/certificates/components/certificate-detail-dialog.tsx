import { CertificateStatus, certificateStatusColor } from '@skill-cert/shared/certificates';
import { Alert, Button, Descriptions, Empty, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { certificateFileUrl, useCertificate } from '../api/certificates';

/** 职业（工种）of a certificate, '-' without an occupation. */
const occupationText = (c: { occupation_name: string | null; work_type: string | null }) =>
  c.occupation_name ? `${c.occupation_name}${c.work_type ? `（${c.work_type}）` : ''}` : '-';

/**
 * 查看 of 证书库 (`GET /api/certificates/{id}`): what the public page says of the certificate (its status; 已撤销 with
 * when, by whom and why; 已换发 with the certificate that replaced it; the one it replaced), its fields, and the PDF.
 * A link to another certificate opens that one here (`onOpen`).
 */
export function CertificateDetailDialog({
  id,
  onOpen,
  onClose,
}: {
  /** The certificate shown; null closes the dialog. */
  id: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const certificate = useCertificate(id);
  const c = certificate.data?._id === id ? certificate.data : undefined;
  const other = (target: { _id: string; certificate_no: string | null }, text: string) => (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(target._id)}>
      {text}
      {target.certificate_no ? `：${target.certificate_no}` : ''}
    </Button>
  );

  let body: ReactNode;
  if (certificate.isError) {
    body = <QueryError error={certificate.error} onRetry={() => void certificate.refetch()} />;
  } else if (!c) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    body = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space>
          <Typography.Text strong>{c.certificate_no ?? c.holder_name}</Typography.Text>
          <Tag color={certificateStatusColor[c.status]}>{c.status_text}</Tag>
        </Space>
        {c.status === CertificateStatus.REVOKED && (
          <Alert
            type="error"
            showIcon
            title={
              c.revoke_time_str ? `该证书已于 ${c.revoke_time_str} 撤销，不再有效` : '该证书已撤销，不再有效'
            }
            description={
              <>
                {c.revoke_reason && <div>撤销原因：{c.revoke_reason}</div>}
                {c.revoked_by_name && <div>操作人：{c.revoked_by_name}</div>}
              </>
            }
          />
        )}
        {c.status === CertificateStatus.REPLACED && (
          <Alert
            type="warning"
            showIcon
            title="该证书已换发，不再有效"
            description={
              <>
                {c.revoke_reason && <div>撤销原因：{c.revoke_reason}</div>}
                {c.replaced_by && other(c.replaced_by, '查看换发后的新证书')}
              </>
            }
          />
        )}
        {c.replaces && (
          <Alert
            type="info"
            showIcon
            title="本证书为换发证书"
            description={other(c.replaces, '查看原证书')}
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={2}
          aria-label="证书信息"
          items={[
            { key: 'no', label: '证书编号', children: c.certificate_no ?? '无编号', span: 2 },
            { key: 'holder', label: '姓名', children: c.holder_name },
            { key: 'id', label: c.id_type_text || '证件号码', children: c.id_number || '-' },
            { key: 'occupation', label: '职业（工种）', children: occupationText(c) },
            { key: 'level', label: '等级', children: c.level_name ?? '-' },
            { key: 'date', label: '发证日期', children: c.issue_date ?? '-' },
            { key: 'source', label: '来源', children: c.source_text },
            { key: 'issuer', label: '发证单位', children: c.institution_name ?? '-', span: 2 },
            {
              key: 'verify',
              label: '公开查验',
              span: 2,
              children: (
                <Typography.Link href={c.verify_path} target="_blank" rel="noopener noreferrer">
                  打开公开查验页
                </Typography.Link>
              ),
            },
          ]}
        />
        {c.has_file ? (
          <iframe
            src={certificateFileUrl(c._id)}
            title={`${c.certificate_no ?? c.holder_name}.pdf`}
            style={{ width: '100%', height: '60vh', border: 0 }}
          />
        ) : (
          <Empty description="证书文件生成中，生成后可在此查看" />
        )}
      </Space>
    );
  }

  return (
    <Modal open={id !== null} title="证书详情" width={880} footer={null} onCancel={onClose} destroyOnHidden>
      {body}
    </Modal>
  );
}
