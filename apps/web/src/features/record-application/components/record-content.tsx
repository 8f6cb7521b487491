import type {
  RecordApplicationDetail,
  RecordFile,
  RecordPerson,
  RecordScope,
  RecordSite,
} from '@skill-cert/shared/recordApplication';
import { Button, Card, Descriptions, Empty, Space, Table, type TableColumnsType, Tag, Timeline } from 'antd';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
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
];

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

/** Everything an application holds, and its steps as a timeline. */
export function RecordContent({ detail }: { detail: RecordApplicationDetail }) {
  const { openPreview, previewDialog } = usePreviewDialog();
  const open = (f: RecordFile) => openPreview({ url: f.webPath, name: f.originName });
  const section = (title: string, children: React.ReactNode) => (
    <Card size="small" title={title} className="record-detail-section">
      {children}
    </Card>
  );
  return (
    <>
      {section(
        '基本信息',
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'no', label: '备案编号', children: detail.record_no },
            { key: 'status', label: '状态', children: <RecordStatusTag status={detail.status} /> },
            { key: 'company', label: '企业名称', children: detail.company_name },
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
            {
              key: 'attachments',
              label: '附件',
              children: <FileLinks files={detail.attachments} onOpen={open} />,
            },
            { key: 'remark', label: '备注', children: detail.remark || '--' },
          ]}
        />,
      )}
      {section(
        `评价范围（${detail.scopes.length}）`,
        <Table<RecordScope>
          rowKey="_id"
          size="small"
          pagination={false}
          columns={scopeColumns}
          dataSource={detail.scopes}
        />,
      )}
      {section(
        `考核场地（${detail.sites.length}）`,
        <Table<RecordSite>
          rowKey="_id"
          size="small"
          pagination={false}
          columns={siteColumns}
          dataSource={detail.sites}
        />,
      )}
      {section(
        `考评员（${detail.examiners.length}）`,
        <Table<RecordPerson>
          rowKey="_id"
          size="small"
          pagination={false}
          columns={personColumns}
          dataSource={detail.examiners}
        />,
      )}
      {section(
        `质量督导员（${detail.supervisors.length}）`,
        <Table<RecordPerson>
          rowKey="_id"
          size="small"
          pagination={false}
          columns={personColumns}
          dataSource={detail.supervisors}
        />,
      )}
      {section(
        '办理记录',
        detail.timeline.length === 0 ? (
          <Empty description="暂无记录" />
        ) : (
          <Timeline
            aria-label="办理记录"
            items={detail.timeline.map((t) => ({
              key: t._id,
              color: timelineColors[t.action] ?? 'gray',
              title: t.create_time_str,
              content: (
                <div>
                  <strong>{t.action_text}</strong>
                  <span style={{ marginLeft: 8, color: 'var(--ant-color-text-secondary)' }}>
                    操作人：{t.user_name}
                  </span>
                  {t.note && (
                    <div style={{ marginTop: 4 }}>
                      {t.action === 'reject' ? '驳回原因' : '审核意见'}：{t.note}
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        ),
      )}
      {previewDialog}
    </>
  );
}
