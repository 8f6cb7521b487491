import { Button, Space } from 'antd';

/**
 * The actions on one certificate's PDF in a list of certificates (a grant, an offline batch): 查看 and 下载 once it
 * is rendered, 重新生成 when the caller offers it (a failed one, an administrator).
 */
export function CertificateFileActions({
  ready,
  onView,
  onDownload,
  onRegenerate,
  regenerating = false,
}: {
  ready: boolean;
  onView: () => void;
  /** 下载 is offered. */
  onDownload?: () => void;
  /** 重新生成 is offered. */
  onRegenerate?: () => void;
  regenerating?: boolean;
}) {
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" disabled={!ready} onClick={onView}>
        查看
      </Button>
      {onDownload && (
        <Button type="link" size="small" disabled={!ready} onClick={onDownload}>
          下载
        </Button>
      )}
      {onRegenerate && (
        <Button type="link" size="small" danger loading={regenerating} onClick={onRegenerate}>
          重新生成
        </Button>
      )}
    </Space>
  );
}
