import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { findCompany } from '../companies/service.ts';
import type { UserRow } from '../users/service.ts';

/** The caller of a management endpoint: an enterprise user and the company the enterprise door found. */
export interface Caller {
  user: UserRow;
  company: CompanyScope;
}

export const companyNameOf = async (db: DbOrTx, companyId: string) =>
  (await findCompany(db, companyId))?.name ?? '';

/** A user's text for `ilike`: its wildcards match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
