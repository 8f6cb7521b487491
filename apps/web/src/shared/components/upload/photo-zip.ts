import { PHOTO_ZIP_MAX_BYTES, PHOTO_ZIP_SIZE_MESSAGE } from '@skill-cert/shared/custom-certificates';
import type { FileUploadProps } from './file-upload';

/** The upload control's settings for one zip of photos (up to 2 GB; a new pick replaces it): spread on FileUpload. */
export const PHOTO_ZIP_UPLOAD = {
  replace: true,
  extensions: ['zip'],
  typeMessage: '请上传 .zip 格式的压缩包',
  buttonText: '上传照片压缩包',
  maxBytes: PHOTO_ZIP_MAX_BYTES,
  sizeMessage: PHOTO_ZIP_SIZE_MESSAGE,
} as const satisfies Partial<FileUploadProps>;
