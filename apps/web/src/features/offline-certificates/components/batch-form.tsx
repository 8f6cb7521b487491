import { DownloadOutlined } from '@ant-design/icons';
import { evaluationEnd } from '@skill-cert/shared/certificates';
import { evaluationMethodText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import {
  OFFLINE_METHODS,
  OFFLINE_SHEET_KEY_COLUMNS,
  type OfflineBatchOptions,
} from '@skill-cert/shared/offline-certificates';
import { Alert, App, Button, Col, DatePicker, Form, type FormRule, Input, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { FileUpload, oneFileField, type UploadedItem } from '@/shared/components/upload/file-upload';
import { PHOTO_ZIP_UPLOAD } from '@/shared/components/upload/photo-zip';
import { downloadFile } from '@/shared/files';
import { issueDateRefusal, issueDateRule, outsideDateRange } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { sheetTemplateUrl } from '../api/batches';

/** The value of the 工种 choice for a scope without one (the certificate prints "--"). */
export const NO_WORK_TYPE_VALUE = '--';

/** What the form holds; the pages turn it into the create or patch body. */
export interface BatchFormValues {
  name?: string;
  occupation_code?: string | null;
  /** A scope's 工种, or NO_WORK_TYPE_VALUE for one without. */
  work_type?: string | null;
  level?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  site_id?: string | null;
  template_id?: string | null;
  issue_date?: Dayjs | null;
  file?: UploadedItem | null;
  photo_zip?: UploadedItem | null;
}

export const MESSAGES = {
  name: '请输入批次名称',
  occupation: '请选择职业',
  workType: '请选择工种',
  level: '请选择职业技能等级',
  dates: '请选择评价日期',
  site: '请选择考核站点',
  template: '请选择证书模板',
  issueDate: '请选择发证日期',
  file: '请上传证书信息表',
  sending: '文件上传中，请等待上传完成',
} as const;

/** What the list says after a batch was sent: it is read in the background, and a message tells when. */
export const SUBMITTED_MESSAGE = '已提交，正在解析证书信息；解析完成后会收到消息通知';

const required = (message: string): FormRule => ({ required: true, message });

/** The issue date by the shared rule: from the evaluation's last day (the form's dates, or the batch's when fixed). */
const issueDate = (fixedEnd: Dayjs | null | undefined): FormRule =>
  issueDateRule(({ getFieldValue }) =>
    evaluationEnd(
      ((getFieldValue('dates') as BatchFormValues['dates'])?.[1] ?? fixedEnd)?.format('YYYY-MM-DD') ?? null,
    ),
  );

/** The columns of the sheet for a template, as the downloaded template has them. */
export const sheetColumnsText = (blanks: { cn_name: string }[]): string =>
  [
    ...OFFLINE_SHEET_KEY_COLUMNS,
    ...OFFLINE_METHODS.map((m) => evaluationMethodText[m]),
    ...blanks.map((b) => b.cn_name),
  ].join('、');

export interface BatchFormProps {
  options: OfflineBatchOptions;
  initialValues: BatchFormValues;
  /**
   * Edit: the scope, the evaluation dates and the site are the batch's and cannot change; this shows them instead of
   * their choices (`initialValues.dates` still bounds the issue date).
   */
  fixed?: ReactNode;
  /** Why nothing can be saved (a batch no longer 待确认), or null. */
  blocked?: string | null;
  submitText: string;
  saving: boolean;
  /** Saves; a refusal rejects with the server's message, shown above the buttons. */
  onSubmit: (values: BatchFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The batch form of 新增证书 and 编辑证书: 职业 → 工种 → 等级 from the approved filings' scopes, the evaluation's
 * dates and site, the template (national first) and issue date, the holders' sheet (with the matching template to
 * download) and the photo zip, both through the app's upload control.
 */
export function BatchForm({
  options,
  initialValues,
  fixed,
  blocked = null,
  submitText,
  saving,
  onSubmit,
  onCancel,
}: BatchFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BatchFormValues>();
  const unsaved = useUnsavedForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState({ file: false, photo_zip: false });
  const stillSending = sending.file || sending.photo_zip;

  const occupationCode = Form.useWatch('occupation_code', form) ?? initialValues.occupation_code;
  const workType = Form.useWatch('work_type', form) ?? initialValues.work_type;
  const templateId = Form.useWatch('template_id', form) ?? initialValues.template_id;
  const occupation = options.occupations.find((o) => o.occupation_code === occupationCode) ?? null;
  const scope = occupation?.work_types.find((w) => (w.work_type ?? NO_WORK_TYPE_VALUE) === workType) ?? null;
  const template = options.templates.find((t) => t._id === templateId) ?? null;
  // National first, whatever order the answer has.
  const templates = [...options.templates].sort((a, b) => Number(b.national) - Number(a.national));

  const downloadTemplate = async () => {
    if (!template) return;
    try {
      await downloadFile(sheetTemplateUrl(template._id), `证书信息表模板_${template.name}.xlsx`);
    } catch (error) {
      message.error(`下载失败：${errorMessage(error)}`);
    }
  };

  const submit = useAction(async () => {
    setProblem(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await unsaved.whileSaving(() => onSubmit({ ...initialValues, ...form.getFieldsValue(true) }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });

  return (
    <Form<BatchFormValues>
      form={form}
      layout="vertical"
      aria-label="证书生成"
      initialValues={initialValues}
      disabled={Boolean(blocked)}
      onValuesChange={(changed: Partial<BatchFormValues>) => {
        if ('occupation_code' in changed) {
          // One 工种 (or none): chosen at once.
          const next = options.occupations.find((o) => o.occupation_code === changed.occupation_code);
          const only =
            next?.work_types.length === 1 ? (next.work_types[0].work_type ?? NO_WORK_TYPE_VALUE) : null;
          form.setFieldsValue({ work_type: only, level: null });
        }
        if ('work_type' in changed) form.setFieldsValue({ level: null });
        if ('dates' in changed && form.getFieldValue('issue_date')) void form.validateFields(['issue_date']);
      }}
    >
      {blocked && <Alert type="warning" showIcon title={blocked} style={{ marginBottom: 16 }} />}
      {fixed}
      <Row gutter={24}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="name"
            label="批次名称"
            rules={[{ required: true, whitespace: true, message: MESSAGES.name }]}
          >
            <Input placeholder="例如：2026年3月电工四级（外部评价）" maxLength={50} />
          </Form.Item>
        </Col>
        {!fixed && (
          <>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="occupation_code" label="职业" rules={[required(MESSAGES.occupation)]}>
                <Select
                  placeholder={options.occupations.length ? MESSAGES.occupation : '暂无审核通过的备案职业'}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={options.occupations.map((o) => ({
                    label: o.occupation_name,
                    value: o.occupation_code,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="work_type" label="工种/职业方向" rules={[required(MESSAGES.workType)]}>
                <Select
                  placeholder={occupation ? MESSAGES.workType : '请先选择职业'}
                  disabled={!occupation}
                  options={(occupation?.work_types ?? []).map((w) => ({
                    label: w.work_type ?? '无（不分工种）',
                    value: w.work_type ?? NO_WORK_TYPE_VALUE,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="level" label="职业技能等级" rules={[required(MESSAGES.level)]}>
                <Select
                  placeholder={scope ? MESSAGES.level : '请先选择工种'}
                  disabled={!scope}
                  options={(scope?.levels ?? []).map((l) => ({ label: skillLevelName(l), value: l }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="dates" label="评价日期" rules={[required(MESSAGES.dates)]}>
                <DatePicker.RangePicker
                  style={{ width: '100%' }}
                  disabledDate={outsideDateRange}
                  placeholder={['评价开始日期', '评价结束日期']}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="site_id" label="考核站点" rules={[required(MESSAGES.site)]}>
                <Select
                  placeholder={options.sites.length ? MESSAGES.site : '暂无备案的考核站点'}
                  options={options.sites.map((s) => ({ label: s.name, value: s._id, title: s.address }))}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="template_id" label="证书模板" rules={[required(MESSAGES.template)]}>
            <Select
              placeholder={MESSAGES.template}
              options={templates.map((t) => ({
                value: t._id,
                label: t.national ? `${t.name}（国家样式）` : t.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="issue_date"
            label="发证日期"
            dependencies={['dates']}
            rules={[required(MESSAGES.issueDate), issueDate(initialValues.dates?.[1])]}
          >
            <DatePicker
              style={{ width: '100%' }}
              placeholder={MESSAGES.issueDate}
              disabledDate={(d) => issueDateRefusal(d) !== null}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <Form.Item
            name="file"
            label="证书信息表"
            {...oneFileField}
            rules={[required(MESSAGES.file)]}
            extra={
              <Space orientation="vertical" size={4} style={{ marginTop: 4 }}>
                <span>
                  .xlsx，最多 10000 行，列：
                  {template ? sheetColumnsText(template.blanks) : '请先选择证书模板'}
                </span>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  style={{ padding: 0 }}
                  disabled={!template}
                  onClick={() => void downloadTemplate()}
                >
                  下载证书信息表模板
                </Button>
              </Space>
            }
          >
            <FileUpload
              replace
              extensions={['xlsx']}
              typeMessage="请上传 .xlsx 格式的表格文件"
              buttonText="上传证书信息表"
              onSendingChange={(file) => setSending((s) => ({ ...s, file }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} xl={12}>
          <Form.Item
            name="photo_zip"
            label="照片压缩包"
            {...oneFileField}
            extra="可选：.zip（不超过 2G），一寸照片以证件号码或“姓名-证件号码”命名"
          >
            <FileUpload
              {...PHOTO_ZIP_UPLOAD}
              onSendingChange={(photo_zip) => setSending((s) => ({ ...s, photo_zip }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          title={problem}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space>
        <Button
          type="primary"
          loading={saving || submit.running}
          disabled={Boolean(blocked) || stillSending}
          title={stillSending ? MESSAGES.sending : undefined}
          onClick={() => void submit.run()}
        >
          {submitText}
        </Button>
        <Button disabled={false} onClick={() => unsaved.confirmDiscard(onCancel)}>
          取消
        </Button>
        {stillSending && <span>{MESSAGES.sending}</span>}
      </Space>
    </Form>
  );
}
