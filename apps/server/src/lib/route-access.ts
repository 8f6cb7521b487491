import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Who may call a route, as a readable fact beside the code that enforces it. The parts add up (all must hold):
 * the session guard reads `public`; `app.requirePermission` / `app.requireRoleType` tag what they return; the
 * enterprise and institution doors tag every route registered inside them; a route any signed-in user may call says so with
 * `config: { access: SIGNED_IN }`. `buildApp` collects every route's access (`app.registeredRoutes()`), and the
 * authorization matrix (src/test/authorization-matrix.test.ts) calls each route as each kind of caller and
 * fails on a protected route that declares nothing.
 */
export interface RouteAccess {
  /** Reachable without a token (the session guard's `config.public`). */
  public?: true;
  /** Any signed-in user, declared on purpose. */
  signedIn?: true;
  /** The active role type must be one of these. */
  roleTypes?: readonly RoleTypeId[];
  /** A server-menu permission key the caller must hold in the portal `roleTypes[0]` (or `*:*:*`). */
  permission?: string;
  /** An active company the caller belongs to ('member'), or its administrator ('admin'): `req.company`. */
  company?: 'member' | 'admin';
  /** An active institution (a company of type 2) the caller belongs to: `req.company` (the institution door). */
  institution?: 'member';
  /** Passes when any one of these passes (e.g. a company's record: its members, or the platform). */
  anyOf?: readonly RouteAccess[];
  /** A refused caller is told 404, as if the row did not exist, rather than 403. */
  refusedAs404?: true;
}

/** Declared on routes any signed-in user may call: `{ config: { access: SIGNED_IN } }`. */
export const SIGNED_IN: RouteAccess = { signedIn: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (lib/route-access.ts), beside `public`. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered on the app, with its declared access and request schemas (buildApp). */
    registeredRoutes(): RegisteredRoute[];
  }
}

const TAG = Symbol('routeAccess');

/** Tags a guard (a preHandler) with the access it enforces, so the route's access can be read back. */
export function withAccess<F extends object>(access: RouteAccess, guard: F): F {
  return Object.assign(guard, { [TAG]: access });
}

/** Whether `guard` is tagged by `withAccess`. */
export const isAccessGuard = (guard: unknown): boolean => typeof guard === 'function' && TAG in guard;

/** Adds `access` to every route registered in `scope` from now on (an `onRoute` hook of that scope). */
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: { ...access, ...route.config?.access } };
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** null: a protected route that declares nothing (the matrix test fails on it). */
  access: RouteAccess | null;
  schema: { params?: ZodType; querystring?: ZodType; body?: ZodType; response?: unknown };
}

/** What a route declares, read from its options once every hook has run: empty means nothing declared. */
export function accessOf(route: RouteOptions): RouteAccess | null {
  const config = route.config as { public?: boolean; access?: RouteAccess } | undefined;
  if (config?.public) return { public: true };
  const guards = [route.preHandler, route.preValidation].flat().filter(Boolean) as object[];
  const tags = guards.map((g) => (g as { [TAG]?: RouteAccess })[TAG]).filter(Boolean) as RouteAccess[];
  const merged: RouteAccess = Object.assign({}, config?.access, ...tags);
  return Object.keys(merged).length ? merged : null;
}

/**
 * Collects every route as it is registered (call before any route is). The options are read when asked, after
 * the scopes' own `onRoute` hooks (the enterprise door's) have added their part.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('registeredRoutes', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        access: accessOf(route),
        schema: (route.schema ?? {}) as RegisteredRoute['schema'],
      })),
    ),
  );
}

/** Who may call a route, in words (the OpenAPI document's description of each route). */
export function describeAccess(access: RouteAccess | null): string {
  if (!access) return '未声明';
  if (access.public) return '公开，无需登录';
  if (access.anyOf) return access.anyOf.map(describeAccess).join('；或 ');
  const parts = ['需登录'];
  if (access.roleTypes?.length)
    parts.push(`当前角色须为${access.roleTypes.map((r) => roleTypeNames[r]).join('、')}`);
  if (access.permission) parts.push(`须有权限 ${access.permission}`);
  if (access.company === 'member') parts.push('须已加入企业且企业未冻结（企业取自会话）');
  if (access.company === 'admin') parts.push('须为本企业管理员');
  if (access.institution) parts.push('须已加入机构且机构未冻结（机构取自会话）');
  return parts.join('；');
}
