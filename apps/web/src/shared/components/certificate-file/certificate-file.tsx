import { Button, Space, Tag } from 'antd';

/** A rendered certificate's 生成状态: 0 待生成, 1 生成成功, 2 生成失败 (ProduceStatus). */
export const ProduceStatus = { WAITING: 0, DONE: 1, FAILED: 2 } as const;
const produceColors: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };
export const PRODUCE_STATUS_OPTIONS = [
  { value: ProduceStatus.WAITING, label: '待生成' },
  { value: ProduceStatus.DONE, label: '生成成功' },
  { value: ProduceStatus.FAILED, label: '生成失败' },
];

/** 待生成 / 生成成功 / 生成失败 as a tag. */
export function ProduceStatusTag({ status, text }: { status: number; text: string }) {
  return (
    <Tag color={produceColors[status]} data-status={status}>
      {text}
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
