import {
  type ArchiveItemBody,
  type ArchiveVolumeValue,
  archiveVolumeName,
  UPLOAD_VOLUMES,
} from '@skill-cert/shared/archives';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';

/** What a user may add to an archive: documents, spreadsheets, scans and photos, or a ZIP of them. */
export const ARCHIVE_UPLOAD_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'zip',
] as const;
export const ARCHIVE_UPLOAD_TYPE_MESSAGE = '请上传 PDF、Word、Excel、JPG/PNG 图片或 ZIP 压缩包';
export const ARCHIVE_UPLOAD_HINT = 'PDF、Word、Excel、JPG/PNG 图片或 ZIP 压缩包，不超过 50M';

interface Values {
  volume: ArchiveVolumeValue;
  files: UploadedItem[];
  name: string;
}

const volumeOptions = UPLOAD_VOLUMES.map((v) => ({ value: v, label: `第${v}卷 ${archiveVolumeName(v)}` }));

/**
 * 上传材料: a volume that takes uploads (3 过程记录, 4 试卷与结果), one file through the app's upload control, and
 * an optional name; 确定 adds it to the archive.
 */
export function UploadItemDialog({
  volume,
  pending,
  onCancel,
  onSubmit,
}: {
  /** The volume it was opened from; null closes the dialog. */
  volume: ArchiveVolumeValue | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (body: ArchiveItemBody) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const unsaved = useUnsavedForm(form, volume !== null);
  const [sending, setSending] = useState(false);
  const submit = useAction((values: Values) => {
    const file = values.files[0]!;
    const name = values.name.trim();
    return unsaved
      .whileSaving(() =>
        onSubmit({ volume: values.volume, file_id: file.file_id, ...(name ? { name } : {}) }),
      )
      .catch(() => undefined);
  });
  return (
    <Modal
      open={volume !== null}
      title="上传材料"
      okText="确定"
      cancelText="取消"
      confirmLoading={pending || submit.running}
      okButtonProps={{ disabled: sending }}
      onCancel={() => unsaved.confirmDiscard(onCancel)}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        aria-label="上传材料"
        layout="vertical"
        initialValues={{ volume: volume ?? UPLOAD_VOLUMES[0], files: [], name: '' }}
        onFinish={(values) => void submit.run(values)}
        clearOnDestroy
      >
        <Form.Item name="volume" label="卷" rules={[{ required: true, message: '请选择卷' }]}>
          <Radio.Group options={volumeOptions} />
        </Form.Item>
        <Form.Item
          name="files"
          label="材料文件"
          rules={[{ required: true, type: 'array', min: 1, message: '请上传材料文件' }]}
          extra={ARCHIVE_UPLOAD_HINT}
        >
          <FileUpload
            replace
            extensions={ARCHIVE_UPLOAD_EXTENSIONS}
            typeMessage={ARCHIVE_UPLOAD_TYPE_MESSAGE}
            buttonText="选择文件"
            onSendingChange={setSending}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="材料名称"
          rules={[{ max: 100, message: '材料名称不能超过100个字符' }]}
          extra="不填则使用文件名"
        >
          <Input placeholder="例如：签到表（第一场）" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
