import { CertificateStatus } from '@skill-cert/shared/certificates';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CountDimension, certificateMonthlyCounts } from './tables.ts';

export interface CertificateMonthCounts {
  /** `YYYY-MM` → certificates issued that month, and revoked among them. */
  months: Map<string, { issued: number; revoked: number }>;
  /** Issued in the range by level, occupation code and province code ('' for none), most first. */
  byLevel: { key: string; count: number }[];
  byOccupation: { key: string; count: number }[];
  byProvince: { key: string; count: number }[];
}

/**
 * Certificates issued in the months `from`…`to` (`YYYY-MM`, both included), from the counts the triggers keep
 * (certificate_monthly_counts): one query over at most a few thousand rows, however many certificates there are.
 * Issued means confirmed: valid, revoked or reissued since.
 */
export async function certificateMonthCounts(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<CertificateMonthCounts> {
  const t = certificateMonthlyCounts;
  const res = (await db.execute(sql`
    select to_char(${t.month}, 'YYYY-MM') as month, ${t.dim} as dim, ${t.key} as key, ${t.status} as status,
      sum(${t.n})::int as n
    from ${t}
    where ${t.month} between ${`${from}-01`}::date and ${`${to}-01`}::date and ${t.n} <> 0
    group by 1, 2, 3, 4`)) as unknown as {
    rows: { month: string; dim: number; key: string; status: number; n: number }[];
  };
  const months = new Map<string, { issued: number; revoked: number }>();
  const by = new Map<number, Map<string, number>>();
  for (const r of res.rows) {
    const n = Number(r.n);
    if (r.dim === CountDimension.LEVEL) {
      const m = months.get(r.month) ?? { issued: 0, revoked: 0 };
      m.issued += n;
      if (r.status === CertificateStatus.REVOKED) m.revoked += n;
      months.set(r.month, m);
    }
    const keys = by.get(r.dim) ?? new Map<string, number>();
    keys.set(r.key, (keys.get(r.key) ?? 0) + n);
    by.set(r.dim, keys);
  }
  const sorted = (dim: number) =>
    [...(by.get(dim) ?? new Map<string, number>())]
      .filter(([, count]) => count > 0)
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  return {
    months,
    byLevel: sorted(CountDimension.LEVEL),
    byOccupation: sorted(CountDimension.OCCUPATION),
    byProvince: sorted(CountDimension.PROVINCE),
  };
}
