import { TemplateKey } from '@skill-cert/shared/messages';
import {
  type PlatformCompanyDetail,
  RecordAction,
  type RecordApplicationDetail,
  type RecordApproveBody,
  RecordStatus,
  recordStatusText,
} from '@skill-cert/shared/records';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { companyNameSql } from '../companies/service.ts';
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

/** A submitted application locked for a decision: only one 待审核 may be decided (a draft is not found). */
async function lockPending(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(recordApplications)
    .where(and(eq(recordApplications.id, id), ne(recordApplications.status, RecordStatus.DRAFT)))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== RecordStatus.PENDING)
    throw badRequest(`该备案申请${recordStatusText[row.status]}，只有待审核的申请可以审核`);
  return row;
}

/** The platform approves or rejects an application waiting for review. Returns what the company is told. */
export async function decideApplication(
  db: DbOrTx,
  id: string,
  reviewer: UserRow,
  decision: FilingDecision,
): Promise<{ companyId: string; recordNo: string }> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
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

export type FilingDecision =
  | { approve: true; note: string | null; codes?: RecordApproveBody }
  | { approve: false; reason: string };

const RECORD_CATEGORY = '备案通知';

/**
 * The platform's decision on a filing and the company's message about it: what every review route calls (企业管理's
 * approve / reject and 审核中心), so the company is told once, in the same words, whichever screen decided.
 */
export async function reviewApplication(
  app: Pick<FastifyInstance, 'db' | 'messenger'>,
  id: string,
  reviewer: UserRow,
  decision: FilingDecision,
): Promise<void> {
  const { companyId, recordNo } = await decideApplication(app.db, id, reviewer, decision);
  const content = decision.approve
    ? `您的备案申请（${recordNo}）已通过平台审核${decision.note ? `：${decision.note}` : ''}`
    : `您的备案申请（${recordNo}）被平台驳回：${decision.reason}`;
  await app.messenger.toCompany(companyId, {
    category: RECORD_CATEGORY,
    content,
    relatedId: id,
    templateKey: TemplateKey.RECORD_DECIDED,
  });
}

/**
 * The filings of `kind` waiting for the platform, as the review queue reads them (modules/reviews): one select of
 * `id, title, company_id, company_name, submitted_at`, unioned there with the other kinds' sources.
 */
export const waitingFilingsSql = (kind: 1 | 2): SQL => sql`
  select ${recordApplications.id} as id, ${recordApplications.recordNo} as title,
    ${recordApplications.companyId} as company_id,
    coalesce(${companyNameSql(recordApplications.companyId)}, '') as company_name,
    ${recordApplications.submittedAt} as submitted_at
  from ${recordApplications}
  where ${recordApplications.status} = ${RecordStatus.PENDING} and ${recordApplications.kind} = ${kind}`;

/** A submitted filing of `kind` as the platform reads it (any other id or kind: not found). */
export async function platformFilingOfKind(
  db: DbOrTx,
  id: string,
  kind: 1 | 2,
  user: UserRow,
): Promise<RecordApplicationDetail> {
  const detail = await platformApplicationDetail(db, id, user);
  if (detail.kind !== kind) throw notFound(NOT_FOUND);
  return detail;
}

/** When the filing waiting for review was submitted (exactly, to tell submissions apart); null once decided. */
export async function pendingSubmittedAt(db: DbOrTx, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: recordApplications.submittedAt })
    .from(recordApplications)
    .where(and(eq(recordApplications.id, id), eq(recordApplications.status, RecordStatus.PENDING)));
  return row?.at ?? null;
}

/**
 * 初审通过 of a two-step review: the filing stays 待审核 and the step is on its timeline. Answers the submission it
 * was about (its `submitted_at`), so a later resubmission starts afresh.
 */
export async function firstApproveApplication(db: DbOrTx, id: string, reviewer: UserRow): Promise<Date> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    await log(tx, id, reviewer, [{ action: RecordAction.FIRST_APPROVE }]);
    return row.submittedAt as Date;
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
