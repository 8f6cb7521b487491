import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import type { RecordFile } from '@skill-cert/shared/recordApplication';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { uploadFailedMessage } from '@/shared/components/image-upload/image-upload';
import { type UploadedFile, uploadFile } from '@/shared/components/image-upload/upload-file';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { errorMessage } from '@/shared/http';

export const FILE_SIZE_MESSAGE = '上传的文件大小不能超过 50M!';
export const fileLimitMessage = (limit: number) => `最多只能上传${limit}个文件`;

export interface FileUploadProps {
  value?: RecordFile[];
  onChange?: (files: RecordFile[]) => void;
  limit?: number;
  /** The file picker's filter, e.g. '.pdf,.doc,.docx'; the server checks the content anyway. */
  accept?: string;
  buttonText?: string;
  disabled?: boolean;
  id?: string;
}

type Item = UploadFile<UploadedFile>;

const toItem = (file: RecordFile): Item => ({
  uid: file.file_id,
  name: file.originName,
  status: 'done',
  url: file.webPath,
});

/**
 * Documents (PDF, Word, Excel, images, ZIP) sent to `POST /api/files/upload?type=any` through the app's HTTP
 * client; the value is the uploaded files. A refused upload shows '{message}，上传失败！' and leaves the list.
 */
export function FileUpload({
  value,
  onChange,
  limit = 1,
  accept,
  buttonText = '上传文件',
  disabled,
  id,
}: FileUploadProps) {
  const { message } = App.useApp();
  const { openPreview, previewDialog } = usePreviewDialog();
  const [uploading, setUploading] = useState<Item[]>([]);
  // Several uploads may finish between renders: each adds to the latest value, not the one it started with.
  const latest = useRef<RecordFile[]>(value ?? []);
  latest.current = value ?? [];
  const report = (files: RecordFile[]) => {
    latest.current = files;
    onChange?.(files);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (file.size > UPLOAD_MAX_BYTES) {
      message.error(FILE_SIZE_MESSAGE);
      return Upload.LIST_IGNORE;
    }
    if (latest.current.length + uploading.length + batch.indexOf(file) >= limit) {
      if (batch.indexOf(file) === 0 || latest.current.length + uploading.length >= limit)
        message.error(fileLimitMessage(limit));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<UploadedFile>['customRequest'] = ({ file, onSuccess, onError }) => {
    const name = typeof file === 'string' ? undefined : (file as File).name;
    uploadFile(file as Blob, 'any', name)
      .then((data) => onSuccess?.(data))
      .catch((error: unknown) => {
        message.error(uploadFailedMessage(errorMessage(error)));
        onError?.(error instanceof Error ? error : new Error(errorMessage(error)));
      });
  };

  const handleChange: UploadProps<UploadedFile>['onChange'] = ({ file }) => {
    if (file.status === 'uploading') {
      setUploading((items) => [...items.filter((i) => i.uid !== file.uid), file]);
      return;
    }
    setUploading((items) => items.filter((i) => i.uid !== file.uid));
    if (file.status === 'done' && file.response) {
      const { file_id, webPath, originName } = file.response;
      report([...latest.current, { file_id, webPath, originName: originName || file.name }]);
    } else if (file.status === 'removed') {
      report(latest.current.filter((f) => f.file_id !== file.uid));
    }
  };

  const items = [...(value ?? []).map(toItem), ...uploading];
  return (
    <>
      <Upload<UploadedFile>
        id={id}
        accept={accept}
        multiple={limit > 1}
        disabled={disabled}
        fileList={items}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={(item) => {
          const url = item.url ?? item.response?.webPath;
          if (url) openPreview({ url, name: item.name });
        }}
      >
        {items.length >= limit || disabled ? null : <Button icon={<UploadOutlined />}>{buttonText}</Button>}
      </Upload>
      {previewDialog}
    </>
  );
}
