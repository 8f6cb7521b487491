/*
 * The envelope's codes and shape without zod (the web app's HTTP client reads them on the sign-in page, which loads no
 * zod); `envelope.ts` re-exports them beside the response schemas.
 */

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
  /** A save from a stale page (another tab saved first): refused, nothing overwritten. */
  CONFLICT: 409,
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
  if ([400, 401, 403, 404, 409, 413, 429, 500].includes(code)) return code;
  return 200;
}
