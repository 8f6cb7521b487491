import { z } from 'zod';

/** Envelope codes of spec §8. One table, read by the server and the web client alike. */
export const ApiCode = {
  OK: 200,
  OK_ALT: 200001,
  /** The client rejects with the whole body. */
  REJECT_BODY: 999,
  BAD_REQUEST: 400,
  /** The client shows an acknowledge dialog (提示 / 确定) with the message. */
  ACK_NOTICE: 61,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const isSuccessCode = (code: number): boolean => code === ApiCode.OK || code === ApiCode.OK_ALT;

/** The HTTP status that goes with an envelope code (spec §8, DESIGN.md "API contract"). */
export function httpStatusOf(code: number): number {
  if (isSuccessCode(code)) return 200;
  if ([400, 401, 403, 404, 413, 429, 500].includes(code)) return code;
  return 200;
}

/**
 * The envelope of a success answer, around the schema of its `data` (the response schema of a route; the
 * web app's request helpers infer their types from the same schema).
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data });

/** A success answer without data (`data: null`). */
export const noData = envelope(z.null());

/** Every failure (4xx, 5xx, and code 61 on HTTP 200): a Chinese message, `data` null or the details. */
export const errorEnvelope = z
  .object({ code: z.number(), message: z.string(), data: z.unknown() })
  .meta({ id: 'ErrorEnvelope', description: '失败的应答：message 为中文说明（400 时指明字段）' });

/**
 * A file answered as it is (PDF, zip, image): OpenAPI's binary string under its content types. The handler sends
 * a stream or a buffer, which no serializer touches.
 */
export const fileAnswer = (description: string, ...contentTypes: string[]) => ({
  description,
  content: Object.fromEntries(
    contentTypes.map((type) => [type, { schema: z.any().meta({ type: 'string', format: 'binary' }) }]),
  ),
});
