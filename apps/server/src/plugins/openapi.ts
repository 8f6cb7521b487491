import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fileAnswer } from '@skill-cert/shared/envelope';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, describeAccess } from '../lib/route-access.ts';
import { withFailures } from './contract.ts';

/**
 * OpenAPI 3.0 reads `enum` before `nullable`: a nullable enum without null in its list refuses null, so strict
 * clients reject real answers (`company_role: null`). Every nullable enum of `value` gets null added, in place.
 */
export function admitNull<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) {
    for (const item of value) admitNull(item, depth + 1);
    return value;
  }
  const node = value as Record<string, unknown>;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  for (const child of Object.values(node)) admitNull(child, depth + 1);
  return value;
}

/**
 * The OpenAPI 3 document generated from the routes (`@fastify/swagger` with the zod schemas), served as JSON at
 * `/api/openapi.json` and as a page (Swagger UI, scripts and styles from files of this server, no inline script)
 * at `/api/docs`; both public, only with `API_DOCS=1` (tests: on).
 */
export const openapiPlugin = fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: '职业技能等级认定与证书服务 · 管理后台 API',
          version: '1.0.0',
          description:
            '每个应答都是信封 `{ code, message, data }`（spec §8）；流程、状态码与设计决定见 docs/api.md。',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'Admin-Token' },
          },
        },
      },
      transform: (document) => {
        const route = document.route as RouteOptions;
        const out = jsonSchemaTransform(document);
        if (out.schema.hide) return out;
        const isPublic = Boolean(route.config?.public) || !route.url.startsWith('/api/');
        const who = isPublic ? describeAccess({ public: true }) : describeAccess(accessOf(route));
        const security: Record<string, string[]>[] = isPublic
          ? []
          : [{ bearer: [] }, ...(route.config?.cookieAuth ? [{ cookie: [] }] : [])];
        return { ...out, schema: admitNull({ ...out.schema, description: who, security }) };
      },
      transformObject: (document) => admitNull(jsonSchemaTransformObject(document)),
    });

    app.get(
      '/api/openapi.json',
      {
        config: { public: true },
        schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
      },
      async () => app.swagger(),
    );

    await app.register(async (docs) => {
      // The page's own routes (index.html, its scripts and styles, its copy of the document).
      docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
        route.schema = {
          ...route.schema,
          hide: true,
          response: withFailures({
            200: fileAnswer(
              'API 文档页面的文件',
              'text/html',
              'application/javascript',
              'text/css',
              'image/png',
              'image/svg+xml',
            ),
          }),
        };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
    });
  },
  { name: 'openapi', dependencies: ['config', 'contract'] },
);
