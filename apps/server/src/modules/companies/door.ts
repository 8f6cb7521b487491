import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CompanyScope, companyScope } from '../../lib/company-scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { assertCompanyActive, callerCompany, FROZEN_NOTICE, NO_COMPANY } from './service.ts';

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
 */
export async function enterpriseDoor(app: FastifyInstance, opts: EnterpriseDoorOptions) {
  const enterpriseRole = app.requireRoleType(RoleType.ENTERPRISE);

  await app.register(async (newcomers) => {
    describeCallers(newcomers, '企业端（有无企业均可，企业不得冻结）');
    newcomers.addHook('preValidation', async (req, reply) => {
      await enterpriseRole.call(newcomers, req, reply);
      // One whose company is frozen gets the notice here too, as on every enterprise screen.
      await assertCompanyActive(app.db, req.auth.user.companyId);
    });
    for (const routes of opts.newcomerRoutes) await newcomers.register(routes);
  });

  await app.register(async (members) => {
    members.decorateRequest('company', null as unknown as CompanyScope);
    describeCallers(members, '企业端，须已加入企业且企业未冻结（企业取自会话）');
    members.addHook('preValidation', async (req, reply) => {
      await enterpriseRole.call(members, req, reply);
      req.company = await companyOfCaller(app, req);
    });
    for (const routes of opts.memberRoutes) await members.register(routes);
  });
}

async function companyOfCaller(app: FastifyInstance, req: FastifyRequest): Promise<CompanyScope> {
  const { companyId } = req.auth.user;
  if (!companyId) throw forbidden(NO_COMPANY);
  const found = await callerCompany(app.db, req.auth.userId, companyId);
  if (!found) throw forbidden(NO_COMPANY);
  if (!found.active) throw FROZEN_NOTICE();
  if (!found.role) throw forbidden(NO_COMPANY);
  return companyScope(companyId, found.role);
}

/** Names the door's callers in the OpenAPI description of each route behind it. */
function describeCallers(scope: FastifyInstance, caller: string) {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, caller };
  });
}
