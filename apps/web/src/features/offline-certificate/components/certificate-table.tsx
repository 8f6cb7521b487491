import { type CertificateStatusValue, certificateStatusColor } from '@skill-cert/shared/certificate';
import type { OfflineBatchDetail, OfflineCertificateRow } from '@skill-cert/shared/offlineCertificate';
import { App, Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import {
  type CertificateQuery,
  certificateFileUrl,
  isBusy,
  useBatchCertificates,
  useRegenerateCertificate,
} from '../api/batches';

type CertificateFilters = Omit<CertificateQuery, 'page' | 'per_page'>;

/** 0 待生成, 1 生成成功, 2 生成失败. */
const produceColors: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };
const produceOptions = [
  { value: 0, label: '待生成' },
  { value: 1, label: '生成成功' },
  { value: 2, label: '生成失败' },
];

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
      render: (_, row) => (
        <Tag color={produceColors[row.produce_status]} data-status={row.produce_status}>
          {row.produce_status_text}
        </Tag>
      ),
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
        const ready = row.produce_status === 1;
        const name = `${row.certificate_no}_${row.holder_name}.pdf`;
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              disabled={!ready}
              onClick={() => openPreview({ url: certificateFileUrl(row._id), name, kind: 'pdf' })}
            >
              查看
            </Button>
            <Button
              type="link"
              size="small"
              disabled={!ready}
              href={ready ? certificateFileUrl(row._id, true) : undefined}
              download={name}
            >
              下载
            </Button>
            {canRegenerate && row.produce_status === 2 && (
              <Button
                type="link"
                size="small"
                danger
                loading={regenerate.isPending && regenerate.variables?.certificateId === row._id}
                onClick={() =>
                  regenerate
                    .mutateAsync({ id: batch._id, certificateId: row._id })
                    .then(() => message.success(`已开始重新生成${row.holder_name}的证书`))
                    // The client showed the refusal.
                    .catch(() => undefined)
                }
              >
                重新生成
              </Button>
            )}
          </Space>
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
          { name: 'produce_status', label: '生成状态', options: produceOptions, width: 120 },
        ]}
        toolbar={toolbar}
      />
      {previewDialog}
    </section>
  );
}
