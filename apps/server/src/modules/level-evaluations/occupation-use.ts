import { PlanOwner } from '@skill-cert/shared/level-evaluations';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { OccupationUse } from '../occupations/service.ts';
import { examinerQualifications, levelEvaluations } from './tables.ts';

const plansOf = (owner: number, name: string): OccupationUse => ({
  name,
  async count(db: DbOrTx, code: string, workType?: string) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(levelEvaluations)
      .where(
        and(
          eq(levelEvaluations.ownerKind, owner),
          eq(levelEvaluations.occupationCode, code),
          workType === undefined ? undefined : eq(levelEvaluations.workType, workType),
        ),
      );
    return Number(n);
  },
});

/** 职业目录's where-used: enterprises' evaluation plans, institutions' test plans, examiners' qualifications. */
export const planOccupationUses: OccupationUse[] = [
  plansOf(PlanOwner.ENTERPRISE, '评价计划'),
  plansOf(PlanOwner.INSTITUTION, '考试计划'),
  {
    name: '考评员资格',
    async count(db, code, workType) {
      // A qualification names the occupation only, never a 工种.
      if (workType !== undefined) return 0;
      const [{ n }] = await db
        .select({ n: count() })
        .from(examinerQualifications)
        .where(eq(examinerQualifications.occupationCode, code));
      return Number(n);
    },
  },
];
