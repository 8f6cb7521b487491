import type { ExaminerQualificationRow } from '@skill-cert/shared/exam-tasks';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import {
  useDeleteQualification,
  useOccupationCatalogue,
  useQualifications,
  useSaveQualification,
} from './examiner-api';

const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelName(l), value: l }));

interface QualificationValues {
  occupation_code?: string;
  level_low?: 1 | 2 | 3 | 4 | 5;
  level_high?: 1 | 2 | 3 | 4 | 5;
  certificate_no?: string;
  valid_until?: Dayjs | null;
}

/**
 * 我的考评员资格 (the examiner's profile): the occupations and levels the examiner may mark, with the certificate and
 * its validity; plans warn when assigning an examiner whose qualifications do not cover them.
 */
export function QualificationSection() {
  const quals = useQualifications();
  const remove = useDeleteQualification();
  const confirmOnce = useConfirmOnce();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ExaminerQualificationRow | 'new' | null>(null);

  const columns: TableColumnsType<ExaminerQualificationRow> = [
    { title: '职业', dataIndex: 'occupation_name', width: 160 },
    { title: '等级范围', dataIndex: 'level_text', width: 180 },
    { title: '证书编号', dataIndex: 'certificate_no', width: 160 },
    {
      title: '有效期至',
      key: 'valid_until',
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          {r.valid_until}
          {r.expired && <Tag color="error">已过期</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirmOnce({
                title: '删除考评员资格',
                content: `确定删除“${r.occupation_name}（证书编号 ${r.certificate_no}）”这项资格吗？删除后不可恢复。`,
                okText: '删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () =>
                  remove
                    .mutateAsync(r._id)
                    .then(() => void message.success('删除成功'))
                    .catch(() => undefined),
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="我的考评员资格"
      style={{ marginTop: 16 }}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增资格
        </Button>
      }
    >
      {quals.isError ? (
        <QueryError error={quals.error} onRetry={() => void quals.refetch()} />
      ) : (
        <Table<ExaminerQualificationRow>
          rowKey="_id"
          size="small"
          loading={quals.isFetching}
          dataSource={quals.data}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有登记考评员资格，登记后才能被分配考评任务" /> }}
        />
      )}
      <QualificationDialog editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function QualificationDialog({
  editing,
  onClose,
}: {
  editing: ExaminerQualificationRow | 'new' | null;
  onClose: () => void;
}) {
  const open = editing !== null;
  const row = editing === 'new' ? null : editing;
  const { message } = App.useApp();
  const [form] = Form.useForm<QualificationValues>();
  const unsaved = useUnsavedForm(form, open);
  const catalogue = useOccupationCatalogue(open);
  const save = useSaveQualification();
  // A disabled occupation is offered for nothing new; the one the qualification holds stays (added below).
  const occupationOptions = (catalogue.data?.categories ?? []).flatMap((c) =>
    c.occupations.filter((o) => o.enabled).map((o) => ({ label: `${o.name}（${o.code}）`, value: o.code })),
  );
  const submit = useAction(async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await unsaved.whileSaving(() =>
        save.mutateAsync({
          id: row?._id ?? null,
          body: {
            occupation_code: v.occupation_code ?? '',
            level_low: v.level_low ?? 5,
            level_high: v.level_high ?? 5,
            certificate_no: (v.certificate_no ?? '').trim(),
            valid_until: v.valid_until ? v.valid_until.format('YYYY-MM-DD') : '',
          },
        }),
      );
      message.success('保存成功');
      onClose();
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={row ? '编辑考评员资格' : '新增考评员资格'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={submit.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void submit.run()}
    >
      <Form<QualificationValues>
        form={form}
        layout="vertical"
        preserve={false}
        aria-label="考评员资格"
        initialValues={
          row
            ? {
                occupation_code: row.occupation_code,
                level_low: row.level_low as 1 | 2 | 3 | 4 | 5,
                level_high: row.level_high as 1 | 2 | 3 | 4 | 5,
                certificate_no: row.certificate_no,
                valid_until: row.valid_until ? dayjs(row.valid_until) : null,
              }
            : undefined
        }
      >
        <Form.Item name="occupation_code" label="职业" rules={[{ required: true, message: '请选择职业' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="输入职业名称搜索"
            options={
              row && !occupationOptions.some((o) => o.value === row.occupation_code)
                ? [{ label: row.occupation_name, value: row.occupation_code }, ...occupationOptions]
                : occupationOptions
            }
            loading={catalogue.isFetching}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="level_low"
            label="最低等级"
            rules={[{ required: true, message: '请选择最低等级' }]}
            style={{ width: '50%' }}
          >
            <Select options={levelOptions} placeholder="如：五级/初级工" />
          </Form.Item>
          <Form.Item
            name="level_high"
            label="最高等级"
            dependencies={['level_low']}
            style={{ width: '50%' }}
            rules={[
              { required: true, message: '请选择最高等级' },
              ({ getFieldValue }) => ({
                validator: (_, value?: number) =>
                  value !== undefined && (getFieldValue('level_low') ?? 5) < value
                    ? Promise.reject(new Error('最高等级不能低于最低等级'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Select options={levelOptions} placeholder="如：三级/高级工" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="certificate_no"
          label="考评员证书编号"
          rules={[{ required: true, whitespace: true, message: '请输入考评员证书编号' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="valid_until"
          label="有效期至"
          rules={[{ required: true, message: '请选择有效期至' }]}
        >
          <DatePicker style={{ width: '100%' }} placeholder="证书有效期的最后一天" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
