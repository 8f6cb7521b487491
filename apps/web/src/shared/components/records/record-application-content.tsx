import type {
  RecordApplicationDetail,
  RecordFile,
  RecordPerson,
  RecordScope,
  RecordSite,
} from '@skill-cert/shared/records';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { StepTimeline } from '@/shared/components/step-timeline/step-timeline';
import { RecordStatusTag } from './record-status-tag';

const scopeColumns: TableColumnsType<RecordScope> = [
  { title: '职业编码', dataIndex: 'occupation_code', width: 130 },
  { title: '职业名称', dataIndex: 'occupation_name' },
  { title: '工种/职业方向', dataIndex: 'work_type', render: (w: string | null) => w || '--' },
  {
    title: '评价等级',
    dataIndex: 'level_names',
    render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
  },
];

const siteColumns: TableColumnsType<RecordSite> = [
  { title: '场地名称', dataIndex: 'name' },
  { title: '所在地区', dataIndex: 'region_names', render: (names: string[]) => names.join(' / ') },
  { title: '详细地址', dataIndex: 'address' },
  {
    title: '考核站点代码',
    dataIndex: 'site_code',
    width: 120,
    render: (code: string | null) => code ?? '--',
  },
];

/** The certificate-number codes: assigned on approval; on a filing under review, the proposal. */
function codeFacts(detail: RecordApplicationDetail): NonNullable<DescriptionsProps['items']> {
  if (!detail.institution_code) return [];
  const proposed = detail.codes_proposed ? '（拟分配）' : '';
  return [
    { key: 'institution_code', label: '评价机构代码', children: `${detail.institution_code}${proposed}` },
    { key: 'province_code', label: '省份代码', children: detail.province_code ?? '--' },
  ];
}

const personColumns: TableColumnsType<RecordPerson> = [
  { title: '姓名', dataIndex: 'name', width: 120 },
  { title: '身份证号', dataIndex: 'id_number', width: 200 },
  { title: '手机号', dataIndex: 'phone', width: 140 },
  { title: '资格（职业/等级）', dataIndex: 'qualification' },
];

const timelineColors: Record<string, string> = {
  submit: 'blue',
  resubmit: 'blue',
  approve: 'green',
  reject: 'red',
};

function FileLinks({ files, onOpen }: { files: RecordFile[]; onOpen: (f: RecordFile) => void }) {
  if (files.length === 0) return <>--</>;
  return (
    <Space wrap size={4}>
      {files.map((f) => (
        <Button key={f.file_id} type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(f)}>
          {f.originName}
        </Button>
      ))}
    </Space>
  );
}

/** A section of the page variant: a small card, a region named by its title. */
function CardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }} role="region" aria-label={title}>
      {children}
    </Card>
  );
}

/** A section of the drawer variant: a heading over its content (cards inside a drawer are too heavy). */
function PlainSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 20 }}>
      <Typography.Title level={5} style={{ marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A short list of the application (scopes, sites, people): every row at once, no pages. */
function Rows<T extends { _id: string }>({ columns, rows }: { columns: TableColumnsType<T>; rows: T[] }) {
  return <Table<T> rowKey="_id" size="small" pagination={false} columns={columns} dataSource={rows} />;
}

/**
 * Everything a record application (备案申请) holds, and its steps as a timeline: the enterprise's detail page
 * (`variant="page"`: cards; the rejection reason is the page's own alert) and the platform's review drawer
 * (`variant="drawer"`: plain sections, the rejection reason among the facts). File names open the preview.
 */
export function RecordApplicationContent({
  detail,
  variant,
}: {
  detail: RecordApplicationDetail;
  variant: 'page' | 'drawer';
}) {
  const { openPreview, previewDialog } = usePreviewDialog();
  const open = (f: RecordFile) => openPreview({ url: f.webPath, name: f.originName });
  const Section = variant === 'page' ? CardSection : PlainSection;
  const facts: DescriptionsProps['items'] = [
    { key: 'no', label: '备案编号', children: detail.record_no },
    { key: 'status', label: '状态', children: <RecordStatusTag status={detail.status} /> },
    { key: 'kind', label: '备案类型', children: detail.kind_text },
    { key: 'company', label: detail.kind === 2 ? '机构名称' : '企业名称', children: detail.company_name },
    {
      key: 'basis',
      label: '评价依据',
      children: (
        <Space size={8} wrap>
          {detail.evaluation_basis_text ?? '--'}
          {detail.basis_file && <FileLinks files={[detail.basis_file]} onOpen={open} />}
        </Space>
      ),
    },
    { key: 'created', label: '创建时间', children: detail.create_time_str },
    { key: 'submitted', label: '提交时间', children: detail.submit_time_str ?? '--' },
    { key: 'decided', label: '审核时间', children: detail.decide_time_str ?? '--' },
    { key: 'attachments', label: '附件', children: <FileLinks files={detail.attachments} onOpen={open} /> },
    { key: 'remark', label: '备注', children: detail.remark || '--' },
    ...codeFacts(detail),
    ...(variant === 'drawer' && detail.reject_reason
      ? [{ key: 'reason', label: '驳回原因', children: detail.reject_reason, span: 2 }]
      : []),
  ];
  return (
    <>
      <Section title="基本信息">
        <Descriptions
          size={variant === 'drawer' ? 'small' : undefined}
          column={variant === 'drawer' ? 2 : { xs: 1, md: 2, xl: 3 }}
          items={facts}
        />
      </Section>
      <Section title={`评价范围（${detail.scopes.length}）`}>
        <Rows columns={scopeColumns} rows={detail.scopes} />
      </Section>
      <Section title={`考核场地（${detail.sites.length}）`}>
        <Rows columns={siteColumns} rows={detail.sites} />
      </Section>
      <Section title={`考评员（${detail.examiners.length}）`}>
        <Rows columns={personColumns} rows={detail.examiners} />
      </Section>
      <Section title={`质量督导员（${detail.supervisors.length}）`}>
        <Rows columns={personColumns} rows={detail.supervisors} />
      </Section>
      <Section title="办理记录">
        <StepTimeline
          label="办理记录"
          steps={detail.timeline}
          colors={timelineColors}
          noteLabel={(action) => (action === 'reject' ? '驳回原因' : '审核意见')}
        />
      </Section>
      {previewDialog}
    </>
  );
}
