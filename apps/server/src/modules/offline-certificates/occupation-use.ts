import { and, count, eq } from 'drizzle-orm';
import type { OccupationUse } from '../occupations/service.ts';
import { offlineCertificateBatches } from './tables.ts';

/** 职业目录's where-used: offline certificate batches (证书生成) of the occupation, published or not. */
export const offlineBatchOccupationUse: OccupationUse = {
  name: '线下证书批次',
  async count(db, code, workType) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(offlineCertificateBatches)
      .where(
        and(
          eq(offlineCertificateBatches.occupationCode, code),
          workType === undefined ? undefined : eq(offlineCertificateBatches.workType, workType),
        ),
      );
    return Number(n);
  },
};
