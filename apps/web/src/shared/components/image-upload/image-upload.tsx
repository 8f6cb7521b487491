import { PlusOutlined } from '@ant-design/icons';
import { UPLOAD_DEFAULT_LIMIT, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { fileExtension } from '@/shared/components/preview-dialog/preview-kind';
import { errorMessage } from '@/shared/http';
import { type UploadedFile, uploadFile } from './upload-file';

/** One image of the control's value. */
export interface UploadedImage {
  file_id: string;
  webPath: string;
  name?: string;
}

/** The texts of spec §5 and §8. */
export const IMAGE_TYPE_MESSAGE = '请上传 JPG/PNG/JPEG 格式图片!';
export const IMAGE_SIZE_MESSAGE = '上传的图片文件大小不能超过 50M!';
export const imageLimitMessage = (limit: number): string => `最多只能上传${limit}张图片`;
export const uploadFailedMessage = (message: string): string => `${message}，上传失败！`;

const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'];

/** JPG / JPEG / PNG by extension, or by type when the name has none. */
export function isAllowedImage(file: { name: string; type: string }): boolean {
  const extension = fileExtension(file.name);
  if (extension) return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(extension);
  return IMAGE_MIME_TYPES.includes(file.type);
}

export interface ImageUploadProps {
  value?: UploadedImage[];
  onChange?: (images: UploadedImage[]) => void;
  /** How many images at most (spec §9: 1000 unless told; the regenerate dialog uses 1). */
  limit?: number;
  disabled?: boolean;
  id?: string;
}

type Item = UploadFile<UploadedFile>;

const toItem = (image: UploadedImage): Item => ({
  uid: image.file_id,
  name: image.name ?? '图片',
  status: 'done',
  url: image.webPath,
});

const toImage = (item: Item): UploadedImage | null => {
  const file_id = item.response?.file_id ?? (item.url ? item.uid : undefined);
  const webPath = item.response?.webPath ?? item.url;
  return item.status === 'done' && file_id && webPath ? { file_id, webPath, name: item.name } : null;
};

/**
 * Image upload (spec §2, §5, §8): JPG/PNG/JPEG up to 50 MB each, at most `limit` images, sent to
 * `POST /api/files/upload?type=image` through the app's HTTP client (which adds the session's
 * Authorization header). A refused upload shows '{message}，上传失败！' and leaves the list.
 */
export function ImageUpload({
  value,
  onChange,
  limit = UPLOAD_DEFAULT_LIMIT,
  disabled,
  id,
}: ImageUploadProps) {
  const { message } = App.useApp();
  const { openPreview, previewDialog } = usePreviewDialog();
  const [items, setItems] = useState<Item[]>(() => (value ?? []).map(toItem));
  /** The value this control last reported, to tell it from a value set by the form. */
  const reported = useRef<UploadedImage[] | undefined>(value);
  /** The batch that already got the over-limit message, so picking 5 files over the limit says it once. */
  const warnedBatch = useRef<unknown>(null);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setItems((current) => [
      ...(value ?? []).map(toItem),
      ...current.filter((item) => item.status === 'uploading'),
    ]);
  }, [value]);

  const report = (next: Item[]) => {
    const images = next.map(toImage).filter((image): image is UploadedImage => image !== null);
    reported.current = images;
    onChange?.(images);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (!isAllowedImage(file)) {
      message.error(IMAGE_TYPE_MESSAGE);
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      message.error(IMAGE_SIZE_MESSAGE);
      return Upload.LIST_IGNORE;
    }
    const acceptedBefore = batch
      .slice(0, batch.indexOf(file))
      .filter((f) => isAllowedImage(f) && f.size <= UPLOAD_MAX_BYTES).length;
    if (items.length + acceptedBefore >= limit) {
      if (warnedBatch.current !== batch) {
        warnedBatch.current = batch;
        message.error(imageLimitMessage(limit));
      }
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<UploadedFile>['customRequest'] = ({ file, onSuccess, onError }) => {
    const name = typeof file === 'string' ? undefined : (file as File).name;
    uploadFile(file as Blob, 'image', name)
      .then((data) => onSuccess?.(data))
      .catch((error: unknown) => {
        message.error(uploadFailedMessage(errorMessage(error)));
        onError?.(error instanceof Error ? error : new Error(errorMessage(error)));
      });
  };

  const handleChange: UploadProps<UploadedFile>['onChange'] = ({ file, fileList }) => {
    const next = fileList
      .filter((item) => item.status !== 'error')
      .map((item) =>
        item.status === 'done' && !item.url && item.response ? { ...item, url: item.response.webPath } : item,
      );
    setItems(next);
    if (file.status === 'done' || file.status === 'removed') report(next);
  };

  return (
    <>
      <Upload<UploadedFile>
        id={id}
        listType="picture-card"
        accept=".jpg,.jpeg,.png"
        multiple={limit > 1}
        disabled={disabled}
        fileList={items}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={(item) => {
          const url = item.url ?? item.response?.webPath;
          if (url) openPreview({ url, name: item.name, kind: 'image' });
        }}
      >
        {items.length >= limit || disabled ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传图片</div>
          </button>
        )}
      </Upload>
      {previewDialog}
    </>
  );
}
