import { and, countDistinct, eq } from 'drizzle-orm';
import type { OccupationUse } from '../occupations/service.ts';
import { recordScopes } from './tables.ts';

/** 职业目录's where-used: the filings (drafts too) with a scope row of the occupation (or of one 工种 of it). */
export const filingOccupationUse: OccupationUse = {
  name: '备案',
  async count(db, code, workType) {
    const [{ n }] = await db
      .select({ n: countDistinct(recordScopes.applicationId) })
      .from(recordScopes)
      .where(
        and(
          eq(recordScopes.occupationCode, code),
          workType === undefined ? undefined : eq(recordScopes.workType, workType),
        ),
      );
    return Number(n);
  },
};
