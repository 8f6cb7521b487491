import { certificateStatusColor } from '@skill-cert/shared/certificate';
import type { GrantCertificateRow, GrantDetail } from '@skill-cert/shared/certificateGrant';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import { App, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { CertificateFileActions } from '@/shared/components/certificate-file/certificate-file';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { useNotice } from '@/shared/components/notice/notice';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { ProduceStatusTag, produceStatusOptions } from '@/shared/components/produce-status-tag';
import { downloadFile } from '@/shared/files';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import {
  GRANT_POLL_MS,
  grantCertificateFileUrl,
  isRendering,
  useGrantCertificates,
  useRegenerateGrantCertificate,
} from '../api/grants';

interface CertificateFilters {
  keyword: string;
  produce_status: number | null;
}

/** The name a certificate's PDF gets: 证书编号_姓名.pdf. */
export const certificateFileName = (row: Pick<GrantCertificateRow, 'certificate_no' | 'holder_name'>) =>
  `${row.certificate_no}_${row.holder_name}.pdf`;

/**
 * The certificates of a grant: search by name, ID or number, filter by 生成状态; 查看 (the PDF in the preview
 * dialog). On confirm-add (`mode` confirm) the fail reason and 重新生成 for a failed one (administrators); on the detail 证书状态 and
 * 下载. Asked again every 2 s while the grant renders, and once more when it ends.
 */
export function GrantCertificateTable({
  grant,
  mode,
  canRegenerate = false,
  toolbar,
}: {
  grant: GrantDetail;
  mode: 'confirm' | 'detail';
  /** 重新生成 is offered (confirm mode, an administrator). */
  canRegenerate?: boolean;
  toolbar?: ReactNode;
}) {
  const { message } = App.useApp();
  const paged = usePagedSearch<CertificateFilters>({ keyword: '', produce_status: null });
  const list = useGrantCertificates(grant._id, paged.query);
  const regenerate = useRegenerateGrantCertificate();
  const { openPreview, previewDialog } = usePreviewDialog();
  const { notify, holder } = useNotice();

  const rendering = isRendering(grant);
  const { refetch } = list;
  const wasRendering = useRef(rendering);
  useEffect(() => {
    if (wasRendering.current && !rendering) void refetch();
    wasRendering.current = rendering;
    if (!rendering) return;
    const timer = setInterval(() => void refetch(), GRANT_POLL_MS);
    return () => clearInterval(timer);
  }, [rendering, refetch]);

  const download = async (row: GrantCertificateRow) => {
    try {
      await downloadFile(grantCertificateFileUrl(grant._id, row._id), certificateFileName(row));
    } catch (error) {
      notify('下载', false, errorMessage(error));
    }
  };

  const columns: TableColumnsType<GrantCertificateRow> = [
    { title: '证书编号', dataIndex: 'certificate_no', width: 200 },
    { title: '姓名', dataIndex: 'holder_name', width: 100 },
    { title: '证件号码', dataIndex: 'id_number', width: 180 },
    {
      title: '照片',
      key: 'photo',
      width: 90,
      render: (_, row) => (row.has_photo ? '有' : <Tag color="warning">缺少照片</Tag>),
    },
    {
      title: '生成状态',
      key: 'produce_status',
      width: 100,
      render: (_, row) => <ProduceStatusTag status={row.produce_status} text={row.produce_status_text} />,
    },
    mode === 'confirm'
      ? {
          title: '失败原因',
          dataIndex: 'fail_reason',
          ellipsis: true,
          render: (reason: string | null) => reason || '-',
        }
      : {
          title: '证书状态',
          key: 'status',
          width: 100,
          render: (_, row) => <Tag color={certificateStatusColor[row.status]}>{row.status_text}</Tag>,
        },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <CertificateFileActions
          ready={row.produce_status === ProduceStatus.DONE}
          onView={() =>
            openPreview({
              url: grantCertificateFileUrl(grant._id, row._id),
              name: certificateFileName(row),
              kind: 'pdf',
            })
          }
          onDownload={mode === 'detail' ? () => void download(row) : undefined}
          onRegenerate={
            mode === 'confirm' && canRegenerate && row.produce_status === ProduceStatus.FAILED
              ? () =>
                  regenerate
                    .mutateAsync({ id: grant._id, certificateId: row._id })
                    .then(() => message.success(`已开始重新生成${row.holder_name}的证书`))
                    // The client showed the refusal.
                    .catch(() => undefined)
              : undefined
          }
          regenerating={regenerate.isPending && regenerate.variables?.certificateId === row._id}
        />
      ),
    },
  ];

  return (
    <section aria-label="证书列表">
      <PagedSearchTable<GrantCertificateRow, CertificateFilters>
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
      {holder}
    </section>
  );
}
