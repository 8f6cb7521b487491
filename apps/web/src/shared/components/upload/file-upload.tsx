import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_DEFAULT_LIMIT, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { fileExtension } from '@/shared/components/preview-dialog/preview-kind';
import { UPLOAD_CANCELLED_MESSAGE, type UploadedFile, uploadFile } from '@/shared/files';
import { errorMessage } from '@/shared/http';

/** One uploaded file of the control's value. */
export interface UploadedItem {
  file_id: string;
  webPath: string;
  name?: string;
}

/** The texts of spec §5 and §8. */
export const IMAGE_TYPE_MESSAGE = '请上传 JPG/PNG/JPEG 格式图片!';
export const IMAGE_SIZE_MESSAGE = '上传的图片文件大小不能超过 50M!';
export const FILE_SIZE_MESSAGE = '上传的文件大小不能超过 50M!';
export const imageLimitMessage = (limit: number): string => `最多只能上传${limit}张图片`;
export const fileLimitMessage = (limit: number): string => `最多只能上传${limit}个文件`;
/**
 * '{message}，上传失败！' (spec §8), once. A message that is already a whole sentence of the spec (the server's
 * '请上传 JPG/PNG/JPEG 格式图片!') is shown alone rather than as '…!，上传失败！'.
 */
export const uploadFailedMessage = (message: string): string =>
  /[!！。]$/.test(message) ? message : `${message}，上传失败！`;
/** The item's text while a file is sent: a photos zip of 2 GB takes minutes, so the share sent shows. */
export const uploadingName = (name: string, percent: number) => `${name}（已上传 ${percent}%）`;

const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'];

/**
 * A form field that holds one uploaded file (or null) through this control, which speaks in lists: spread on the
 * Form.Item (`<Form.Item name="file" {...oneFileField}>`).
 */
export const oneFileField = {
  getValueProps: (file: UploadedItem | null | undefined) => ({ value: file ? [file] : [] }),
  normalize: (files: UploadedItem[]) => files[0] ?? null,
};

/** JPG / JPEG / PNG by extension, or by type when the name has none. */
export function isAllowedImage(file: { name: string; type: string }): boolean {
  const extension = fileExtension(file.name);
  if (extension) return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(extension);
  return IMAGE_MIME_TYPES.includes(file.type);
}

export interface FileUploadProps {
  /** `image`: picture cards, JPG/PNG/JPEG only (spec §5); `file`: a button and a list of names. */
  kind?: 'image' | 'file';
  value?: UploadedItem[];
  onChange?: (items: UploadedItem[]) => void;
  /** How many files at most: images 1000 unless told (spec §9), files 1. */
  limit?: number;
  /** A file's allowed extensions without the dot ('xlsx', 'zip'); any when absent. Images: jpg, jpeg, png. */
  extensions?: readonly string[];
  typeMessage?: string;
  /** Default 50 MB (spec §9). */
  maxBytes?: number;
  sizeMessage?: string;
  /** One file that a new pick replaces (重新上传), instead of a full control refusing more. */
  replace?: boolean;
  buttonText?: string;
  disabled?: boolean;
  id?: string;
  /** What the form item says of the field (its error, its hint) and whether it is invalid: given by Form.Item. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** True while a file is being sent, false when it has arrived, failed or been cancelled. */
  onSendingChange?: (sending: boolean) => void;
}

interface Sending {
  item: UploadFile<UploadedFile>;
  controller: AbortController;
}

/** The list item of a `replace` control, whichever file it shows. */
const ONE_FILE_UID = 'one-file';

const toItem = (file: UploadedItem): UploadFile<UploadedFile> => ({
  uid: file.file_id,
  name: file.name ?? '图片',
  status: 'done',
  url: file.webPath,
});

/**
 * The upload control of the app (spec §2, §5, §8): images, documents or a zip, sent to `POST /api/files/upload`
 * with the session's token, or, on object storage, straight to the bucket and registered (uploadFile). While a file is sent its item shows the share sent, and removing it cancels the
 * upload; a file of the wrong type or over the size or count is refused before it is sent; a refused upload shows
 * '{message}，上传失败！' once and leaves the list.
 */
export function FileUpload({
  kind = 'file',
  value,
  onChange,
  limit = kind === 'image' ? UPLOAD_DEFAULT_LIMIT : 1,
  extensions,
  typeMessage = kind === 'image' ? IMAGE_TYPE_MESSAGE : '文件格式不正确',
  maxBytes = UPLOAD_MAX_BYTES,
  sizeMessage = kind === 'image' ? IMAGE_SIZE_MESSAGE : FILE_SIZE_MESSAGE,
  replace = false,
  buttonText = kind === 'image' ? '上传图片' : '上传文件',
  disabled,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  onSendingChange,
}: FileUploadProps) {
  const { message } = App.useApp();
  const { openPreview, previewDialog } = usePreviewDialog();
  const [sending, setSending] = useState<Sending[]>([]);
  const live = useRef<Sending[]>([]);
  // Several uploads may finish between renders: each adds to the latest value, not the one it started with.
  const latest = useRef<UploadedItem[]>(value ?? []);
  latest.current = value ?? [];
  /** The batch that already got the over-limit message, so picking 5 files over the limit says it once. */
  const warnedBatch = useRef<unknown>(null);
  // Leaving the page (or closing the dialog) stops uploads nobody will use.
  useEffect(
    () => () => {
      for (const s of live.current) s.controller.abort();
    },
    [],
  );

  const update = (next: Sending[]) => {
    const wasSending = live.current.length > 0;
    live.current = next;
    setSending(next);
    if (wasSending !== next.length > 0) onSendingChange?.(next.length > 0);
  };
  const report = (items: UploadedItem[]) => {
    latest.current = items;
    onChange?.(items);
  };

  const typeAllowed = (file: File) =>
    kind === 'image' ? isAllowedImage(file) : !extensions || extensions.includes(fileExtension(file.name));

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (!typeAllowed(file)) {
      message.error(typeMessage);
      return Upload.LIST_IGNORE;
    }
    if (file.size > maxBytes) {
      message.error(sizeMessage);
      return Upload.LIST_IGNORE;
    }
    if (replace) return true;
    const acceptedBefore = batch
      .slice(0, batch.indexOf(file))
      .filter((f) => typeAllowed(f) && f.size <= maxBytes).length;
    if (latest.current.length + live.current.length + acceptedBefore >= limit) {
      if (warnedBatch.current !== batch) {
        warnedBatch.current = batch;
        message.error(kind === 'image' ? imageLimitMessage(limit) : fileLimitMessage(limit));
      }
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<UploadedFile>['customRequest'] = ({ file }) => {
    const picked = file as File & { uid: string };
    // In replace mode a file picked while another is still being sent replaces it: the first is cancelled.
    if (replace) for (const s of live.current) s.controller.abort();
    const controller = new AbortController();
    const show = (percent: number) => {
      const item: UploadFile<UploadedFile> = {
        uid: picked.uid,
        name: kind === 'image' ? picked.name : uploadingName(picked.name, percent),
        status: 'uploading',
        percent,
      };
      update([
        ...live.current.filter((s) => s.item.uid !== picked.uid && !s.controller.signal.aborted),
        { item, controller },
      ]);
    };
    show(0);
    uploadFile(picked, {
      kind: kind === 'image' ? 'image' : 'any',
      signal: controller.signal,
      onProgress: show,
    })
      .then((data) => {
        const uploaded = {
          file_id: data.file_id,
          webPath: data.webPath,
          name: data.originName || picked.name,
        };
        report(replace ? [uploaded] : [...latest.current, uploaded]);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) message.error(uploadFailedMessage(errorMessage(error)));
        // Cancelled by the user; one replaced by a newer file goes without a word.
        else if (live.current.some((s) => s.controller === controller))
          message.info(UPLOAD_CANCELLED_MESSAGE);
      })
      .finally(() => update(live.current.filter((s) => s.controller !== controller)));
  };

  const items = [...(value ?? []).map(toItem), ...sending.map((s) => s.item)];
  // One file at a time: the uploading item and the uploaded one are the same list item (no exit animation).
  const shown = replace ? items.slice(-1).map((item) => ({ ...item, uid: ONE_FILE_UID })) : items;
  const full = !replace && items.length >= limit;
  let trigger: React.ReactNode = null;
  if (!disabled && !full && !(replace && sending.length > 0))
    trigger =
      kind === 'image' ? (
        <button
          type="button"
          aria-describedby={describedBy}
          style={{ border: 0, background: 'none', cursor: 'pointer' }}
        >
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{buttonText}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />} aria-describedby={describedBy}>
          {replace && value?.length ? '重新上传' : buttonText}
        </Button>
      );

  return (
    <>
      {/* The field's error reaches the file input the label names, and the button a screen reader is on. */}
      <Upload<UploadedFile>
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        listType={kind === 'image' ? 'picture-card' : 'text'}
        accept={kind === 'image' ? '.jpg,.jpeg,.png' : extensions?.map((e) => `.${e}`).join(',')}
        multiple={!replace && limit > 1}
        disabled={disabled}
        fileList={shown}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(item) => {
          const upload = replace ? live.current[0] : live.current.find((s) => s.item.uid === item.uid);
          if (upload) upload.controller.abort();
          else report(replace ? [] : latest.current.filter((f) => f.file_id !== item.uid));
          return true;
        }}
        onPreview={(item) => {
          if (item.url)
            openPreview({ url: item.url, name: item.name, kind: kind === 'image' ? 'image' : undefined });
        }}
      >
        {trigger}
      </Upload>
      {previewDialog}
    </>
  );
}
