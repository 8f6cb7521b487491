import type { UploadRejection, UploadRowError } from '@skill-cert/shared/customCertificate';
import { ApiCode } from '@skill-cert/shared/envelope';
import { AppError } from '../../lib/errors.ts';

/** Structural problems stop an upload: 400, the first problem as the message, every one in data.errors. */
export function uploadRejected(errors: UploadRowError[]): AppError {
  const [first] = errors;
  const message =
    errors.length === 1 ? first.message : `上传的文件有 ${errors.length} 处问题：${first.message}等`;
  return new AppError(ApiCode.BAD_REQUEST, message, { errors } satisfies UploadRejection);
}

export const problem = (
  message: string,
  row: number | null = null,
  column: string | null = null,
): UploadRowError => ({
  row,
  column,
  message,
});
