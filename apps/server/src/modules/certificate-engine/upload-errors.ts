import type { UploadRejection, UploadRowError } from '@skill-cert/shared/custom-certificates';
import { ApiCode } from '@skill-cert/shared/envelope';
import { AppError } from '../../lib/errors.ts';

/** Structural problems stop an upload: 400, the first problem in the message, every one in data.errors. */
export function uploadRejected(errors: UploadRowError[]): AppError {
  const [first] = errors;
  const message =
    errors.length === 1
      ? first.message
      : `上传的文件有 ${errors.length} 处问题，请全部改正后重新上传。第 1 处：${first.message}`;
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
