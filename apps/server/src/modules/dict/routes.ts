import {
  DICT_VERSION_HEADER,
  dictData,
  dictItemBody,
  dictItemList,
  dictItemRow,
  dictionaryList,
} from '@skill-cert/shared/dict';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { RoleType } from '@skill-cert/shared/roles';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import {
  createDictItem,
  DictionaryStore,
  deleteDictItem,
  findDictItem,
  listDictItems,
  listDictionaries,
  updateDictItem,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dictionaries `POST /api/dict` serves, kept in memory (modules/dict/service.ts). */
    dictionaries: DictionaryStore;
  }
}

/**
 * The served dictionaries in memory, dropped when any instance changes one (the bus), and their version on every
 * `/api` answer (`X-Dict-Version`): a browser whose kept copy is of another version asks again, so a reload shows a
 * change at once and a page left open within the 30 minutes of spec §9 (docs/decisions.md "Dictionaries are data").
 */
export const dictPlugin = fp(
  async (app) => {
    const store = new DictionaryStore(app.db, app.database.writes);
    app.decorate('dictionaries', store);
    const unsubscribe = app.bus.subscribe('sc_dict', () => store.forget());
    app.addHook('onClose', async () => unsubscribe());
    app.addHook('onSend', async (req, reply, payload) => {
      if (!req.url.startsWith('/api/')) return payload;
      try {
        reply.header(DICT_VERSION_HEADER, (await store.snapshot()).version);
      } catch (err) {
        req.log.warn({ err }, '字典版本读取失败');
      }
      return payload;
    });
  },
  { name: 'dict', dependencies: ['bus'] },
);

const dictBody = z.object({
  'params[]': z
    .union([z.string(), z.array(z.string())], { error: '请指定要获取的字典 params[]' })
    .transform((v) => (Array.isArray(v) ? v : [v])),
});
const nameParams = z.object({ name: z.string().max(100, '字典不存在') });
const idParams = z.object({ id: z.string().uuid('字典项不存在或已删除') });

/**
 * `POST /api/dict`: body is a query string of `params[]` names (spec §7); data maps each name to its enabled options
 * in order. 字典管理 (`/dict`, platform keys `platform:dict:list` / `platform:dict:edit`): the dictionaries and their
 * items; a change tells every instance (the bus) and so every browser (the version header).
 */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);
  const changed = async () => {
    app.dictionaries.forget();
    await app.bus.publish('sc_dict', { changed: true });
  };
  const itemBefore = async (req: { params: unknown }) => findDictItem(db, (req.params as { id: string }).id);

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
    async (req) =>
      ok(await app.dictionaries.serve(req.body['params[]'].map((n) => n.trim()).filter(Boolean))),
  );

  app.get(
    '/api/dictionaries',
    { preHandler: platform('platform:dict:list'), schema: { response: { 200: envelope(dictionaryList) } } },
    async () => ok(await listDictionaries(db)),
  );

  app.get(
    '/api/dictionaries/:name/items',
    {
      preHandler: platform('platform:dict:list'),
      schema: { params: nameParams, response: { 200: envelope(dictItemList) } },
    },
    async (req) => ok(await listDictItems(db, req.params.name)),
  );

  app.post(
    '/api/dictionaries/:name/items',
    {
      preHandler: platform('platform:dict:edit'),
      config: { audit: { label: '新增字典项' } },
      schema: { params: nameParams, body: dictItemBody, response: { 200: envelope(dictItemRow) } },
    },
    async (req) => {
      const row = await createDictItem(db, req.params.name, req.body);
      await changed();
      return ok(row, '保存成功');
    },
  );

  app.put(
    '/api/dictItems/:id',
    {
      preHandler: platform('platform:dict:edit'),
      config: { audit: { label: '修改字典项', before: itemBefore } },
      schema: { params: idParams, body: dictItemBody, response: { 200: envelope(dictItemRow) } },
    },
    async (req) => {
      const row = await updateDictItem(db, req.params.id, req.body);
      await changed();
      return ok(row, '保存成功');
    },
  );

  app.delete(
    '/api/dictItems/:id',
    {
      preHandler: platform('platform:dict:edit'),
      config: { audit: { label: '删除字典项', before: itemBefore } },
      schema: { params: idParams, response: { 200: noData } },
    },
    async (req) => {
      await deleteDictItem(db, req.params.id);
      await changed();
      return ok(null, '删除成功');
    },
  );
};
