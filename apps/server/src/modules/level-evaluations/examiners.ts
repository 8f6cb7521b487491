import type { EvaluationExaminer } from '@skill-cert/shared/level-evaluations';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ApprovedFiling } from '../records/service.ts';
import { examinerAccountsByPhone } from '../users/service.ts';
import { levelEvaluationStaff } from './tables.ts';

/** Kinds of staff rows: 1 考评员, 2 质量督导员 (as the filing's personnel). */
export const EXAMINER = 1;
export const SUPERVISOR = 2;

/**
 * The plan's examiners and supervisors become copies of the filing's personnel chosen (in the order chosen),
 * each with the account holding 考评员端 of the same phone. A person not of that filing, or of the other kind,
 * is refused naming the field.
 */
export async function copyStaff(
  tx: DbOrTx,
  evaluationId: string,
  filing: ApprovedFiling | null,
  chosen: { examinerIds: readonly string[]; supervisorIds: readonly string[] },
): Promise<void> {
  const pick = (ids: readonly string[], kind: number, label: string) =>
    ids.map((id) => {
      const person = filing?.people.find((p) => p.id === id && p.kind === kind);
      if (!person)
        throw badRequest(filing ? `${label}不属于所选备案，请重新选择` : `请先选择备案，再选择${label}`);
      return person;
    });
  const people = [
    ...pick(chosen.examinerIds, EXAMINER, '考评员'),
    ...pick(chosen.supervisorIds, SUPERVISOR, '质量督导员'),
  ];
  const accounts = await examinerAccountsByPhone(
    tx,
    people.map((p) => p.phone),
  );
  await tx.delete(levelEvaluationStaff).where(eq(levelEvaluationStaff.evaluationId, evaluationId));
  if (people.length === 0) return;
  await tx.insert(levelEvaluationStaff).values(
    people.map((p, sort) => ({
      evaluationId,
      personId: p.id,
      kind: p.kind,
      name: p.name,
      phone: p.phone,
      qualification: p.qualification,
      userId: accounts.get(p.phone) ?? null,
      sort,
    })),
  );
}

export type StaffRow = typeof levelEvaluationStaff.$inferSelect;

/**
 * The plan's staff in order, each `userId` set to the account that holds 考评员端 with its phone now: an examiner
 * account created (or given the role) after the plan was saved is found here, and stored, so the examiner
 * portal's list (by `level_evaluation_staff.user_id`) sees it too.
 */
export async function staffWithAccounts(db: DbOrTx, evaluationId: string): Promise<StaffRow[]> {
  const rows = await db
    .select()
    .from(levelEvaluationStaff)
    .where(eq(levelEvaluationStaff.evaluationId, evaluationId))
    .orderBy(asc(levelEvaluationStaff.kind), asc(levelEvaluationStaff.sort));
  const accounts = await examinerAccountsByPhone(
    db,
    rows.map((r) => r.phone),
  );
  for (const row of rows) {
    const userId = accounts.get(row.phone) ?? null;
    if (row.userId === userId) continue;
    await db.update(levelEvaluationStaff).set({ userId }).where(eq(levelEvaluationStaff.id, row.id));
    row.userId = userId;
  }
  return rows;
}

/** `GET /api/levelEvaluations/{id}/examiners`: the plan's examiners and supervisors with their accounts. */
export async function planExaminers(db: DbOrTx, evaluationId: string): Promise<EvaluationExaminer[]> {
  return (await staffWithAccounts(db, evaluationId)).map((r) => ({
    person_id: r.personId,
    name: r.name,
    phone: r.phone,
    kind: r.kind === SUPERVISOR ? SUPERVISOR : EXAMINER,
    user_id: r.userId,
    has_account: r.userId !== null,
  }));
}
