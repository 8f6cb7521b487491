import type { CompanyRoleValue } from '@skill-cert/shared/companies';
import { type Column, eq, type SQL } from 'drizzle-orm';

declare const fromSession: unique symbol;

/**
 * The caller's company as the enterprise or institution door found it from the session (`request.company`): an id from a
 * request body, query or path is a plain string and does not fit here, so a service that takes a scope cannot
 * be handed another tenant's id by mistake.
 */
export type CompanyScope = {
  readonly id: string;
  /** 1 管理员, 2 成员 */
  readonly role: CompanyRoleValue;
  /** 1 an enterprise (the enterprise door), 2 an institution (the institution door). */
  readonly kind: 1 | 2;
  readonly [fromSession]: true;
};

/** Made by the enterprise and institution doors (modules/companies/door.ts) and by tests; nowhere else. */
export const companyScope = (id: string, role: CompanyRoleValue, kind: 1 | 2 = 1) =>
  ({ id, role, kind }) as CompanyScope;

/** The one tenant filter: the rows of `table` that belong to the caller's company. */
export const ofCompany = (table: { companyId: Column }, company: CompanyScope): SQL =>
  eq(table.companyId, company.id);
