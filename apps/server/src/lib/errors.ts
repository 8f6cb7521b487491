import { ApiCode, httpStatusOf } from '@skill-cert/shared/envelope';

/** An error that reaches the user as an envelope with this code and Chinese message. */
export class AppError extends Error {
  readonly code: number;
  readonly statusCode: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = httpStatusOf(code);
    this.data = data;
  }
}

export const badRequest = (message: string) => new AppError(ApiCode.BAD_REQUEST, message);
export const unauthorized = (message = '您已退出，请重新登录!') =>
  new AppError(ApiCode.UNAUTHORIZED, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(ApiCode.FORBIDDEN, message);
export const notFound = (message = '数据不存在或已删除') => new AppError(ApiCode.NOT_FOUND, message);
export const tooManyRequests = (message: string) => new AppError(ApiCode.TOO_MANY_REQUESTS, message);
/** Acknowledge notice (code 61): the client shows the message in a 提示 dialog. */
export const ackNotice = (message: string) => new AppError(ApiCode.ACK_NOTICE, message);

/** At most `max` characters of something the caller sent, so a message never echoes a long input back. */
export const excerpt = (text: string, max = 20): string =>
  [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;
