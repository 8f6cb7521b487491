import { ApiCode, httpStatusOf } from '@skill-cert/shared/envelope';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/**
 * The error half of the envelope contract (spec §8): every failure leaves as `{ code, message, data }`
 * with a Chinese message; bad input is 400 naming the field; 5xx details are logged, never sent.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send({ code: error.code, message: error.message, data: error.data });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        return reply
          .status(400)
          .send({ code: ApiCode.BAD_REQUEST, message: fieldMessage(field, first.message ?? ''), data: null });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .status(429)
          .send({ code: ApiCode.TOO_MANY_REQUESTS, message: '请求过于频繁，请稍后再试', data: null });
      }
      if (status < 500) {
        const message = clientErrorMessages[error.code] ?? (status === 413 ? '上传内容过大' : '请求无效');
        const code = [400, 401, 403, 404, 413].includes(status) ? status : ApiCode.BAD_REQUEST;
        return reply.status(httpStatusOf(code)).send({ code, message, data: null });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ code: ApiCode.SERVER_ERROR, message: '服务器繁忙，请稍后重试', data: null });
    });
  },
  { name: 'errors' },
);

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_REQ_FILE_TOO_LARGE: '上传的文件大小不能超过 50M!',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请使用 multipart/form-data 上传文件',
};

/** Our schemas carry Chinese messages that name the field; zod's own messages get the field prefixed. */
function fieldMessage(field: string, message: string): string {
  if (/[\u4e00-\u9fa5]/.test(message) && !message.startsWith('无效')) return message;
  return field ? `参数 ${field} 不正确：${message}` : `请求参数不正确：${message}`;
}
