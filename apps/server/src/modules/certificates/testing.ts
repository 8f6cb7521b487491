import type { DbOrTx } from '../../db/client.ts';
import { certificates } from './tables.ts';

/**
 * Certificates inserted directly (tests and benchmarks of what reads them, e.g. the paper analysis), without a
 * grant's numbering and rendering.
 */
export async function insertCertificates(
  db: DbOrTx,
  rows: (typeof certificates.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(certificates).values(rows.slice(i, i + 500));
}
