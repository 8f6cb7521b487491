import type { DbOrTx } from '../../db/client.ts';
import { findCompany } from '../companies/service.ts';
import type { UserRow } from '../users/service.ts';

/** The caller of a management endpoint: an enterprise user of a company. */
export interface Caller {
  user: UserRow;
  companyId: string;
}

export const companyNameOf = async (db: DbOrTx, companyId: string) =>
  (await findCompany(db, companyId))?.name ?? '';

/** A user's text for `ilike`: its wildcards match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
