import type { PhotoMatchSummary, UploadRowError } from '@skill-cert/shared/custom-certificates';
import { Alert, App, Form, Input, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { FileUpload, oneFileField, type UploadedItem } from '@/shared/components/upload/file-upload';
import { PHOTO_ZIP_UPLOAD } from '@/shared/components/upload/photo-zip';
import { useAction } from '@/shared/hooks/use-action';
import { ApiError, errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useCreateBatch } from '../api/batches';
import { useTemplates } from '../api/templates';

/** Spec §5 ("unused-looking" rules: this form's). */
export const NAME_REQUIRED = '请输入名称';
export const TEMPLATE_REQUIRED = '请选择证书模板';
export const FILE_REQUIRED = '请上传文件';
/** 开始生成's hint while a file is still being sent. */
export const UPLOAD_PENDING = '文件上传中，请等待上传完成';

interface BatchValues {
  name: string;
  custom_certificate_template_id: string;
  file: UploadedItem | null;
  photo_zip: UploadedItem | null;
}

interface Rejection {
  message: string;
  errors: UploadRowError[];
}

const rowErrorsOf = (error: unknown): UploadRowError[] => {
  const data = error instanceof ApiError ? (error.data as { errors?: unknown } | null) : null;
  return Array.isArray(data?.errors) ? (data.errors as UploadRowError[]) : [];
};

/** The items listed, then 等 N 个 when the server listed fewer than there are. */
const listed = (items: string[], total: number) =>
  `${items.join('、')}${total > items.length ? ` 等 ${total} 个` : ''}`;

/** After an upload: the photos of the zip no row uses and the rows without a photo (the batch goes on). */
export function PhotoMatchReport({ summary }: { summary: PhotoMatchSummary }) {
  return (
    <section aria-label="照片匹配结果">
      {summary.unmatched_photo_count > 0 && (
        <p>
          {`照片压缩包中有 ${summary.unmatched_photo_count} 张照片没有对应的行：`}
          {listed(summary.unmatched_photos, summary.unmatched_photo_count)}
        </p>
      )}
      {summary.rows_without_photo_count > 0 && (
        <p>
          {`有 ${summary.rows_without_photo_count} 处缺少照片：`}
          {listed(
            summary.rows_without_photo.map(
              (r) => `第 ${r.row_number} 行${r.row_key ? `（序号 ${r.row_key}）` : ''}${r.blank}`,
            ),
            summary.rows_without_photo_count,
          )}
        </p>
      )}
    </section>
  );
}

/**
 * 新建批量生成: a name, a template, the filled spreadsheet (.xlsx from 下载批量模板) and optionally a zip
 * of photos. A rejected upload shows the server's message and its problems row by row.
 */
export function BatchCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (batchId: string) => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BatchValues>();
  const [templateSearch, setTemplateSearch] = useState('');
  const templates = useTemplates({ template_name: templateSearch, page: 1, per_page: 50 }, open);
  const create = useCreateBatch();
  const [rejection, setRejection] = useState<Rejection | null>(null);
  // A file still being sent has no value yet: 开始生成 waits for it (else the batch would go without its photos).
  const [sending, setSending] = useState({ file: false, photo_zip: false });
  const stillSending = sending.file || sending.photo_zip;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRejection(null);
    setTemplateSearch('');
    setSending({ file: false, photo_zip: false });
  }, [open, form]);
  // After the form was reset for this opening: what the user fills in from there is unsaved.
  const unsaved = useUnsavedForm(form, open);

  const submit = useAction(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setRejection(null);
    try {
      const batch = await unsaved.whileSaving(() =>
        create.mutateAsync({
          name: values.name.trim(),
          custom_certificate_template_id: values.custom_certificate_template_id,
          file_id: values.file!.file_id,
          photo_zip_file_id: values.photo_zip?.file_id ?? null,
        }),
      );
      message.success('上传成功，证书生成中');
      onClose();
      onCreated?.(batch._id);
      const summary = batch.photo_match;
      if (summary && (summary.unmatched_photo_count > 0 || summary.rows_without_photo_count > 0))
        modal.warning({
          title: '部分照片未能匹配',
          content: <PhotoMatchReport summary={summary} />,
          okText: '知道了',
          width: 560,
        });
    } catch (error) {
      setRejection({ message: errorMessage(error), errors: rowErrorsOf(error) });
    }
  });

  return (
    <Modal
      open={open}
      title="新建批量生成"
      okText="开始生成"
      cancelText="取消"
      onOk={() => void submit.run()}
      onCancel={() => unsaved.confirmDiscard(onClose)}
      confirmLoading={submit.running}
      okButtonProps={{ disabled: stillSending, title: stillSending ? UPLOAD_PENDING : undefined }}
      forceRender
      width={680}
    >
      <Form<BatchValues> form={form} labelCol={{ flex: '110px' }} aria-label="批量生成">
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: NAME_REQUIRED },
            { max: 50, message: '名称不能超过50个字符' },
          ]}
        >
          <Input placeholder={NAME_REQUIRED} maxLength={50} />
        </Form.Item>
        <Form.Item
          name="custom_certificate_template_id"
          label="证书模板"
          rules={[{ required: true, message: TEMPLATE_REQUIRED }]}
        >
          <Select
            placeholder={TEMPLATE_REQUIRED}
            showSearch
            filterOption={false}
            onSearch={setTemplateSearch}
            loading={templates.isFetching}
            options={(templates.data?.list ?? []).map((t) => ({ value: t._id, label: t.template_name }))}
            notFoundContent={templates.isFetching ? '加载中…' : '暂无模板，请先新建模板'}
          />
        </Form.Item>
        <Form.Item
          name="file"
          label="数据文件"
          {...oneFileField}
          rules={[{ required: true, message: FILE_REQUIRED }]}
          extra="填写「下载批量模板」中的表格后上传（.xlsx）"
        >
          <FileUpload
            replace
            extensions={['xlsx']}
            typeMessage="请上传 .xlsx 格式的表格文件"
            buttonText="上传表格"
            onSendingChange={(file) => setSending((s) => ({ ...s, file }))}
          />
        </Form.Item>
        <Form.Item
          name="photo_zip"
          label="照片压缩包"
          {...oneFileField}
          extra="可选：.zip（不超过 2G），照片以身份证号、姓名-身份证号或序号命名"
        >
          <FileUpload
            {...PHOTO_ZIP_UPLOAD}
            onSendingChange={(photo_zip) => setSending((s) => ({ ...s, photo_zip }))}
          />
        </Form.Item>
      </Form>
      {rejection && (
        <section aria-label="上传问题">
          <Alert type="error" showIcon title={rejection.message} style={{ marginBottom: 12 }} />
          {rejection.errors.length > 0 && (
            <Table<UploadRowError & { key: number }>
              size="small"
              pagination={rejection.errors.length > 10 ? { pageSize: 10 } : false}
              dataSource={rejection.errors.map((e, key) => ({ ...e, key }))}
              columns={[
                { title: '行', dataIndex: 'row', width: 70, render: (row: number | null) => row ?? '-' },
                { title: '列', dataIndex: 'column', width: 140, render: (c: string | null) => c ?? '-' },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          )}
        </section>
      )}
    </Modal>
  );
}
