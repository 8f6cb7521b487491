import { ProduceStatus, produceStatusText } from '@skill-cert/shared/customCertificate';
import { Button, Space, Tag } from 'antd';

export { ProduceStatus };

/** A rendered certificate's 生成状态 (any source): 0 待生成, 1 生成成功, 2 生成失败 (can be regenerated). */
const produceColors: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** The 生成状态 filter of a certificate list. */
export const PRODUCE_STATUS_OPTIONS = [ProduceStatus.PENDING, ProduceStatus.DONE, ProduceStatus.FAILED].map(
  (value) => ({ value, label: produceStatusText[value] }),
);

/** 待生成 / 生成成功 / 生成失败 as a tag; `text` as the server wrote it. */
export function ProduceStatusTag({ status, text }: { status: number; text?: string | null }) {
  return (
    <Tag color={produceColors[status] ?? 'default'} data-status={status}>
      {text || produceStatusText[status] || '-'}
    </Tag>
  );
}

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
