import { ReloadOutlined } from '@ant-design/icons';
import {
  PAPER_SCAN_FILES_MAX,
  type PaperAnalysis,
  PaperOutcome,
  type PaperOutcomeValue,
  paperOutcomeText,
} from '@skill-cert/shared/certificateGrant';
import { PHOTO_ZIP_MAX_BYTES, PHOTO_ZIP_SIZE_MESSAGE } from '@skill-cert/shared/customCertificate';
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
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { errorMessage } from '@/shared/http';
import { usePaperAnalysis, useRefreshOnPaperParsed, useSendPaperScans } from './paper-analysis-api';

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
 * The paper-certificate analysis of a grant (纸质证书分析, issue 21 point 5) on GrantCertificateDetailView: scans
 * uploaded with the app's upload control and sent to be read, the counts, and every page read with its outcome.
 * The detail page only mounts it; when paper_certificate_parse_done names this grant, it reads the analysis again.
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

/** The counts, how many of the grant's certificates were found on paper, and the pages read (filtered by outcome). */
export function PaperAnalysisView({
  analysis,
  refreshing,
  onRefresh,
}: {
  analysis: PaperAnalysis;
  refreshing?: boolean;
  onRefresh?: () => void;
}) {
  const [outcome, setOutcome] = useState<PaperOutcomeValue | 0>(0);
  const counts: Record<PaperOutcomeValue, number> = {
    1: analysis.matched,
    2: analysis.foreign,
    3: analysis.unreadable,
    4: analysis.duplicate,
  };
  const certificates = analysis.matched + analysis.missing;
  const shown = outcome === 0 ? analysis.items : analysis.items.filter((i) => i.outcome === outcome);
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
      <Table<Item>
        rowKey="_id"
        size="small"
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
          { title: '扫描件', dataIndex: 'source_name', ellipsis: true },
          {
            title: '识别结果',
            dataIndex: 'outcome',
            width: 120,
            render: (_, item) => <Tag color={OUTCOME_COLORS[item.outcome]}>{item.outcome_text}</Tag>,
          },
          {
            title: '证书编号',
            dataIndex: 'certificate_no',
            width: 220,
            render: (v: string | null) => v ?? '--',
          },
          { title: '姓名', dataIndex: 'holder_name', width: 120, render: (v: string | null) => v ?? '--' },
          { title: '识别时间', dataIndex: 'create_time_str', width: 170 },
        ]}
      />
    </Space>
  );
}
