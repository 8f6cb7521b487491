import { regionTree } from '@skill-cert/shared/area';
import { envelope } from '@skill-cert/shared/envelope';
import { occupationCatalogue } from '@skill-cert/shared/occupations';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, login, useTestApp } from '../../test/harness.ts';
import { loadConfig, testConfig } from '../config.ts';
import { configPlugin } from './config.ts';
import { contractPlugin, mismatch, takeContractViolations } from './contract.ts';
import { errorsPlugin } from './errors.ts';

const ctx = useTestApp();

/** The answers a route declares itself, beside the failure envelope added to every route. */
const declaredAnswers = (response: unknown) =>
  Object.keys((response ?? {}) as object).filter((status) => status !== '4xx' && status !== '5xx');

describe('the API contract covers answers', () => {
  it('every registered route declares its answer', () => {
    const routes = ctx.app.registeredRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const missing = routes
      .filter((r) => declaredAnswers(r.schema?.response).length === 0)
      .map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    expect(missing, `没有声明应答的路由：\n${missing.join('\n')}`).toEqual([]);
  });

  it('every route declares the failure envelope for 4xx and 5xx', () => {
    const without = ctx.app
      .registeredRoutes()
      .filter((r) => {
        const response = (r.schema?.response ?? {}) as Record<string, unknown>;
        return !response['4xx'] || !response['5xx'];
      })
      .map((r) => r.url);
    expect(without).toEqual([]);
  });

  it('an answer with a field the schema does not declare is a mismatch naming the field', () => {
    const schema = envelope(z.object({ name: z.string() }));
    expect(mismatch(schema, { code: 200, message: 'ok', data: { name: '张三', phone: '1' } })).toBe(
      '字段 data.phone 未在契约中声明',
    );
  });

  it('an answer whose field has the wrong type is a mismatch naming the field', () => {
    const schema = envelope(z.object({ list: z.array(z.object({ name: z.string() })) }));
    expect(mismatch(schema, { code: 200, message: 'ok', data: { list: [{ name: 3 }] } })).toMatch(
      /^字段 data\.list\.0\.name：/,
    );
  });

  it('an answer that breaks its schema answers 500 and fails the test that caused it, naming route and field', async () => {
    const app = Fastify();
    await app.register(configPlugin, { config: testConfig() });
    await app.register(contractPlugin);
    await app.register(errorsPlugin);
    app.get(
      '/api/x',
      { schema: { response: { 200: envelope(z.object({ name: z.string() })) } } },
      async () => ({
        code: 200,
        message: 'ok',
        data: { name: '张三', id_number: '110101199003071234' },
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/x' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, message: '服务器繁忙，请稍后重试' });
    // What test/harness.ts throws after the test (taken here, so this test itself passes).
    expect(takeContractViolations()).toEqual([
      '应答不符合接口契约：GET /api/x 200 字段 data.id_number 未在契约中声明',
    ]);
  });

  it('an answer that matches its schema is no mismatch', () => {
    const schema = envelope(z.object({ name: z.string().nullable() }));
    expect(mismatch(schema, { code: 200, message: 'ok', data: { name: null } })).toBeNull();
  });

  // These two answers are serialized once and sent as strings, which no serializer checks: checked here.
  it('the region tree and the occupation catalogue match their schemas', async () => {
    const area = await ctx.app.inject({ method: 'GET', url: '/api/area/info' });
    expect(mismatch(envelope(regionTree), area.json())).toBeNull();
    const { token } = await login(ctx.app, 'qiye');
    const catalogue = await api(ctx.app, 'GET', '/api/occupations', { token });
    expect(mismatch(envelope(occupationCatalogue), catalogue.body)).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('is public JSON listing every API route with its answer and who may call it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const user = doc.paths['/api/user'].get;
    expect(user.security).toEqual([{ bearer: [] }]);
    expect(
      user.responses['200'].content['application/json'].schema.properties.data.properties,
    ).toHaveProperty('role_type_info');
    expect(user.responses['4XX'] ?? user.responses['4xx']).toBeDefined();
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/menus'].get.description).toContain('system:menu:list');
    expect(doc.paths['/api/companies/members'].get.description).toContain('企业端');
    const pdf = doc.paths['/api/customCertificateTemplates/preview'].post.responses['200'].content;
    expect(pdf['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const apiRoutes = ctx.app
      .registeredRoutes()
      .filter(
        (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
      );
    for (const r of apiRoutes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [r.method].flat().filter((m) => m !== 'HEAD'))
        expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${r.url}`).toBeDefined();
    }
  });

  it('every nullable enum of the whole document admits null (company_role of GET /api/user)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const refusingNull: string[] = [];
    let nullableEnums = 0;
    const walk = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.nullable === true && Array.isArray(o.enum)) {
        nullableEnums++;
        if (!o.enum.includes(null)) refusingNull.push(path);
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}/${k}`);
    };
    walk(doc, '');
    expect(refusingNull).toEqual([]);
    expect(nullableEnums).toBeGreaterThan(60);
    const user = doc.paths['/api/user'].get.responses['200'].content['application/json'].schema;
    expect(user.properties.data.properties.company_role.enum).toEqual([1, 2, null]);
  });

  it('is read on a page whose scripts and styles are files of this server (no inline script)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(inline.trim()).toBe('');
    }
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(res.statusCode, asset).toBe(200);
    }
  });

  it('is off unless API_DOCS is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/contract-config-test' }).apiDocs).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/contract-config-test', API_DOCS: '1' }).apiDocs).toBe(true);
  });
});
