import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CompanyScope, companyScope } from '../../lib/company-scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { declareScopeAccess, withAccess } from '../../lib/route-access.ts';
import {
  assertCompanyActive,
  assertCompanyAdmin,
  callerCompany,
  FROZEN_NOTICE,
  NO_COMPANY,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's company: set by the enterprise door on its member routes, from the session only. */
    company: CompanyScope;
  }
}

export interface EnterpriseDoorOptions {
  /** Routes of any 企业端 user, with or without a company: creating or joining one (/join). */
  newcomerRoutes: FastifyPluginAsyncZod[];
  /** Routes of a member of an active company; `request.company` is the caller's company. */
  memberRoutes: FastifyPluginAsyncZod[];
}

/**
 * One door for the enterprise portal (`app.ts` registers it once). Every route inside needs the active role
 * type 企业端; a member route also needs a company that the caller belongs to and that is not frozen (a frozen
 * one answers the acknowledge notice, code 61). Refused before the body is read, the same way on every route.
 * Each route inside carries that access as a declared fact (lib/route-access.ts).
 */
export async function enterpriseDoor(app: FastifyInstance, opts: EnterpriseDoorOptions) {
  const enterpriseRole = app.requireRoleType(RoleType.ENTERPRISE);

  await app.register(async (newcomers) => {
    declareScopeAccess(newcomers, { roleTypes: [RoleType.ENTERPRISE] });
    newcomers.addHook('preValidation', async (req, reply) => {
      await enterpriseRole.call(newcomers, req, reply);
      // One whose company is frozen gets the notice here too, as on every enterprise screen.
      await assertCompanyActive(app.db, req.auth.user.companyId);
    });
    for (const routes of opts.newcomerRoutes) await newcomers.register(routes);
  });

  await app.register(async (members) => {
    declareScopeAccess(members, { roleTypes: [RoleType.ENTERPRISE], company: 'member' });
    members.decorateRequest('company', null as unknown as CompanyScope);
    members.addHook('preValidation', async (req, reply) => {
      await enterpriseRole.call(members, req, reply);
      req.company = await companyOfCaller(app, req);
    });
    for (const routes of opts.memberRoutes) await members.register(routes);
  });
}

/** A member route's guard: the caller is the administrator of their company (runs after the door). */
export const companyAdminOnly = withAccess({ company: 'admin' }, async (req: FastifyRequest) =>
  assertCompanyAdmin(req.company),
);

async function companyOfCaller(app: FastifyInstance, req: FastifyRequest): Promise<CompanyScope> {
  const { companyId } = req.auth.user;
  if (!companyId) throw forbidden(NO_COMPANY);
  const found = await callerCompany(app.db, req.auth.userId, companyId);
  if (!found) throw forbidden(NO_COMPANY);
  if (!found.active) throw FROZEN_NOTICE();
  if (!found.role) throw forbidden(NO_COMPANY);
  return companyScope(companyId, found.role);
}
