import { ApiCode, httpStatusOf } from '@skill-cert/shared/envelope';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, excerpt } from '../lib/errors.ts';

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
        const message = validationMessage(
          (error as { validationContext?: string }).validationContext,
          first.instancePath ?? '',
          { code: first.keyword, ...first.params, message: first.message } as ZodIssueLike,
        );
        return reply.status(400).send({ code: ApiCode.BAD_REQUEST, message, data: null });
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

/** The request parts a failed validation names when the failure is the part itself (not one of its fields). */
const partLabels: Record<string, string> = { body: '请求内容', querystring: '查询参数', params: '路径参数' };

/**
 * The 400 of a failed request schema: the schema's own message (ours are Chinese and name the field), or zod's
 * (`zodIssueText`, never echoing the input) after the field it concerns: 「sites[0].name」不能超过 50 个字符.
 */
export function validationMessage(
  part: string | undefined,
  instancePath: string,
  issue: ZodIssueLike,
): string {
  const own = [zodIssueText(issue, true), zodIssueText(issue, false)];
  if (!own.includes(issue.message)) return issue.message;
  const field = instancePath
    .split('/')
    .filter(Boolean)
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i ? `.${key}` : key))
    .join('');
  return `${field ? `「${excerpt(field, 40)}」` : (partLabels[part ?? ''] ?? '请求参数')}${issue.message}`;
}

/** The parts of a zod issue its message is made of (the input itself is never part of the text). */
export interface ZodIssueLike {
  code?: string;
  message: string;
  expected?: string;
  values?: readonly unknown[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  divisor?: number | bigint;
  input?: unknown;
}

const typeNames: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  date: '日期',
  array: '列表',
  tuple: '列表',
  set: '列表',
  object: '对象',
  record: '对象',
  map: '对象',
  file: '文件',
  null: '空值',
  nan: '数字',
};
const formatNames: Record<string, string> = {
  email: '邮箱地址',
  url: '网址',
  uuid: '编号',
  uuidv4: '编号',
  uuidv7: '编号',
  guid: '编号',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
};
const sizeUnits: Record<string, string> = { string: '个字符', array: '项', set: '项', file: '字节' };

/**
 * Zod's messages in Chinese (`z.config({ localeError })` in app.ts, instead of zod's zh-CN locale, which left
 * `期望 string，实际接收 boolean` and `期望 int <=9007199254740991`): short, naming no type or check in English,
 * never quoting the input. `missing`: the issue's input was absent (the final issue no longer carries it).
 */
export function zodIssueText(issue: ZodIssueLike, missing = issue.input === undefined): string {
  const limit = (n: number | bigint | undefined) => String(n);
  switch (issue.code) {
    case 'invalid_type':
      return missing ? '不能为空' : `应为${typeNames[issue.expected ?? ''] ?? '正确的格式'}`;
    case 'invalid_value': {
      const values = (issue.values ?? []).map((v) => (typeof v === 'string' ? v : String(v)));
      return values.length === 1 ? `只能是 ${values[0]}` : `只能是以下之一：${values.join('、')}`;
    }
    case 'too_big': {
      const unit = sizeUnits[issue.origin ?? ''];
      if (unit) return `不能超过 ${limit(issue.maximum)} ${unit}`;
      return issue.inclusive === false
        ? `应小于 ${limit(issue.maximum)}`
        : `不能大于 ${limit(issue.maximum)}`;
    }
    case 'too_small': {
      const unit = sizeUnits[issue.origin ?? ''];
      if (unit) return Number(issue.minimum) <= 1 ? '不能为空' : `不能少于 ${limit(issue.minimum)} ${unit}`;
      return issue.inclusive === false
        ? `应大于 ${limit(issue.minimum)}`
        : `不能小于 ${limit(issue.minimum)}`;
    }
    case 'invalid_format':
      if (issue.format === 'starts_with') return `应以“${issue.prefix}”开头`;
      if (issue.format === 'ends_with') return `应以“${issue.suffix}”结尾`;
      if (issue.format === 'includes') return `应包含“${issue.includes}”`;
      return formatNames[issue.format ?? ''] ? `不是有效的${formatNames[issue.format ?? '']}` : '格式不正确';
    case 'not_multiple_of':
      return `应为 ${limit(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return '含有不支持的字段';
    case 'invalid_key':
      return '含有无效的键';
    case 'invalid_element':
      return '含有无效的值';
    default:
      return '格式不正确';
  }
}
