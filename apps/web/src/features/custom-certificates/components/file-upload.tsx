import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFailedMessage } from '@/shared/components/image-upload/image-upload';
import type { UploadedFile } from '@/shared/components/image-upload/upload-file';
import { fileExtension } from '@/shared/components/preview-dialog/preview-kind';
import { errorMessage } from '@/shared/http';
import { UPLOAD_CANCELLED_MESSAGE, uploadDocument } from '../api/download-file';

/** The control's value: the uploaded file. */
export interface UploadedDocument {
  file_id: string;
  name: string;
}

/** One file at a time: the uploading item and the uploaded one are the same list item (no exit animation). */
const ITEM_UID = 'document';

export const FILE_SIZE_MESSAGE = '上传的文件大小不能超过 50M!';

/** The list item's text while a file is sent: a photos zip of 2 GB takes minutes, so the share sent shows. */
export const uploadingName = (name: string, percent: number) => `${name}（已上传 ${percent}%）`;

/**
 * One file of a given extension (the batch spreadsheet, the photos zip), sent to
 * `POST /api/files/upload` (no 60 s limit: see uploadDocument); a file over `maxBytes` is refused before it
 * is sent; while it is sent the item shows the percentage, and removing it cancels the upload; a refused upload
 * shows '{message}，上传失败！' and leaves the list.
 */
export function FileUpload({
  value,
  onChange,
  extension,
  typeMessage,
  buttonText,
  maxBytes = UPLOAD_MAX_BYTES,
  sizeMessage = FILE_SIZE_MESSAGE,
  id,
  onSendingChange,
}: {
  value?: UploadedDocument | null;
  onChange?: (file: UploadedDocument | null) => void;
  /** Without the dot: 'xlsx', 'zip'. */
  extension: string;
  typeMessage: string;
  buttonText: string;
  /** Default: 50 MB (spec §9). */
  maxBytes?: number;
  sizeMessage?: string;
  id?: string;
  /** True while a file is being sent (its value is not set yet), false when it has arrived, failed or been cancelled. */
  onSendingChange?: (sending: boolean) => void;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<UploadFile | null>(null);
  const sending = useRef<AbortController | null>(null);
  // Leaving the page (or closing the dialog) stops an upload nobody will use.
  useEffect(() => () => sending.current?.abort(), []);
  const items: UploadFile[] = uploading
    ? [uploading]
    : value
      ? [{ uid: ITEM_UID, name: value.name, status: 'done' }]
      : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (fileExtension(file.name) !== extension) {
      message.error(typeMessage);
      return Upload.LIST_IGNORE;
    }
    if (file.size > maxBytes) {
      message.error(sizeMessage);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<UploadedFile>['customRequest'] = ({ file }) => {
    const picked = file as File;
    // A file picked while another is still being sent replaces it: the first is cancelled, not raced.
    sending.current?.abort();
    const controller = new AbortController();
    sending.current = controller;
    const show = (percent: number) =>
      setUploading({
        uid: ITEM_UID,
        name: uploadingName(picked.name, percent),
        status: 'uploading',
        percent,
      });
    show(0);
    onSendingChange?.(true);
    uploadDocument(picked, { signal: controller.signal, onProgress: show })
      .then((data) => onChange?.({ file_id: data.file_id, name: data.originName || picked.name }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) message.error(uploadFailedMessage(errorMessage(error)));
        // Cancelled by the user (removed, dialog left); one replaced by a newer file goes without a word.
        else if (sending.current === controller) message.info(UPLOAD_CANCELLED_MESSAGE);
      })
      .finally(() => {
        if (sending.current !== controller) return; // a newer file replaced this one and is still being sent
        sending.current = null;
        setUploading(null);
        onSendingChange?.(false);
      });
  };

  return (
    <Upload<UploadedFile>
      id={id}
      accept={`.${extension}`}
      maxCount={1}
      fileList={items}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={() => {
        if (sending.current) {
          sending.current.abort();
          return true;
        }
        onChange?.(null);
        return true;
      }}
    >
      {!uploading && <Button icon={<UploadOutlined />}>{value ? '重新上传' : buttonText}</Button>}
    </Upload>
  );
}
