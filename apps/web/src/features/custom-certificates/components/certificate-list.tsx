import { BlankType, type CustomCertificateRow, ProduceStatus } from '@skill-cert/shared/custom-certificates';
import { Button, Space, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { useNotice } from '@/shared/components/notice/notice';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { downloadUrl } from '@/shared/components/preview-dialog/preview-kind';
import { produceStatusOptions } from '@/shared/components/produce-status-tag';
import { downloadFile } from '@/shared/files';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import { BATCH_POLL_MS, certificateZipUrl, useCertificateList } from '../api/batches';
import { RegenerateDialog } from './regenerate-dialog';
import { ProduceStatusTag } from './status-tags';

/** Spec §8. */
export const LIST_FAILED = '获取证书数据列表失败，请重新获取！';

interface CertificateFilters {
  name: string;
  custom_certificate_produce_status: number | null;
}

/** How many text blanks get a column of their own. */
const MAIN_BLANKS = 4;

/** The holder's name (the `name` blank) or the first text value: names the certificate's files. */
export function holderOf(row: CustomCertificateRow): string {
  const text = row.blanks.filter((b) => b.blank_type === BlankType.TEXT && b.val);
  return (text.find((b) => b.name === 'name') ?? text[0])?.val || `第${row.row_number}行`;
}

/**
 * The certificates of one batch (spec §3 certificate list row): page size 10 (10/20/30/50), search by
 * name, filter by production status; 查看, 下载, and 重新生成 for a failed one; 下载全部 streams the zip.
 */
export function CertificateList({ batchId, generating }: { batchId: string; generating: boolean }) {
  const paged = usePagedSearch<CertificateFilters>({ name: '', custom_certificate_produce_status: null });
  const list = useCertificateList(batchId, paged.query);
  const [regenerating, setRegenerating] = useState<CustomCertificateRow | null>(null);
  const { openPreview, previewDialog } = usePreviewDialog();
  const { notify, holder } = useNotice();

  // While the batch generates, its rows change: ask again with the batch; once more when it ends.
  const { refetch } = list;
  const wasGenerating = useRef(generating);
  useEffect(() => {
    if (wasGenerating.current && !generating) void refetch();
    wasGenerating.current = generating;
    if (!generating) return;
    const timer = setInterval(() => void refetch(), BATCH_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, refetch]);

  const rows = list.data?.list ?? [];
  const mainBlanks = (rows[0]?.blanks ?? [])
    .filter((b) => b.blank_type === BlankType.TEXT)
    .slice(0, MAIN_BLANKS);

  const download = async (row: CustomCertificateRow) => {
    const file = row.custom_certificate_file_info;
    if (!file) return;
    try {
      await downloadFile(downloadUrl(file.webPath), file.originName || `${holderOf(row)}.pdf`);
    } catch (error) {
      notify('下载', false, errorMessage(error));
    }
  };

  const columns: TableColumnsType<CustomCertificateRow> = [
    // The sheet's 序号 (说明.txt: it identifies the row); the sheet row when the row has none.
    {
      title: '序号',
      dataIndex: 'row_key',
      width: 70,
      render: (key: string, row) => key || `第${row.row_number}行`,
    },
    ...mainBlanks.map((blank): TableColumnsType<CustomCertificateRow>[number] => ({
      title: blank.cn_name,
      key: `blank:${blank.name}`,
      ellipsis: true,
      render: (_, row) => row.blanks.find((b) => b.name === blank.name)?.val || '-',
    })),
    {
      title: '生成状态',
      key: 'status',
      width: 100,
      render: (_, row) => <ProduceStatusTag row={row} />,
    },
    {
      title: '失败原因',
      dataIndex: 'fail_reason',
      ellipsis: true,
      render: (reason: string | null) => reason || '-',
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, row) => {
        const file = row.custom_certificate_file_info;
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              disabled={!file}
              onClick={() =>
                file && openPreview({ url: file.webPath, name: `${holderOf(row)}.pdf`, kind: 'pdf' })
              }
            >
              查看
            </Button>
            <Button type="link" size="small" disabled={!file} onClick={() => void download(row)}>
              下载
            </Button>
            {row.custom_certificate_produce_status === ProduceStatus.FAILED && (
              <Button type="link" size="small" danger onClick={() => setRegenerating(row)}>
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
      <PagedSearchTable<CustomCertificateRow, CertificateFilters>
        searchLabel="证书搜索"
        paged={paged}
        result={list}
        size="small"
        columns={columns}
        loading={list.isLoading || list.isPlaceholderData}
        errorTitle={LIST_FAILED}
        filters={[
          { name: 'name', label: '姓名', placeholder: '请输入姓名', width: 160 },
          {
            name: 'custom_certificate_produce_status',
            label: '生成状态',
            options: produceStatusOptions,
            width: 120,
          },
        ]}
        toolbar={
          <Button href={certificateZipUrl(batchId)} download>
            下载全部
          </Button>
        }
      />
      <RegenerateDialog certificate={regenerating} onClose={() => setRegenerating(null)} />
      {previewDialog}
      {holder}
    </section>
  );
}
