import type { PublicSearchQuery } from '@skill-cert/shared/certificates';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/shared/http';
import { useSearchPublicCertificate } from '../api/search-public-certificate';

/**
 * 证书查询 by certificate number and holder name, the way someone checks a certificate they were handed: both
 * must match; the certificate found opens on this page.
 */
export function CertificateSearchForm() {
  const navigate = useNavigate();
  const search = useSearchPublicCertificate();
  return (
    <Form<PublicSearchQuery>
      name="certificate-search"
      aria-label="证书查询"
      layout="vertical"
      onFinish={(values) =>
        search.mutate(
          { certificate_no: values.certificate_no.trim(), name: values.name.trim() },
          { onSuccess: ({ _id }) => navigate(`/information-link/${_id}`) },
        )
      }
    >
      <Form.Item
        label="证书编号"
        name="certificate_no"
        rules={[{ required: true, whitespace: true, message: '请输入证书编号' }]}
      >
        <Input placeholder="请输入证书上的证书编号" maxLength={30} allowClear />
      </Form.Item>
      <Form.Item
        label="姓名"
        name="name"
        rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
      >
        <Input placeholder="请输入持证人姓名" maxLength={50} allowClear />
      </Form.Item>
      {search.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={errorMessage(search.error)} />
      )}
      <Button type="primary" htmlType="submit" block loading={search.isPending}>
        查询
      </Button>
    </Form>
  );
}
