import { AuditKind } from '@skill-cert/shared/audit-log';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessOf } from '../../lib/route-access.ts';
import { REPLAYED_HEADER } from '../../plugins/idempotency.ts';
import { defaultKeyNames } from '../access/service.ts';
import { type AuditInsert, maskSecrets, writeAudit } from './service.ts';

/** How a route appears in the audit log (`config: { audit: … }`); every mutating route is logged without it. */
export interface AuditConfig {
  /** The action's Chinese name; by default the name of the route's permission key in the default menus. */
  label?: string;
  /** Not a change of anything an administrator answers for (binding a socket, marking a message read). */
  skip?: true;
  /** A sign-in: logged for every user, success or failure, with the account tried (read from the body). */
  signIn?: (body: Record<string, unknown>) => string;
  /** The target as it was before the change (a service's own read), loaded once the request is valid. */
  before?: (req: FastifyRequest) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditConfig;
  }
  interface FastifyRequest {
    /** The user a sign-in route found for the account tried (set by the route, read by the audit log). */
    auditSubject: { id: string; name: string } | null;
    auditBefore: unknown;
    /** The `_id` a create answered with. */
    auditCreated: string | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Portals whose changes are audited: the platform and the institutions. */
const AUDITED_PORTALS: readonly number[] = [RoleType.PLATFORM, RoleType.INSTITUTION];
const METHOD_WORDS: Record<string, string> = { POST: '提交', PUT: '修改', PATCH: '修改', DELETE: '删除' };

/** Every permission key of the default menus with its name (新增菜单, 冻结/解冻企业…). */
const KEY_NAMES = defaultKeyNames();

/** The active role type, when the user still holds it. */
const activePortal = (req: FastifyRequest): number | null => {
  const active = req.auth?.user.activeRoleTypeId ?? null;
  return active !== null && req.auth.roleTypeIds.includes(active) ? active : null;
};

const audited = (req: FastifyRequest): 'change' | 'signIn' | null => {
  const config = req.routeOptions.config;
  if (!MUTATING.has(req.method) || !req.routeOptions.url || config?.audit?.skip) return null;
  if (config?.audit?.signIn) return 'signIn';
  const portal = req.auth ? activePortal(req) : null;
  return portal !== null && AUDITED_PORTALS.includes(portal) ? 'change' : null;
};

/** The id the change was about: the route's `:id`, else the id a create answered with (kept before serialising). */
function targetOf(req: FastifyRequest): string | null {
  const params = (req.params ?? {}) as Record<string, unknown>;
  // An id parameter only: a path may carry a secret (a signed upload's token).
  const fromParams = params.id ?? Object.entries(params).find(([k]) => /id$/i.test(k))?.[1];
  return typeof fromParams === 'string' ? fromParams : req.auditCreated;
}

const bodyOf = (req: FastifyRequest): Record<string, unknown> | null =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : null;

/**
 * 审计日志: a row for every mutating request of a user signed into the platform or institution portal, and for every
 * sign-in. Written before the answer leaves (onSend), so a caller who has the answer finds the row; a failed write is
 * logged and never fails the request it describes.
 */
export const auditPlugin = fp(
  async (app) => {
    app.decorateRequest('auditSubject', null);
    app.decorateRequest('auditBefore', null);
    app.decorateRequest('auditCreated', null);

    // The action's name is fixed per route: its label, or its permission key's menu name.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!methods.some((m) => MUTATING.has(m))) return;
      const audit = route.config?.audit;
      const permission = accessOf(route)?.permission;
      const label = audit?.label ?? (permission ? KEY_NAMES.get(permission) : undefined);
      if (label) route.config = { ...route.config, audit: { ...audit, label } };
    });

    app.addHook('preHandler', async (req) => {
      const before = req.routeOptions.config?.audit?.before;
      if (!before || audited(req) !== 'change') return;
      req.auditBefore = await before(req).catch(() => null);
    });

    // Read from the answer before it is serialised (and perhaps compressed).
    app.addHook('preSerialization', async (req, _reply, payload) => {
      if (audited(req) !== 'change') return payload;
      const id = (payload as { data?: { _id?: unknown } } | null)?.data?._id;
      if (typeof id === 'string') req.auditCreated = id;
      return payload;
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const what = audited(req);
      // A repeat answered from the Idempotency-Key's kept answer changed nothing: its first run has the row.
      if (!what || reply.getHeader(REPLAYED_HEADER)) return payload;
      const config = req.routeOptions.config?.audit;
      const status = reply.statusCode;
      const common = {
        method: req.method,
        route: req.routeOptions.url ?? req.url,
        ip: req.ip,
        status,
        success: status < 400,
        action: config?.label ?? METHOD_WORDS[req.method] ?? req.method,
      };
      const body = bodyOf(req);
      let row: AuditInsert;
      if (what === 'signIn') {
        row = {
          ...common,
          kind: AuditKind.SIGN_IN,
          userId: req.auditSubject?.id ?? null,
          userName: req.auditSubject?.name ?? null,
          account: body ? String(config?.signIn?.(body) ?? '').slice(0, 100) || null : null,
          after: body ? maskSecrets(body) : null,
        };
      } else {
        row = {
          ...common,
          kind: AuditKind.CHANGE,
          userId: req.auth.userId,
          userName: req.auth.user.name,
          portal: activePortal(req),
          companyId: req.auth.user.companyId,
          targetId: targetOf(req),
          before: req.auditBefore ?? null,
          after: body ? maskSecrets(body) : null,
        };
      }
      try {
        await writeAudit(app.db, row);
      } catch (err) {
        req.log.error({ err }, '审计日志写入失败');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['auth', 'db'] },
);
