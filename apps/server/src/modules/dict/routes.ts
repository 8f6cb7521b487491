import { dictData } from '@skill-cert/shared/dict';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, excerpt } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { dictionaries } from './dictionaries.ts';

const dictBody = z.object({
  'params[]': z
    .union([z.string(), z.array(z.string())], { error: '请指定要获取的字典 params[]' })
    .transform((v) => (Array.isArray(v) ? v : [v])),
});

/** `POST /api/dict`: body is a query string of `params[]` names (spec §7); data maps each name to its options. */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const parsed: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(String(body))) {
      const prev = parsed[key];
      parsed[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
    done(null, parsed);
  });

  app.post(
    '/api/dict',
    { config: { access: SIGNED_IN }, schema: { response: { 200: envelope(dictData) }, body: dictBody } },
    async (req) => {
      const names = req.body['params[]'].map((n) => n.trim()).filter(Boolean);
      const unknown = names.filter((n) => !(n in dictionaries));
      if (unknown.length)
        throw badRequest(
          `字典不存在：${unknown
            .slice(0, 3)
            .map((n) => excerpt(n))
            .join('、')}${unknown.length > 3 ? ' 等' : ''}`,
        );
      return ok(Object.fromEntries(names.map((n) => [n, dictionaries[n]])));
    },
  );
};
