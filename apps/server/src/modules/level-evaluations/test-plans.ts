/**
 * Plans for the candidate and score tests and the benchmark, inserted directly in the wanted state (with an
 * approved filing for the company, so the code-61 gate lets the routes through), without the plan routes.
 */
import { randomBytes } from 'node:crypto';
import { EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import type { DbOrTx } from '../../db/client.ts';
import { insertApprovedRecord } from '../records/testing.ts';
import { findUserByAccount } from '../users/service.ts';
import { levelEvaluationMethods, levelEvaluations } from './tables.ts';

/** An approved filing of the company: enough for the code-61 gate. */
export const seedApprovedFiling = insertApprovedRecord;

export interface SeedMethod {
  method: 1 | 2 | 3 | 4;
  full: number;
  pass: number;
}

/** A plan of the company in `status` with these methods (marks as entered: 100, 60). */
export async function seedPlan(
  db: DbOrTx,
  companyId: string,
  opts: { status?: number; methods?: SeedMethod[]; name?: string; filingId?: string } = {},
): Promise<string> {
  const filingId = opts.filingId ?? (await seedApprovedFiling(db, companyId));
  const [plan] = await db
    .insert(levelEvaluations)
    .values({
      companyId,
      recordApplicationId: filingId,
      planNo: `P${randomBytes(6).toString('hex')}`,
      name: opts.name ?? '电工四级评价',
      occupationCode: '6-31-01-03',
      occupationName: '电工',
      level: 4,
      startDate: '2026-12-01',
      endDate: '2026-12-10',
      status: opts.status ?? EvaluationStatus.IN_PROGRESS,
    })
    .returning({ id: levelEvaluations.id });
  const methods = opts.methods ?? [
    { method: 1, full: 100, pass: 60 },
    { method: 2, full: 100, pass: 60 },
  ];
  await db.insert(levelEvaluationMethods).values(
    methods.map((m) => ({
      evaluationId: plan.id,
      method: m.method,
      fullMarkTenths: m.full * 10,
      passMarkTenths: m.pass * 10,
    })),
  );
  return plan.id;
}

/** The company of a demo account. */
export async function companyOf(db: DbOrTx, account: string): Promise<string> {
  const user = await findUserByAccount(db, account);
  if (!user?.companyId) throw new Error(`${account} has no company`);
  return user.companyId;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/**
 * A valid 居民身份证 number, different for each `i` (< 1,000,000): born 1990-01-01 + i days mod 28; odd `i` male.
 */
export function validId(i: number): string {
  const seq = String(i % 1000).padStart(3, '0');
  const day = String((Math.floor(i / 1000) % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(i / 28000) % 12) + 1).padStart(2, '0');
  const year = 1960 + (Math.floor(i / 336000) % 40);
  // The 17th digit's parity is the gender: the third digit of seq.
  const body = `110105${year}${month}${day}${seq}`;
  let sum = 0;
  for (let k = 0; k < 17; k++) sum += Number(body[k]) * WEIGHTS[k];
  return body + '10X98765432'[sum % 11];
}
