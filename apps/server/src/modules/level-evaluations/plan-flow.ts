import { ArchiveKind } from '@skill-cert/shared/archives';
import {
  EvaluationAction,
  type EvaluationReviewBody,
  EvaluationStatus,
  ExamineeStatus,
  PlanOwner,
} from '@skill-cert/shared/level-evaluations';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { openArchive } from '../archives/service.ts';
import type { UserRow } from '../users/service.ts';
import { archiveOpeningOf } from './archive-source.ts';
import { staffWithAccounts } from './examiners.ts';
import type { Submitted } from './plan-content.ts';
import { approverNote, findPlan, logSteps, withNote, wrongState } from './plans.ts';
import { levelEvaluationCandidates, levelEvaluations } from './tables.ts';

const DAY_MS = 24 * 60 * 60_000;

/** What the submitter of a decided plan (or results) is told afterwards. */
export interface Decided {
  id: string;
  planNo: string | null;
  name: string;
  /** The one who submitted what was decided; null when nobody else needs telling. */
  tell: string | null;
  text: string;
}

/**
 * `POST .../review`: 待审批 → approve → 进行中 / reject (reason) → 已驳回; 成绩待审核 → return (reason) → 进行中 /
 * approve → 公示中 until now + publicity days (已通过 at once with 0 days). By the approver rule (`approverNote`).
 */
export async function reviewPlan(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
  body: EvaluationReviewBody,
  now = new Date(),
): Promise<Decided> {
  return db.transaction(async (tx) => {
    const row = await findPlan(tx, own, id, { forUpdate: true });
    const reason = body.reason ?? null;
    let next: Partial<typeof levelEvaluations.$inferInsert>;
    let step: { action: (typeof EvaluationAction)[keyof typeof EvaluationAction]; note: string | null };
    let submitter: string | null;
    let text: string;
    if (row.status === EvaluationStatus.PENDING) {
      if (body.action === 'return') throw badRequest('待审批的评价计划只能通过或驳回');
      submitter = row.submittedBy;
      const note = withNote(reason, await approverNote(tx, own, user.id, submitter));
      if (body.action === 'approve') {
        next = { status: EvaluationStatus.IN_PROGRESS, rejectReason: null };
        step = { action: EvaluationAction.APPROVE, note };
        text = '已审批通过，可以开始评价';
        // The examiners' accounts as they are now: their portal lists the plan from here on.
        await staffWithAccounts(tx, id);
        await openArchive(tx, ArchiveKind.EVALUATION, archiveOpeningOf(row), user);
      } else {
        next = { status: EvaluationStatus.REJECTED, rejectReason: reason };
        step = { action: EvaluationAction.REJECT, note };
        text = `被驳回：${reason}`;
      }
    } else if (row.status === EvaluationStatus.RESULTS_PENDING) {
      if (body.action === 'reject') throw badRequest('待审核的成绩只能通过或退回');
      submitter = row.resultsSubmittedBy;
      const note = withNote(reason, await approverNote(tx, own, user.id, submitter));
      if (body.action === 'approve') {
        const days = row.publicityDays;
        next =
          days > 0
            ? {
                status: EvaluationStatus.PUBLICITY,
                publicityEndsAt: new Date(now.getTime() + days * DAY_MS),
                rejectReason: null,
              }
            : { status: EvaluationStatus.PASSED, publicityEndsAt: null, rejectReason: null };
        step = { action: EvaluationAction.APPROVE_RESULTS, note };
        text = days > 0 ? `的成绩已审核通过，公示${days}天` : '的成绩已审核通过，评价通过';
      } else {
        // Returned results go back to where they are entered: 进行中, or an institution's 阅卷中.
        const entering =
          row.ownerKind === PlanOwner.INSTITUTION ? EvaluationStatus.MARKING : EvaluationStatus.IN_PROGRESS;
        next = { status: entering, rejectReason: reason };
        step = { action: EvaluationAction.RETURN_RESULTS, note };
        text = `的成绩被退回：${reason}`;
      }
    } else {
      throw wrongState(row.status, '审批');
    }
    await tx
      .update(levelEvaluations)
      .set({ ...next, updatedAt: now })
      .where(eq(levelEvaluations.id, id));
    await logSteps(tx, id, user, [step]);
    return {
      id,
      planNo: row.planNo,
      name: row.name,
      tell: submitter && submitter !== user.id ? submitter : null,
      text,
    };
  });
}

/**
 * `POST .../submitResults`: 进行中 (an institution's 阅卷中) → 成绩待审核, when the plan has candidates and every one
 * whose registration stands has a result (counted from the candidate rows themselves).
 */
export async function submitResults(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<Submitted> {
  return db.transaction(async (tx) => {
    const row = await findPlan(tx, own, id, { forUpdate: true });
    const entering =
      row.ownerKind === PlanOwner.INSTITUTION ? EvaluationStatus.MARKING : EvaluationStatus.IN_PROGRESS;
    if (row.status !== entering) throw wrongState(row.status, '提交成绩审核');
    const standing = and(
      eq(levelEvaluationCandidates.evaluationId, id),
      eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.APPROVED),
    );
    const [{ total }] = await tx.select({ total: count() }).from(levelEvaluationCandidates).where(standing);
    if (total === 0)
      throw badRequest(
        `该${row.ownerKind === PlanOwner.INSTITUTION ? '考试' : '评价'}计划还没有考生，不能提交成绩审核`,
      );
    const [{ missing }] = await tx
      .select({ missing: count() })
      .from(levelEvaluationCandidates)
      .where(and(standing, isNull(levelEvaluationCandidates.result)));
    if (missing > 0) throw badRequest(`还有${missing}名考生的成绩未录入完整，请录入后再提交成绩审核`);
    const now = new Date();
    await tx
      .update(levelEvaluations)
      .set({
        status: EvaluationStatus.RESULTS_PENDING,
        resultsSubmittedBy: user.id,
        resultsSubmittedAt: now,
        rejectReason: null,
        updatedAt: now,
      })
      .where(eq(levelEvaluations.id, id));
    await logSteps(tx, id, user, [{ action: EvaluationAction.SUBMIT_RESULTS }]);
    return { id, planNo: row.planNo, name: row.name, companyId: row.companyId, submittedBy: user.id };
  });
}
