import { type GrantOptions, GrantScope, type GrantScopeValue } from '@skill-cert/shared/certificate-grants';
import { evaluationEnd, occupationWorkTypeText } from '@skill-cert/shared/certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import {
  Alert,
  Button,
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
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PlanNo } from '@/shared/components/plan-no';
import { issueDateRefusal, issueDateRule, shanghaiToday } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';

type Candidate = GrantOptions['candidates'][number];

interface Values {
  template_id: string;
  issue_date: Dayjs;
}

/** What 开始生成 sends: the template, the issue date, and everyone 合格 or the ones chosen. */
export interface GrantStart {
  template_id: string;
  issue_date: string;
  scope: GrantScopeValue;
  candidate_ids: string[];
}

/**
 * Starting a grant: the approved plan's summary, the template (the national 职业技能等级证书 first), the issue date (today
 * unless changed; from the plan's end to a few days ahead, the server's rule), the 合格 candidates who will receive one
 * (missing photos flagged; or a selection) and why a grant cannot start, if it cannot. An evaluation's add page and a
 * test plan's 证书 tab are this.
 */
export function GrantSetup({
  options,
  blocked,
  initialScope = GrantScope.ALL,
  planLabel = '评价名称',
  onStart,
}: {
  options: GrantOptions;
  /** Why it cannot start now (the server's reason, or the caller's rights), or null. */
  blocked: string | null;
  initialScope?: GrantScopeValue;
  planLabel?: string;
  /** Starts the grant; a refusal rejects (shown by the client) and the choices stay. */
  onStart: (start: GrantStart) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const [scope, setScope] = useState<GrantScopeValue>(initialScope);
  const [selected, setSelected] = useState<string[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const { evaluation, templates, candidates } = options;

  const start = useAction(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (scope === GrantScope.SELECTED && selected.length === 0) {
      setSelectionError('请至少选择一名考生');
      return;
    }
    try {
      await onStart({
        template_id: values.template_id,
        issue_date: values.issue_date.format('YYYY-MM-DD'),
        scope,
        candidate_ids: scope === GrantScope.SELECTED ? selected : [],
      });
    } catch {
      // The client showed the refusal; the choices stay for another try.
    }
  });

  const withoutPhoto = candidates.filter((c) => !c.has_photo).length;
  const receiving = scope === GrantScope.ALL ? candidates.length : selected.length;
  const earliest = evaluationEnd(evaluation.end_date);

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
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'plan_no', label: '计划编号', children: <PlanNo value={evaluation.plan_no} /> },
          { key: 'name', label: planLabel, children: evaluation.name },
          { key: 'occupation', label: '职业/工种', children: occupationWorkTypeText(evaluation) },
          { key: 'level', label: '职业技能等级', children: evaluation.level_name ?? '-' },
          { key: 'status', label: '计划状态', children: evaluation.status_text },
          { key: 'passed', label: '合格人数', children: candidates.length },
        ]}
      />
      {blocked && <Alert type="warning" showIcon title={blocked} style={{ margin: '16px 0' }} />}
      <Form<Values>
        form={form}
        layout="inline"
        aria-label="发证设置"
        style={{ margin: '16px 0 12px', rowGap: 12 }}
        initialValues={{ template_id: templates[0]?._id, issue_date: shanghaiToday() }}
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
        <Form.Item
          name="issue_date"
          label="发证日期"
          rules={[{ required: true, message: '请选择发证日期' }, issueDateRule(() => earliest)]}
        >
          <DatePicker allowClear={false} disabledDate={(d) => issueDateRefusal(d, earliest) !== null} />
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
          loading={start.running}
          onClick={() => void start.run()}
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
          title={`${withoutPhoto} 名考生缺少照片，其证书的照片处将留空；可先在计划中补充照片再发证`}
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
          locale={{ emptyText: '没有合格考生' }}
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
    </>
  );
}
