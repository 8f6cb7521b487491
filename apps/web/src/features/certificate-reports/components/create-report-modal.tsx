import { MAX_REPORT_DAYS, type ReportScope } from '@skill-cert/shared/certificate-reports';
import { Alert, App, DatePicker, Descriptions, Form, Modal, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAction } from '@/shared/hooks/use-action';
import { useCompanySearch } from '@/shared/platform/company-search';
import { useCreateReport, usePendingReport } from '../api/reports';

const ALL = '';

interface Values {
  company_id: string;
  period: [Dayjs, Dayjs] | null;
}

const scopeOf = (v: Partial<Values>): ReportScope | null =>
  v.period?.[0] && v.period[1]
    ? {
        company_id: v.company_id || null,
        start_date: v.period[0].format('YYYY-MM-DD'),
        end_date: v.period[1].format('YYYY-MM-DD'),
      }
    : null;

/**
 * 生成上报批次: the company (or all) and the issue dates; what the report will take is counted before anything is
 * marked, and 生成 asks once more, since the certificates it takes count as reported from then on.
 */
export function CreateReportModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const scope = values ? scopeOf(values) : null;
  const pending = usePendingReport(open ? scope : null);
  const [keyword, setKeyword] = useState('');
  const companies = useCompanySearch(keyword);
  const create = useCreateReport();
  const total = pending.data?.total ?? 0;

  const submit = useAction(async () => {
    const v = await form.validateFields();
    const s = scopeOf(v)!;
    const confirmed = await modal.confirm({
      title: '提示',
      content: `确定生成上报批次吗？其中的 ${total} 条证书将标记为已上报，下次上报只包含之后的变更。`,
      okText: '确定',
      cancelText: '取消',
    });
    if (!confirmed) return;
    const report = await create.mutateAsync(s);
    message.success(`已生成上报批次，共 ${report.total} 条`);
    form.resetFields();
    onCreated(report._id);
  });

  return (
    <Modal
      title="生成上报批次"
      open={open}
      onCancel={onClose}
      onOk={() => void submit.run()}
      okText="生成"
      okButtonProps={{ loading: submit.running, disabled: !scope || pending.isFetching || total === 0 }}
      cancelText="取消"
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ company_id: ALL, period: null }}>
        <Form.Item label="上报单位" name="company_id">
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={companies.isFetching}
            options={[
              { label: '全部单位', value: ALL },
              ...(companies.data?.list ?? []).map((c) => ({ label: c.name, value: c._id })),
            ]}
            notFoundContent="没有匹配的单位"
          />
        </Form.Item>
        <Form.Item
          label="发证日期"
          name="period"
          extra={`最长 ${MAX_REPORT_DAYS} 天；此前已上报、之后撤销或换发的证书不论发证日期都会包含在内`}
          rules={[
            { required: true, message: '请选择发证日期' },
            {
              validator: (_, v: Values['period']) =>
                v && v[1].diff(v[0], 'day') >= MAX_REPORT_DAYS
                  ? Promise.reject(new Error(`上报时间范围最长 ${MAX_REPORT_DAYS} 天`))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            aria-label="发证日期"
          />
        </Form.Item>
      </Form>
      {scope &&
        (pending.isError ? (
          <Alert type="error" showIcon title="待上报数量获取失败，请稍后重试" />
        ) : !pending.data ? (
          <Spin />
        ) : total === 0 ? (
          <Alert type="info" showIcon title="所选范围内没有需要上报的证书" />
        ) : (
          <Descriptions size="small" bordered column={2} title={`待上报 ${total} 条`}>
            <Descriptions.Item label="发证">{pending.data.issued}</Descriptions.Item>
            <Descriptions.Item label="换发">{pending.data.reissued}</Descriptions.Item>
            <Descriptions.Item label="撤销">{pending.data.revoked}</Descriptions.Item>
            <Descriptions.Item label="注销（已换发）">{pending.data.replaced}</Descriptions.Item>
          </Descriptions>
        ))}
    </Modal>
  );
}
