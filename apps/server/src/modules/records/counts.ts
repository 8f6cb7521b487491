import { RecordStatus } from '@skill-cert/shared/record-status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordApplications } from './tables.ts';

export interface FilingStateCounts {
  /** Companies holding an approved filing, and filings waiting for the platform (待审核). */
  filed: number;
  pending: number;
}

/** Per kind of filing (1 用人单位, 2 社会培训评价组织: the filing company's type): one aggregate query. */
export async function filingStateCounts(db: DbOrTx): Promise<Map<number, FilingStateCounts>> {
  const t = recordApplications;
  const res = (await db.execute(sql`
    select ${t.kind} as kind,
      count(distinct ${t.companyId}) filter (where ${t.status} = ${RecordStatus.APPROVED})::int as filed,
      count(*) filter (where ${t.status} = ${RecordStatus.PENDING})::int as pending
    from ${t} group by 1`)) as unknown as { rows: { kind: number; filed: number; pending: number }[] };
  return new Map(
    res.rows.map((r) => [Number(r.kind), { filed: Number(r.filed), pending: Number(r.pending) }]),
  );
}
