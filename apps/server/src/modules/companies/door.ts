import { CompanyType } from '@skill-cert/shared/companies';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CompanyScope, companyScope } from '../../lib/company-scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { declareScopeAccess, withAccess } from '../../lib/route-access.ts';
import {
  assertCompanyAdmin,
  FROZEN_NOTICE,
  INSTITUTION_FROZEN_NOTICE,
  NO_COMPANY,
  NO_INSTITUTION,
} from './companies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's company: set by the enterprise door on its member routes, and by the institution door (the
     * caller's institution), from the session only.
     */
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
      if (req.auth.companyActive === false) throw FROZEN_NOTICE();
    });
    for (const routes of opts.newcomerRoutes) await newcomers.register(routes);
  });

  await app.register(async (members) => {
    declareScopeAccess(members, { roleTypes: [RoleType.ENTERPRISE], company: 'member' });
    members.decorateRequest('company', null as unknown as CompanyScope);
    members.addHook('preValidation', async (req, reply) => {
      await enterpriseRole.call(members, req, reply);
      req.company = companyOfCaller(req);
    });
    for (const routes of opts.memberRoutes) await members.register(routes);
  });
}

/** A member route's guard: the caller is the administrator of their company (runs after the door). */
export const companyAdminOnly = withAccess({ company: 'admin' }, async (req: FastifyRequest) =>
  assertCompanyAdmin(req.company),
);

/** The caller's company from the session guard's answer, which reads the company's state and role with the user. */
function companyOfCaller(req: FastifyRequest): CompanyScope {
  const { companyId } = req.auth.user;
  const { companyRole, companyActive, companyType } = req.auth;
  // An institution's staff holding 企业端 too do not act for their institution as an enterprise.
  if (!companyId || companyActive === null || companyType !== CompanyType.ENTERPRISE)
    throw forbidden(NO_COMPANY);
  if (!companyActive) throw FROZEN_NOTICE();
  if (!companyRole) throw forbidden(NO_COMPANY);
  return companyScope(companyId, companyRole);
}

export interface InstitutionDoorOptions {
  /** Routes of the staff of an active institution; `request.company` is the caller's institution. */
  routes: FastifyPluginAsyncZod[];
}

/**
 * One door for the institution portal (`app.ts` registers it once), like the enterprise door: the active role type
 * 机构端, and a company of type 2 (社会培训评价组织) the caller belongs to that is not frozen (a frozen one answers the
 * acknowledge notice, code 61); `request.company` is that institution, from the session. Each route inside adds its
 * permission key of the institution menu (`app.requirePermission(3, key)`), checked after the door, before the body.
 */
export async function institutionDoor(app: FastifyInstance, opts: InstitutionDoorOptions) {
  const institutionRole = app.requireRoleType(RoleType.INSTITUTION);
  await app.register(async (staff) => {
    declareScopeAccess(staff, { roleTypes: [RoleType.INSTITUTION], institution: 'member' });
    staff.decorateRequest('company', null as unknown as CompanyScope);
    staff.addHook('preValidation', async (req, reply) => {
      await institutionRole.call(staff, req, reply);
      req.company = institutionOfCaller(req);
    });
    for (const routes of opts.routes) await staff.register(routes);
  });
}

/** The caller's institution from the session guard's answer, as the enterprise door reads the caller's company. */
function institutionOfCaller(req: FastifyRequest): CompanyScope {
  const { companyId } = req.auth.user;
  const { companyRole, companyActive, companyType } = req.auth;
  if (!companyId || companyType !== CompanyType.INSTITUTION || !companyRole) throw forbidden(NO_INSTITUTION);
  if (!companyActive) throw INSTITUTION_FROZEN_NOTICE();
  return companyScope(companyId, companyRole, CompanyType.INSTITUTION);
}
