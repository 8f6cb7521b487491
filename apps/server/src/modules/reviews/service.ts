import { type Paged, pageMeta } from '@skill-cert/shared/pagination';
import { RecordKind } from '@skill-cert/shared/records';
import {
  type ReviewCounts,
  type ReviewDecisionBody,
  type ReviewDetail,
  type ReviewKindValue,
  type ReviewListQuery,
  ReviewOutcome,
  type ReviewOutcomeValue,
  type ReviewRow,
  type ReviewSettings,
  type ReviewSettingsBody,
  ReviewStep,
  type ReviewStepValue,
  reviewKindNames,
  reviewKinds,
  reviewStepNames,
} from '@skill-cert/shared/reviews';
import { addDays, formatDateTime } from '@skill-cert/shared/time';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import {
  firstApproveApplication,
  pendingSubmittedAt,
  platformFilingOfKind,
  reviewApplication,
  waitingFilingsSql,
} from '../records/service.ts';
import type { UserRow } from '../users/service.ts';
import { reviewFirstSteps, reviewSettings } from './tables.ts';

type App = Pick<FastifyInstance, 'db' | 'messenger'>;

/** What the queue shows of one item beyond its row: its state, the facts a reviewer reads, its timeline. */
interface SourceDetail {
  title: string;
  companyId: string;
  companyName: string;
  /** The submission waiting now; null once decided. */
  submittedAt: Date | null;
  statusText: string;
  fields: ReviewDetail['fields'];
  timeline: ReviewDetail['timeline'];
}

/**
 * One kind of request that waits for the platform. The decision is the owning module's own review service (the one
 * its other screens call), so its state, timeline and message are written once, by it.
 */
interface ReviewSource {
  kind: ReviewKindValue;
  /** `select id, title, company_id, company_name, submitted_at` of what waits now. */
  waiting: () => SQL;
  /** The item's own page in the web app. */
  link: (id: string) => string;
  detail: (db: DbOrTx, id: string, user: UserRow) => Promise<SourceDetail>;
  /** 初审通过: on the item's timeline, the item still waiting. Answers the submission it was about. */
  firstApprove: (app: App, id: string, user: UserRow) => Promise<Date>;
  /** The final 通过 / 驳回 (the module tells the company). */
  decide: (
    app: App,
    id: string,
    user: UserRow,
    decision: { approve: boolean; reason: string | null },
  ) => Promise<void>;
}

/** Enterprise (kind 1) and institution (kind 2) filings: the records module's review. */
const filingSource = (kind: ReviewKindValue, recordKind: 1 | 2): ReviewSource => ({
  kind,
  waiting: () => waitingFilingsSql(recordKind),
  link: () => '/company',
  async detail(db, id, user) {
    const d = await platformFilingOfKind(db, id, recordKind, user);
    return {
      title: d.record_no,
      companyId: d.company_id,
      companyName: d.company_name,
      submittedAt: await pendingSubmittedAt(db, id),
      statusText: d.status_text,
      fields: [
        { label: '备案编号', value: d.record_no },
        { label: '备案类型', value: d.kind_text },
        { label: '申请单位', value: d.company_name },
        { label: '评价职业及等级', value: d.scope_summary || '—' },
        { label: '评价依据', value: d.evaluation_basis_text ?? '—' },
        { label: '考核场地', value: `${d.site_count}个` },
        { label: '考评员 / 质量督导员', value: `${d.examiner_count}人 / ${d.supervisor_count}人` },
        { label: '提交时间', value: d.submit_time_str ?? '—' },
        ...(d.reject_reason ? [{ label: '驳回原因', value: d.reject_reason }] : []),
        ...(d.remark ? [{ label: '备注', value: d.remark }] : []),
      ],
      timeline: d.timeline,
    };
  },
  firstApprove: (app, id, user) => firstApproveApplication(app.db, id, user),
  decide: (app, id, user, decision) =>
    reviewApplication(
      app,
      id,
      user,
      decision.approve ? { approve: true, note: null } : { approve: false, reason: decision.reason ?? '' },
    ),
});

const SOURCES: Record<ReviewKindValue, ReviewSource> = {
  'enterprise-filing': filingSource('enterprise-filing', RecordKind.EMPLOYER),
  'institution-filing': filingSource('institution-filing', RecordKind.INSTITUTION),
};

/** Every kind's waiting items in one relation, each row with its kind. */
const waitingUnion = (): SQL =>
  sql.join(
    reviewKinds.map((kind) => sql`select ${kind}::text as kind, w.* from (${SOURCES[kind].waiting()}) w`),
    sql` union all `,
  );

/** The kinds whose two-step review is on. */
async function twoStepKinds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select().from(reviewSettings).where(eq(reviewSettings.twoStep, true));
  return new Set(rows.map((r) => r.kind));
}

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

const stepOf = (twoStep: boolean, firstBy: string | null): ReviewStepValue =>
  firstBy ? ReviewStep.SECOND : twoStep ? ReviewStep.FIRST : ReviewStep.SINGLE;

interface QueueRow {
  kind: ReviewKindValue;
  id: string;
  title: string;
  company_id: string;
  company_name: string;
  submitted_at: string | Date;
  first_by: string | null;
  total: number | string;
}

/** `GET /api/reviews`: what waits, oldest submission first, by kind, keyword, submission date and step. */
export async function listReviews(db: DbOrTx, q: ReviewListQuery): Promise<Paged<ReviewRow>> {
  if (q.start_date && q.end_date && q.start_date > q.end_date)
    throw badRequest('提交开始日期不能晚于提交结束日期');
  const twoStep = await twoStepKinds(db);
  const pattern = q.keyword ? containsPattern(q.keyword) : null;
  const where = [
    sql`true`,
    q.kind ? sql`q.kind = ${q.kind}` : undefined,
    pattern ? sql`(q.title ilike ${pattern} or q.company_name ilike ${pattern})` : undefined,
    q.start_date ? sql`q.submitted_at >= ${dayStart(q.start_date).toISOString()}` : undefined,
    q.end_date ? sql`q.submitted_at < ${dayStart(addDays(q.end_date, 1)).toISOString()}` : undefined,
    q.step === 'first' ? sql`f.item_id is null` : undefined,
    q.step === 'second' ? sql`f.item_id is not null` : undefined,
  ].filter(Boolean) as SQL[];
  const res = (await db.execute(sql`
    select q.kind, q.id, q.title, q.company_id, q.company_name, q.submitted_at, f.user_name as first_by,
      count(*) over () as total
    from (${waitingUnion()}) q
    left join ${reviewFirstSteps} f
      on f.kind = q.kind and f.item_id = q.id and f.submitted_at = q.submitted_at
    where ${sql.join(where, sql` and `)}
    order by q.submitted_at asc, q.id asc
    limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`)) as unknown as { rows: QueueRow[] };
  let total = Number(res.rows[0]?.total ?? 0);
  if (res.rows.length === 0 && q.page > 1) {
    // Past the last page: the total is still asked for, so the pager can step back.
    const again = await listReviews(db, { ...q, page: 1, per_page: 10 });
    total = again.meta.total;
  }
  return {
    list: res.rows.map((r) => {
      const step = stepOf(twoStep.has(r.kind), r.first_by);
      return {
        _id: r.id,
        kind: r.kind,
        kind_text: reviewKindNames[r.kind],
        title: r.title,
        company_id: r.company_id,
        company_name: r.company_name,
        submitted_at_str: formatDateTime(new Date(r.submitted_at)),
        step,
        step_text: reviewStepNames[step],
        first_reviewer_name: r.first_by,
        link: SOURCES[r.kind].link(r.id),
      };
    }),
    meta: pageMeta(total, q),
  };
}

/** `GET /api/reviews/counts`: what waits, per kind (every kind, 0 included). */
export async function reviewCounts(db: DbOrTx): Promise<ReviewCounts> {
  const res = (await db.execute(
    sql`select q.kind, count(*) as n from (${waitingUnion()}) q group by q.kind`,
  )) as unknown as { rows: { kind: ReviewKindValue; n: number | string }[] };
  const byKind = new Map(res.rows.map((r) => [r.kind, Number(r.n)]));
  const kinds = reviewKinds.map((kind) => ({
    kind,
    kind_text: reviewKindNames[kind],
    count: byKind.get(kind) ?? 0,
  }));
  return { total: kinds.reduce((sum, k) => sum + k.count, 0), kinds };
}

/** The 初审 that counts for the submission waiting now, if any. */
async function firstStepOf(db: DbOrTx, kind: ReviewKindValue, id: string, submittedAt: Date | null) {
  if (!submittedAt) return null;
  const [row] = await db
    .select()
    .from(reviewFirstSteps)
    .where(
      and(
        eq(reviewFirstSteps.kind, kind),
        eq(reviewFirstSteps.itemId, id),
        eq(reviewFirstSteps.submittedAt, submittedAt),
      ),
    );
  return row ?? null;
}

/** `GET /api/reviews/{kind}/{id}`: the item as the queue shows it, waiting or decided. */
export async function reviewDetail(
  db: DbOrTx,
  kind: ReviewKindValue,
  id: string,
  user: UserRow,
): Promise<ReviewDetail> {
  const source = SOURCES[kind];
  const d = await source.detail(db, id, user);
  const twoStep = (await twoStepKinds(db)).has(kind);
  const first = await firstStepOf(db, kind, id, d.submittedAt);
  const step = stepOf(twoStep, first?.userName ?? null);
  return {
    _id: id,
    kind,
    kind_text: reviewKindNames[kind],
    title: d.title,
    company_id: d.companyId,
    company_name: d.companyName,
    submitted_at_str: d.submittedAt ? formatDateTime(d.submittedAt) : '—',
    step,
    step_text: reviewStepNames[step],
    first_reviewer_name: first?.userName ?? null,
    link: source.link(id),
    waiting: d.submittedAt !== null,
    status_text: d.submittedAt ? reviewStepNames[step] : d.statusText,
    fields: d.fields,
    timeline: d.timeline,
  };
}

export const SAME_REVIEWER = '复审须由另一位审核人员进行：您已完成该事项的初审';

/**
 * `POST /api/reviews/{kind}/{id}/decision`. One step: the owning module's 通过 / 驳回. Two steps on for the kind:
 * a first 通过 is the 初审 (on the timeline; the item waits), the 复审 by another user then decides; a 驳回 at either
 * step decides at once (docs/decisions.md: a rejection is undone by resubmitting, so it needs no second pair of eyes).
 */
export async function decideReview(
  app: App,
  kind: ReviewKindValue,
  id: string,
  user: UserRow,
  body: ReviewDecisionBody,
): Promise<ReviewOutcomeValue> {
  const source = SOURCES[kind];
  const { db } = app;
  const d = await source.detail(db, id, user);
  const twoStep = (await twoStepKinds(db)).has(kind);
  const first = await firstStepOf(db, kind, id, d.submittedAt);
  if (first && first.userId === user.id) throw badRequest(SAME_REVIEWER);
  const approve = body.decision === 'approve';
  if (approve && twoStep && !first && d.submittedAt) {
    // Claimed before the timeline step, so two reviewers at once make one 初审 (the other is told to look again).
    const submittedAt = d.submittedAt;
    const [claimed] = await db
      .insert(reviewFirstSteps)
      .values({ kind, itemId: id, submittedAt, userId: user.id, userName: user.name })
      .onConflictDoUpdate({
        target: [reviewFirstSteps.kind, reviewFirstSteps.itemId],
        set: { submittedAt, userId: user.id, userName: user.name, createdAt: new Date() },
        setWhere: ne(reviewFirstSteps.submittedAt, submittedAt),
      })
      .returning({ kind: reviewFirstSteps.kind });
    if (!claimed) throw badRequest('该事项已由其他审核人员完成初审，请刷新后进行复审');
    try {
      await source.firstApprove(app, id, user);
    } catch (error) {
      await db
        .delete(reviewFirstSteps)
        .where(and(eq(reviewFirstSteps.kind, kind), eq(reviewFirstSteps.itemId, id)));
      throw error;
    }
    return ReviewOutcome.FIRST_APPROVED;
  }
  await source.decide(app, id, user, { approve, reason: body.reason });
  return approve ? ReviewOutcome.APPROVED : ReviewOutcome.REJECTED;
}

/** Whether filings of this kind (1 enterprise, 2 institution) are under two-step review (企业管理 approves none then). */
export async function filingTwoStep(db: DbOrTx, recordKind: 1 | 2): Promise<boolean> {
  const kind = recordKind === RecordKind.INSTITUTION ? 'institution-filing' : 'enterprise-filing';
  return (await twoStepKinds(db)).has(kind);
}

/** `GET /api/reviews/settings`: every kind with its two-step switch. */
export async function readReviewSettings(db: DbOrTx): Promise<ReviewSettings> {
  const on = await twoStepKinds(db);
  return {
    kinds: reviewKinds.map((kind) => ({ kind, kind_text: reviewKindNames[kind], two_step: on.has(kind) })),
  };
}

/** `PUT /api/reviews/settings`: the kinds named are set; the others keep theirs. */
export async function saveReviewSettings(
  db: DbOrTx,
  userId: string,
  body: ReviewSettingsBody,
): Promise<ReviewSettings> {
  await db.transaction(async (tx) => {
    for (const k of body.kinds) {
      await tx
        .insert(reviewSettings)
        .values({ kind: k.kind, twoStep: k.two_step, updatedBy: userId })
        .onConflictDoUpdate({
          target: reviewSettings.kind,
          set: { twoStep: k.two_step, updatedBy: userId, updatedAt: new Date() },
        });
    }
  });
  return readReviewSettings(db);
}
