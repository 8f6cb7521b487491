import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Modal, Progress, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNotice } from '@/shared/components/notice/notice';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { downloadUrl } from '@/shared/components/preview-dialog/preview-kind';
import { downloadFile } from '@/shared/files';
import { errorMessage } from '@/shared/http';
import { isGenerating, useBatch } from '../api/batches';
import { CertificateList } from './certificate-list';
import { HandleStatusTag } from './status-tags';

/** Wide enough to reach under the layout's fixed sidebar (z-index 1001): stay above it. */
const ABOVE_LAYOUT_Z_INDEX = 1100;

/** Spec §8. */
export const DETAIL_FAILED = '获取生成证书详情出错，请稍后重试!';

/**
 * The custom-certificate detail dialog (spec §2, §3): one batch — name, handling status, template,
 * company, the uploaded file (预览 / 下载) — and its certificates. `batchId` null closes it.
 */
export function CustomCertificateDetailDialog({
  batchId,
  onClose,
}: {
  batchId: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={batchId !== null}
      title="证书详情"
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
      zIndex={ABOVE_LAYOUT_Z_INDEX}
    >
      {batchId && <DetailBody key={batchId} batchId={batchId} />}
    </Modal>
  );
}

function DetailBody({ batchId }: { batchId: string }) {
  const batch = useBatch(batchId);
  const queryClient = useQueryClient();
  const { openPreview, previewDialog } = usePreviewDialog();
  const { notify, holder } = useNotice();
  const generating = isGenerating(batch.data);

  // When the batch ends, the batch list shows its new state and counts.
  const wasGenerating = useRef(generating);
  useEffect(() => {
    if (wasGenerating.current && !generating)
      void queryClient.invalidateQueries({ queryKey: ['customCertificateBatches', 'list'] });
    wasGenerating.current = generating;
  }, [generating, queryClient]);

  if (batch.isPending) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  if (batch.isError) {
    return (
      <Result
        status="error"
        title={DETAIL_FAILED}
        subTitle={errorMessage(batch.error)}
        extra={
          <Button type="primary" onClick={() => void batch.refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const data = batch.data;
  const file = data.file_info;
  const downloadSheet = async () => {
    try {
      await downloadFile(downloadUrl(file.webPath), file.originName);
    } catch (error) {
      notify('下载', false, errorMessage(error));
    }
  };

  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={2}
        aria-label="批次信息"
        items={[
          { key: 'name', label: '名称', children: data.name },
          { key: 'status', label: '状态', children: <HandleStatusTag batch={data} /> },
          {
            key: 'template',
            label: '证书模板',
            children: data.custom_certificate_template_info.template_name,
          },
          {
            key: 'company',
            label: '企业名称',
            children: data.custom_certificate_template_info.company_name,
          },
          {
            key: 'progress',
            label: '生成进度',
            children: generating ? (
              <Progress
                percent={Math.round(data.progress)}
                size="small"
                status="active"
                style={{ width: 200 }}
              />
            ) : (
              <Typography.Text>
                共 {data.total} 张，成功 {data.success_count} 张，失败 {data.failed_count} 张
              </Typography.Text>
            ),
          },
          {
            key: 'file',
            label: '数据文件',
            children: (
              <Space wrap>
                <Typography.Text>{file.originName}</Typography.Text>
                <Button
                  type="link"
                  size="small"
                  onClick={() => openPreview({ url: file.webPath, name: file.originName })}
                >
                  预览
                </Button>
                <Button type="link" size="small" onClick={() => void downloadSheet()}>
                  下载
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Divider style={{ margin: '16px 0' }} />
      <CertificateList batchId={batchId} generating={generating} />
      {previewDialog}
      {holder}
    </>
  );
}
