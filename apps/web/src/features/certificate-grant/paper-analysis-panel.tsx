import { Empty } from 'antd';

/**
 * The paper-certificate analysis of a grant (纸质证书分析, issue 21 point 5) on GrantCertificateDetailView: upload
 * scans, see what matched. Owned by the paper-analysis work; the detail page only mounts it.
 */
export function PaperAnalysisPanel(_props: { grantId: string }) {
  return <Empty description="暂无纸质证书分析" />;
}
