import { occupationWorkTypeText } from '@skill-cert/shared/certificate';
import { type GrantOptions, GrantScope, type GrantScopeValue } from '@skill-cert/shared/certificateGrant';
import { idTypeText } from '@skill-cert/shared/levelEvaluation';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Radio,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useLeavePage } from '@/shared/page-tab';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { ADMIN_ONLY, useCreateGrant, useGrantOptions } from './api/grants';

type Candidate = GrantOptions['candidates'][number];

interface Values {
  template_id: string;
  issue_date: Dayjs;
}

/** `:type` of `/grant-certificate/add/:id/:type?`: selected, else all (also on `/evaluation-approve/grant-certificate/:id`). */
const scopeOf = (type: string | undefined): GrantScopeValue =>
  type === GrantScope.SELECTED ? GrantScope.SELECTED : GrantScope.ALL;

/**
 * 发放证书 / 新增发证: an approved evaluation's summary, the template (the national 职业技能等级证书 first), the issue
 * date (today unless changed), the 合格 candidates who will receive one (missing photos flagged; a selection with
 * `:type` selected) and why a grant cannot start, if it cannot; 开始生成 goes to confirm-add, where it renders.
 */
export function GrantAddPage() {
  const { id = '', type } = useParams();
  const { pathname } = useLocation();
  // Back where the user came from: 评价审批 (its 待发证 tab) or 证书发放.
  const back = pathname.startsWith('/evaluation-approve') ? '/evaluation-approve' : '/grant-certificate';
  const { message } = App.useApp();
  const leave = useLeavePage();
  const admin = useIsCompanyAdmin();
  const options = useGrantOptions(id);
  const create = useCreateGrant();
  const [form] = Form.useForm<Values>();
  const [scope, setScope] = useState<GrantScopeValue>(scopeOf(type));
  const [selected, setSelected] = useState<string[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);

  if (options.isError) return <QueryError error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <PageLoading />;
  const { evaluation, templates, candidates } = options.data;
  const blocked = options.data.blocked_reason ?? (admin ? null : ADMIN_ONLY);
  const withoutPhoto = candidates.filter((c) => !c.has_photo).length;
  const receiving = scope === GrantScope.ALL ? candidates.length : selected.length;

  const start = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (scope === GrantScope.SELECTED && selected.length === 0) {
      setSelectionError('请至少选择一名考生');
      return;
    }
    try {
      const grant = await create.mutateAsync({
        evaluation_id: evaluation._id,
        template_id: values.template_id,
        issue_date: values.issue_date.format('YYYY-MM-DD'),
        scope,
        candidate_ids: scope === GrantScope.SELECTED ? selected : [],
      });
      message.success('已开始生成证书');
      leave(`/grant-certificate/confirm-add/${grant._id}`);
    } catch {
      // The client showed the refusal; the choices stay for another try.
    }
  };

  const columns: TableColumnsType<Candidate> = [
    { title: '姓名', dataIndex: 'name', width: 120 },
    {
      title: '证件类型',
      dataIndex: 'id_type',
      width: 200,
      render: (t: Candidate['id_type']) => idTypeText[t] ?? '-',
    },
    { title: '证件号码', dataIndex: 'id_number' },
    {
      title: '照片',
      key: 'photo',
      width: 110,
      render: (_, c) => (c.has_photo ? '有' : <Tag color="warning">缺少照片</Tag>),
    },
  ];

  return (
    <Card title={`发放证书：${evaluation.name}`} extra={<Button onClick={() => leave(back)}>返回</Button>}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'plan_no', label: '计划编号', children: evaluation.plan_no ?? '-' },
          { key: 'name', label: '评价名称', children: evaluation.name },
          { key: 'occupation', label: '职业/工种', children: occupationWorkTypeText(evaluation) },
          { key: 'level', label: '职业技能等级', children: evaluation.level_name ?? '-' },
          { key: 'status', label: '评价状态', children: evaluation.status_text },
          { key: 'passed', label: '合格人数', children: candidates.length },
        ]}
      />
      {blocked && <Alert type="warning" showIcon title={blocked} style={{ margin: '16px 0' }} />}
      <Form<Values>
        form={form}
        layout="inline"
        aria-label="发证设置"
        style={{ margin: '16px 0 12px', rowGap: 12 }}
        initialValues={{ template_id: templates[0]?._id, issue_date: dayjs() }}
      >
        <Form.Item
          name="template_id"
          label="证书模板"
          rules={[{ required: true, message: '请选择证书模板' }]}
        >
          <Select
            style={{ width: 280 }}
            placeholder="请选择证书模板"
            options={templates.map((t) => ({
              value: t._id,
              label: t.national ? `${t.name}（国家样式）` : t.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="issue_date" label="发证日期" rules={[{ required: true, message: '请选择发证日期' }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
        <Form.Item label="发证范围">
          <Radio.Group
            value={scope}
            onChange={(e) => {
              setScope(e.target.value);
              setSelectionError(null);
            }}
            options={[
              { value: GrantScope.ALL, label: `全部合格考生（${candidates.length}人）` },
              { value: GrantScope.SELECTED, label: '选择考生' },
            ]}
          />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button
          type="primary"
          disabled={Boolean(blocked) || (receiving === 0 && scope === GrantScope.ALL)}
          loading={create.isPending}
          onClick={() => void start()}
        >
          开始生成
        </Button>
        <Typography.Text type="secondary">
          {blocked
            ? '当前不能发证'
            : `将为 ${receiving} 名考生生成证书并分配证书编号，生成完成后会收到消息通知`}
        </Typography.Text>
      </Space>
      {withoutPhoto > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${withoutPhoto} 名考生缺少照片，其证书的照片处将留空；可先在评价计划中补充照片再发证`}
        />
      )}
      <section aria-label="获证考生">
        <Typography.Title level={5}>
          获证考生{scope === GrantScope.SELECTED ? `（已选 ${selected.length} / ${candidates.length}）` : ''}
        </Typography.Title>
        <Table<Candidate>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={candidates}
          locale={{ emptyText: '该评价没有合格考生' }}
          pagination={{ pageSize: 10, showSizeChanger: true, showTotal: (n) => `共 ${n} 人` }}
          rowSelection={
            scope === GrantScope.SELECTED
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => {
                    setSelected(keys.map(String));
                    setSelectionError(null);
                  },
                }
              : undefined
          }
        />
        {selectionError && <Typography.Text type="danger">{selectionError}</Typography.Text>}
      </section>
    </Card>
  );
}
