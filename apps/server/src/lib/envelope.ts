import { ApiCode, type Envelope } from '@skill-cert/shared/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The success envelope every handler returns (spec §8). */
export const ok = <T>(data: T, message = '操作成功'): Envelope<T> => ({ code: ApiCode.OK, message, data });

/**
 * A handler for a large answer that never changes (the region tree): `ok(data())` is
 * serialized on first use and that string sent ever after, which no serializer touches (contract.test.ts checks
 * these answers against their schemas instead).
 */
export function okOnce(data: () => unknown, cacheControl: string) {
  let body: string | undefined;
  return async (_req: FastifyRequest, reply: FastifyReply) => {
    body ??= JSON.stringify(ok(data()));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(body);
  };
}
