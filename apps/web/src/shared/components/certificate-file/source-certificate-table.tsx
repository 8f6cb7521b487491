import type { GrantCertificateRow } from '@skill-cert/shared/certificate-grants';
import { type CertificateStatusValue, certificateStatusColor } from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { App, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { ProduceStatusTag, produceStatusOptions } from '@/shared/components/produce-status-tag';
import { downloadFile } from '@/shared/files';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage, request } from '@/shared/http';
import { CertificateFileActions } from './certificate-file';

/** A library certificate of a source (a grant, an offline batch) as its list answers it: one row shape for both. */
export type SourceCertificateRow = GrantCertificateRow;

interface CertificateFilters {
  keyword: string;
  produce_status: number | null;
}

/** How often the list is asked again while its source renders. */
const POLL_MS = 2000;

/** The name a certificate's PDF gets: 证书编号_姓名.pdf. */
const certificateFileName = (row: Pick<SourceCertificateRow, 'certificate_no' | 'holder_name'>) =>
  `${row.certificate_no}_${row.holder_name}.pdf`;

/**
 * The certificates of a source (`{path}/certificates`, the server's one row shape for grants and offline batches):
 * search by name, ID or number, filter by 生成状态; 查看 (the PDF in the preview dialog), 下载 when offered, 重新生成 a
 * failed one when offered (`{path}/certificates/{id}/regenerate`, administrators). Asked again every 2 s while the
 * source renders, and once more when it ends.
 */
export function SourceCertificateTable({
  path,
  queryKey,
  refreshKey,
  rendering,
  fileUrl,
  show,
  canRegenerate,
  toolbar,
}: {
  /** The source's API path, e.g. `/api/offlineCertificateBatches/{id}`. */
  path: string;
  /** The list's query key (under the feature's key, so that the feature's refresh reaches it). */
  queryKey: QueryKey;
  /** What a regeneration changes: invalidated after it (the source and its lists). */
  refreshKey: QueryKey;
  rendering: boolean;
  /** A certificate's PDF: inline for the preview, `download` as a file. */
  fileUrl: (row: SourceCertificateRow, download: boolean) => string;
  /** The columns and actions offered besides number, holder, ID number, photo and 生成状态. */
  show: { status: boolean; failReason: boolean; download: boolean };
  /** 重新生成 is offered on failed certificates (an administrator, a state that allows it). */
  canRegenerate: boolean;
  toolbar?: ReactNode;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const paged = usePagedSearch<CertificateFilters>({ keyword: '', produce_status: null });
  const list = useQuery({
    queryKey: [...queryKey, paged.query],
    queryFn: () =>
      request<Paged<SourceCertificateRow>>('GET', `${path}/certificates`, {
        params: cleanQuery({ ...paged.query }) as Record<string, string | number>,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: rendering ? POLL_MS : false,
  });
  // The last poll may come before the last certificate rendered: once more when rendering ends.
  const { refetch } = list;
  const wasRendering = useRef(rendering);
  useEffect(() => {
    if (wasRendering.current && !rendering) void refetch();
    wasRendering.current = rendering;
  }, [rendering, refetch]);
  const regenerating = useRef(new Set<string>());
  const regenerate = useMutation({
    mutationFn: (certificateId: string) =>
      request<unknown>('POST', `${path}/certificates/${encodeURIComponent(certificateId)}/regenerate`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: refreshKey }),
  });
  const { openPreview, previewDialog } = usePreviewDialog();

  const columns: TableColumnsType<SourceCertificateRow> = [
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
    ...(show.status
      ? [
          {
            title: '证书状态',
            key: 'status',
            width: 100,
            render: (_: unknown, row: SourceCertificateRow) => (
              <Tag color={certificateStatusColor[row.status as CertificateStatusValue]}>
                {row.status_text}
              </Tag>
            ),
          },
        ]
      : []),
    ...(show.failReason
      ? [
          {
            title: '失败原因',
            dataIndex: 'fail_reason',
            render: (reason: string | null) =>
              reason ? <Typography.Text type="danger">{reason}</Typography.Text> : '-',
          },
        ]
      : []),
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <CertificateFileActions
          ready={row.produce_status === ProduceStatus.DONE}
          onView={() =>
            openPreview({ url: fileUrl(row, false), name: certificateFileName(row), kind: 'pdf' })
          }
          onDownload={
            show.download
              ? () =>
                  void downloadFile(fileUrl(row, true), certificateFileName(row)).catch((error: unknown) =>
                    message.error(`下载失败：${errorMessage(error)}`),
                  )
              : undefined
          }
          onRegenerate={
            canRegenerate && row.produce_status === ProduceStatus.FAILED
              ? () => {
                  // Once per row however often clicked: the button's loading state comes a render later.
                  if (regenerating.current.has(row._id)) return;
                  regenerating.current.add(row._id);
                  void regenerate
                    .mutateAsync(row._id)
                    .then(() => message.success(`已开始重新生成${row.holder_name}的证书`))
                    // The client showed the refusal.
                    .catch(() => undefined)
                    .finally(() => regenerating.current.delete(row._id));
                }
              : undefined
          }
          regenerating={regenerate.isPending && regenerate.variables === row._id}
        />
      ),
    },
  ];

  return (
    <section aria-label="证书列表">
      <PagedSearchTable<SourceCertificateRow, CertificateFilters>
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
