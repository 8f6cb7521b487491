import { type CertificateStatusValue, certificateStatusColor } from '@skill-cert/shared/certificate';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import type { OfflineBatchDetail, OfflineCertificateRow } from '@skill-cert/shared/offlineCertificate';
import { App, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { CertificateFileActions } from '@/shared/components/certificate-file/certificate-file';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { ProduceStatusTag, produceStatusOptions } from '@/shared/components/produce-status-tag';
import { downloadFile } from '@/shared/files';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import {
  type CertificateQuery,
  certificateFileUrl,
  isBusy,
  useBatchCertificates,
  useRegenerateCertificate,
} from '../api/batches';

type CertificateFilters = Omit<CertificateQuery, 'page' | 'per_page'>;

/**
 * The certificates of a published batch: search by name, ID or number, filter by 生成状态; 查看 (the PDF in the
 * preview dialog), 下载 (one PDF), 重新生成 a failed one (administrators). Asked again every 2 s while it renders.
 */
export function CertificateTable({
  batch,
  canRegenerate,
  toolbar,
}: {
  batch: OfflineBatchDetail;
  canRegenerate: boolean;
  toolbar?: ReactNode;
}) {
  const { message } = App.useApp();
  const paged = usePagedSearch<CertificateFilters>({ keyword: '', produce_status: null });
  const rendering = isBusy(batch);
  const list = useBatchCertificates(batch._id, paged.query, rendering);
  // The last poll may come before the last certificate rendered: once more when rendering ends.
  const { refetch } = list;
  const wasRendering = useRef(rendering);
  useEffect(() => {
    if (wasRendering.current && !rendering) void refetch();
    wasRendering.current = rendering;
  }, [rendering, refetch]);
  const regenerate = useRegenerateCertificate();
  const { openPreview, previewDialog } = usePreviewDialog();

  const columns: TableColumnsType<OfflineCertificateRow> = [
    { title: '证书编号', dataIndex: 'certificate_no', width: 200 },
    { title: '姓名', dataIndex: 'holder_name', width: 100 },
    { title: '证件号码', dataIndex: 'id_number', width: 170 },
    {
      title: '照片',
      key: 'photo',
      width: 80,
      render: (_, row) => (row.has_photo ? '有' : <Tag color="warning">缺少照片</Tag>),
    },
    {
      title: '生成状态',
      key: 'produce_status',
      width: 100,
      render: (_, row) => <ProduceStatusTag status={row.produce_status} text={row.produce_status_text} />,
    },
    {
      title: '证书状态',
      key: 'status',
      width: 100,
      render: (_, row) => (
        <Tag color={certificateStatusColor[row.status as CertificateStatusValue]}>{row.status_text}</Tag>
      ),
    },
    {
      title: '失败原因',
      dataIndex: 'fail_reason',
      render: (reason: string | null) =>
        reason ? <Typography.Text type="danger">{reason}</Typography.Text> : '-',
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, row) => {
        const name = `${row.certificate_no}_${row.holder_name}.pdf`;
        return (
          <CertificateFileActions
            ready={row.produce_status === ProduceStatus.DONE}
            onView={() => openPreview({ url: certificateFileUrl(row._id), name, kind: 'pdf' })}
            onDownload={() =>
              void downloadFile(certificateFileUrl(row._id, true), name).catch((error: unknown) =>
                message.error(`下载失败：${errorMessage(error)}`),
              )
            }
            onRegenerate={
              canRegenerate && row.produce_status === ProduceStatus.FAILED
                ? () =>
                    regenerate
                      .mutateAsync({ id: batch._id, certificateId: row._id })
                      .then(() => message.success(`已开始重新生成${row.holder_name}的证书`))
                      // The client showed the refusal.
                      .catch(() => undefined)
                : undefined
            }
            regenerating={regenerate.isPending && regenerate.variables?.certificateId === row._id}
          />
        );
      },
    },
  ];

  return (
    <section aria-label="证书列表">
      <PagedSearchTable<OfflineCertificateRow, CertificateFilters>
        searchLabel="证书搜索"
        paged={paged}
        result={list}
        size="small"
        columns={columns}
        loading={list.isLoading}
        locale={{ emptyText: '暂无证书' }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '姓名、证件号码或证书编号', width: 220 },
          { name: 'produce_status', label: '生成状态', options: produceStatusOptions, width: 120 },
        ]}
        toolbar={toolbar}
      />
      {previewDialog}
    </section>
  );
}
