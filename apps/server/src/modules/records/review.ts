import {
  type PlatformCompanyDetail,
  RecordAction,
  type RecordApplicationDetail,
  type RecordApproveBody,
  RecordStatus,
  recordStatusText,
} from '@skill-cert/shared/records';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/service.ts';
import { toDetail } from './applications.ts';
import { assignCodes } from './codes.ts';
import { log, NOT_FOUND } from './filing.ts';
import { recordApplications } from './tables.ts';

/** Any company's submitted application (a draft is the company's own business: not found). */
export async function platformApplicationDetail(
  db: DbOrTx,
  id: string,
  user: UserRow,
): Promise<RecordApplicationDetail> {
  const [row] = await db
    .select()
    .from(recordApplications)
    .where(and(eq(recordApplications.id, id), ne(recordApplications.status, RecordStatus.DRAFT)));
  if (!row) throw notFound(NOT_FOUND);
  return toDetail(db, row, user, true);
}

/** The platform approves or rejects an application waiting for review. Returns what the company is told. */
export async function decideApplication(
  db: DbOrTx,
  id: string,
  reviewer: UserRow,
  decision:
    | { approve: true; note: string | null; codes?: RecordApproveBody }
    | { approve: false; reason: string },
): Promise<{ companyId: string; recordNo: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recordApplications)
      .where(and(eq(recordApplications.id, id), ne(recordApplications.status, RecordStatus.DRAFT)))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== RecordStatus.PENDING)
      throw badRequest(`该备案申请${recordStatusText[row.status]}，只有待审核的申请可以审核`);
    if (decision.approve) await assignCodes(tx, row, decision.codes);
    await tx
      .update(recordApplications)
      .set({
        status: decision.approve ? RecordStatus.APPROVED : RecordStatus.REJECTED,
        rejectReason: decision.approve ? null : decision.reason,
        decidedAt: new Date(),
        decidedBy: reviewer.id,
      })
      .where(eq(recordApplications.id, id));
    await log(tx, id, reviewer, [
      decision.approve
        ? { action: RecordAction.APPROVE, note: decision.note }
        : { action: RecordAction.REJECT, note: decision.reason },
    ]);
    return { companyId: row.companyId, recordNo: row.recordNo };
  });
}

/** A company's submitted and approved applications (the platform's company detail). */
export async function applicationCounts(
  db: DbOrTx,
  companyId: string,
): Promise<Pick<PlatformCompanyDetail, 'application_count' | 'approved_count'>> {
  const [counts] = await db
    .select({
      submitted: count(),
      approved:
        sql<number>`count(*) filter (where ${recordApplications.status} = ${RecordStatus.APPROVED})`.mapWith(
          Number,
        ),
    })
    .from(recordApplications)
    .where(
      and(eq(recordApplications.companyId, companyId), ne(recordApplications.status, RecordStatus.DRAFT)),
    );
  return { application_count: counts.submitted, approved_count: counts.approved };
}

/** Whether the company holds an approved filing (evaluation screens refuse until it does, DOMAIN.md). */
