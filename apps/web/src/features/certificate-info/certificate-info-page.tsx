import { Card, Typography } from 'antd';

/** Public certificate information reached from a QR code; the content comes in a later issue. */
export function CertificateInfoPage() {
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <Card>
        <Typography.Title level={3}>证书信息</Typography.Title>
      </Card>
    </main>
  );
}
