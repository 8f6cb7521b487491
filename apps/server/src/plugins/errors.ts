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
    // PostgreSQL refuses U+0000 in text: a NUL anywhere in the input is a 400 naming the field, never a 500.
    app.addHook('preValidation', async (request) => {
      for (const [part, value] of [
        ['路径', request.params],
        ['参数', request.query],
        ['内容', request.body],
      ] as const) {
        const field = nulField(value, '');
        if (field !== null)
          throw new AppError(
            ApiCode.BAD_REQUEST,
            `${field ? `「${field}」` : `请求的${part}`}不能包含空字符`,
          );
      }
    });

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
      const duplicate = uniqueViolationMessage(error);
      if (duplicate) {
        request.log.info({ constraint: databaseError(error)?.constraint }, 'unique violation');
        return reply.status(400).send({ code: ApiCode.BAD_REQUEST, message: duplicate, data: null });
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

/**
 * A unique constraint refused a row (PostgreSQL 23505): two requests raced past the service's own check (a
 * double click, two tabs). What the user is told, by constraint, else a general message.
 */
const uniqueMessages: Record<string, string> = {
  companies_credit_code_unique: '该统一社会信用代码已注册，请联系该企业管理员邀请您加入',
  users_phone_key: '该手机号已被其他账号使用',
  users_name_key: '该名称已被其他账号用作用户名，请加以区分（如 张三2）',
  company_members_company_id_user_id_pk: '该用户已是本企业成员',
};
export const DUPLICATE_MESSAGE = '该记录已存在，请勿重复提交';

/** The driver's error behind a failed query (drizzle wraps it in `cause`), when it has a SQLSTATE. */
function databaseError(error: unknown): { code: string; constraint?: string } | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The Chinese message for a unique violation, or null when the error is something else. */
export function uniqueViolationMessage(error: unknown): string | null {
  const found = databaseError(error);
  if (found?.code !== '23505') return null;
  return (found.constraint && uniqueMessages[found.constraint]) || DUPLICATE_MESSAGE;
}

/** The path of the first string holding U+0000 (a key too), '' at the top; null when there is none. */
function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulField(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Our schemas carry Chinese messages that name the field; zod's own messages get the field prefixed. */
function fieldMessage(field: string, message: string): string {
  if (/[\u4e00-\u9fa5]/.test(message) && !message.startsWith('无效')) return message;
  return field ? `参数 ${field} 不正确：${message}` : `请求参数不正确：${message}`;
}
