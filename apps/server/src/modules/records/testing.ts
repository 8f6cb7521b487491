import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { recordApplications, recordScopes, recordSites } from './tables.ts';

/**
 * An approved filing of the company, inserted directly (tests and benchmarks of what an approved filing opens,
 * e.g. the code-61 gate of level evaluation), without going through submission and review.
 */
export async function insertApprovedRecord(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await db
    .insert(recordApplications)
    .values({
      companyId,
      recordNo: `BA${randomBytes(5).toString('hex').toUpperCase()}`,
      status: 2,
      evaluationBasis: 1,
      submittedAt: new Date(),
      decidedAt: new Date(),
    })
    .returning({ id: recordApplications.id });
  return row.id;
}

/** A site of the filing with its 考核站点代码 (as approval gives it), inserted directly: answers its id. */
export async function insertFiledSite(db: DbOrTx, filingId: string, siteCode: string): Promise<string> {
  const [site] = await db
    .insert(recordSites)
    .values({
      applicationId: filingId,
      name: '一号实训楼',
      regionCode: '110108',
      address: '中关村大街1号',
      siteCode,
    })
    .returning({ id: recordSites.id });
  return site.id;
}

/** A scope row of the filing (an occupation of the catalogue, its 工种 or none, levels), inserted directly. */
export async function insertFiledScope(
  db: DbOrTx,
  filingId: string,
  scope: { occupationCode: string; occupationName: string; workType?: string | null; levels: number[] },
): Promise<void> {
  await db.insert(recordScopes).values({
    applicationId: filingId,
    occupationCode: scope.occupationCode,
    occupationName: scope.occupationName,
    workType: scope.workType ?? null,
    levels: scope.levels,
  });
}
