import { ReloadOutlined } from '@ant-design/icons';
import {
  PAPER_SCAN_FILES_MAX,
  type PaperAnalysis,
  type PaperMissingRow,
  PaperOutcome,
  type PaperOutcomeValue,
  paperOutcomeText,
} from '@skill-cert/shared/certificate-grants';
import { PHOTO_ZIP_MAX_BYTES, PHOTO_ZIP_SIZE_MESSAGE } from '@skill-cert/shared/custom-certificates';
import {
  Alert,
  App,
  Button,
  Col,
  Empty,
  Progress,
  Row,
  Segmented,
  Space,
  Spin,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ListTable } from '@/shared/components/list-table/list-table';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { QueryError } from '@/shared/components/query-error/query-error';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import {
  usePaperAnalysis,
  usePaperMissing,
  useRefreshOnPaperParsed,
  useSendPaperScans,
} from './paper-analysis-api';

export const PAPER_SCAN_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf', 'zip'] as const;
export const PAPER_SCAN_TYPE_MESSAGE = '请上传 JPG/PNG 图片、PDF 或 ZIP 压缩包';
export const PAPER_SCAN_HINT =
  '上传打印后的纸质证书扫描件或手机照片（JPG/PNG 图片、多页 PDF，或它们的 ZIP 压缩包；每页一张证书），系统识别证书上的二维码并与本批证书比对。';

const OUTCOME_COLORS: Record<PaperOutcomeValue, string> = {
  1: 'success',
  2: 'warning',
  3: 'error',
  4: 'processing',
};
const OUTCOMES = [
  PaperOutcome.MATCHED,
  PaperOutcome.FOREIGN,
  PaperOutcome.UNREADABLE,
  PaperOutcome.DUPLICATE,
];

type Item = PaperAnalysis['items'][number];

/**
 * The paper-certificate analysis of a grant (纸质证书分析) on GrantCertificateDetailView: scans
 * uploaded with the app's upload control and sent to be read, the counts, every page read with its outcome (and why
 * one was 无法识别), and the certificates no page matched yet. The detail page only mounts it; when
 * paper_certificate_parse_done names this grant, it reads the analysis again.
 */
export function PaperAnalysisPanel({ grantId }: { grantId: string }) {
  const analysis = usePaperAnalysis(grantId);
  useRefreshOnPaperParsed(grantId);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PaperScanUpload grantId={grantId} />
      {analysis.isError ? (
        <QueryError error={analysis.error} onRetry={() => void analysis.refetch()} />
      ) : !analysis.data ? (
        <Spin />
      ) : (
        <PaperAnalysisView
          grantId={grantId}
          analysis={analysis.data}
          refreshing={analysis.isFetching}
          onRefresh={() => void analysis.refetch()}
        />
      )}
    </Space>
  );
}

/** The scans picked and uploaded, then 开始识别 sends them as one upload to be read in the background. */
function PaperScanUpload({ grantId }: { grantId: string }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadedItem[]>([]);
  const [sending, setSending] = useState(false);
  const send = useSendPaperScans(grantId);
  const start = () =>
    send.mutate(
      files.map((f) => f.file_id),
      {
        onSuccess: (result) => {
          message.success(`已上传 ${result.file_count} 个扫描件，正在后台识别，完成后将自动刷新`);
          setFiles([]);
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-label="上传纸质证书扫描件">
      <Typography.Text type="secondary">{PAPER_SCAN_HINT}</Typography.Text>
      <FileUpload
        value={files}
        onChange={setFiles}
        limit={PAPER_SCAN_FILES_MAX}
        extensions={PAPER_SCAN_EXTENSIONS}
        typeMessage={PAPER_SCAN_TYPE_MESSAGE}
        maxBytes={PHOTO_ZIP_MAX_BYTES}
        sizeMessage={PHOTO_ZIP_SIZE_MESSAGE}
        buttonText="选择扫描件"
        onSendingChange={setSending}
      />
      <Button
        type="primary"
        disabled={files.length === 0 || sending}
        loading={send.isPending}
        onClick={start}
      >
        开始识别
      </Button>
    </Space>
  );
}

/**
 * The counts, how many of the grant's certificates were found on paper, then two tabs: the pages read (filtered by
 * outcome, each 无法识别 with its reason) and the certificates no page matched (searched and paged on the server).
 */
export function PaperAnalysisView({
  grantId,
  analysis,
  refreshing,
  onRefresh,
}: {
  grantId: string;
  analysis: PaperAnalysis;
  refreshing?: boolean;
  onRefresh?: () => void;
}) {
  const counts: Record<PaperOutcomeValue, number> = {
    1: analysis.matched,
    2: analysis.foreign,
    3: analysis.unreadable,
    4: analysis.duplicate,
  };
  const certificates = analysis.matched + analysis.missing;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} aria-label="纸质证书分析结果">
      {analysis.parsing > 0 && (
        <Alert type="info" showIcon title={`有 ${analysis.parsing} 次上传正在识别中，完成后将自动刷新`} />
      )}
      <div>
        <Typography.Text>
          已匹配 {analysis.matched} / {certificates} 张证书
        </Typography.Text>
        <Progress
          percent={certificates ? Math.round((analysis.matched / certificates) * 100) : 0}
          status={certificates > 0 && analysis.missing === 0 ? 'success' : 'normal'}
        />
      </div>
      <Row gutter={[16, 16]}>
        {[
          { title: '扫描页数', value: analysis.pages },
          ...OUTCOMES.map((o) => ({ title: paperOutcomeText[o], value: counts[o] })),
          { title: '未匹配证书', value: analysis.missing },
        ].map((s) => (
          <Col xs={8} md={4} key={s.title}>
            <Statistic title={s.title} value={s.value} />
          </Col>
        ))}
      </Row>
      <Tabs
        items={[
          {
            key: 'pages',
            label: `扫描页（${analysis.pages}）`,
            children: (
              <ScannedPages
                analysis={analysis}
                counts={counts}
                refreshing={refreshing}
                onRefresh={onRefresh}
              />
            ),
          },
          {
            key: 'missing',
            label: `未匹配证书（${analysis.missing}）`,
            children: <MissingCertificates grantId={grantId} />,
          },
        ]}
      />
    </Space>
  );
}

/** Every page read, newest upload first, filtered by outcome; 无法识别 says why. */
function ScannedPages({
  analysis,
  counts,
  refreshing,
  onRefresh,
}: {
  analysis: PaperAnalysis;
  counts: Record<PaperOutcomeValue, number>;
  refreshing?: boolean;
  onRefresh?: () => void;
}) {
  const [outcome, setOutcome] = useState<PaperOutcomeValue | 0>(0);
  const shown = outcome === 0 ? analysis.items : analysis.items.filter((i) => i.outcome === outcome);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<PaperOutcomeValue | 0>
          value={outcome}
          onChange={setOutcome}
          options={[
            { value: 0, label: `全部（${analysis.pages}）` },
            ...OUTCOMES.map((o) => ({ value: o, label: `${paperOutcomeText[o]}（${counts[o]}）` })),
          ]}
        />
        {onRefresh && (
          <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
            刷新
          </Button>
        )}
      </Space>
      <ListTable<Item>
        rowKey="_id"
        size="small"
        aria-label="扫描页"
        dataSource={shown}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              description={analysis.uploads ? '没有该结果的扫描页' : '暂无纸质证书分析，请先上传扫描件'}
            />
          ),
        }}
        columns={[
          { title: '扫描件', dataIndex: 'source_name' },
          {
            title: '识别结果',
            dataIndex: 'outcome',
            width: 110,
            render: (_, item) => <Tag color={OUTCOME_COLORS[item.outcome]}>{item.outcome_text}</Tag>,
          },
          {
            title: '原因',
            dataIndex: 'reason',
            width: 200,
            render: (v: string | null) => v ?? '--',
          },
          {
            title: '证书编号',
            dataIndex: 'certificate_no',
            width: 200,
            render: (v: string | null) => v ?? '--',
          },
          { title: '姓名', dataIndex: 'holder_name', width: 100, render: (v: string | null) => v ?? '--' },
          { title: '识别时间', dataIndex: 'create_time_str', width: 170 },
        ]}
      />
    </Space>
  );
}

/** The grant's certificates that should be on paper and no page matched yet, in number order. */
function MissingCertificates({ grantId }: { grantId: string }) {
  const paged = usePagedSearch({ keyword: '' });
  const missing = usePaperMissing(grantId, paged.query);
  return (
    <PagedSearchTable<PaperMissingRow, { keyword: string }>
      searchLabel="未匹配证书搜索"
      aria-label="未匹配证书"
      size="small"
      paged={paged}
      result={missing}
      filters={[{ name: 'keyword', label: '关键词', placeholder: '姓名、证件号码或证书编号', width: 220 }]}
      locale={{ emptyText: <Empty description="本批证书均已找到纸质证书扫描件" /> }}
      columns={[
        {
          title: '证书编号',
          dataIndex: 'certificate_no',
          width: 220,
          render: (v: string | null) => v ?? '--',
        },
        { title: '姓名', dataIndex: 'holder_name', width: 120 },
        { title: '证件号码', dataIndex: 'id_number' },
      ]}
    />
  );
}
