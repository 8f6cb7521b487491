import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from './tables.ts';

/** Companies per type (1 企业, 2 培训评价机构): how many, and how many the platform froze. One aggregate query. */
export async function companyTypeCounts(db: DbOrTx): Promise<Map<number, { total: number; frozen: number }>> {
  const res = (await db.execute(sql`
    select ${companies.type} as type, count(*)::int as total,
      count(*) filter (where ${companies.status} = 0)::int as frozen
    from ${companies} group by 1`)) as unknown as { rows: { type: number; total: number; frozen: number }[] };
  return new Map(res.rows.map((r) => [Number(r.type), { total: Number(r.total), frozen: Number(r.frozen) }]));
}
