import { z } from 'zod';

export * from './api-codes.ts';

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
