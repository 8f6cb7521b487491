import {
  areCandidatesEditable,
  areScoresEditable,
  type EvaluationOptions,
  EvaluationStatus,
  type EvaluationStatusValue,
  evaluationActionText,
  evaluationMethodText,
  evaluationStatusText,
  isPlanEditable,
  type LevelEvaluationDetail,
  type LevelEvaluationRow,
  TicketStatus,
} from '@skill-cert/shared/level-evaluations';
import { type SkillLevelCode, skillLevelName } from '@skill-cert/shared/occupations';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { timelineOf } from '../../lib/timeline.ts';
import { companyAdminIds } from '../companies/service.ts';
import { occupationsByCode } from '../occupations/service.ts';
import { approvedFilings } from '../records/service.ts';
import type { UserRow } from '../users/service.ts';
import { hasScores, logisticsOpen } from './exam-logistics.ts';
import { SUPERVISOR, staffWithAccounts } from './examiners.ts';
import { planLogisticsOf } from './logistics-summary.ts';
import { endDuePublicity, findPlan, isPastEnd, nextPublicityEndOf, type PlanRow } from './plans.ts';
import { resultCounts } from './statistics.ts';
import {
  levelEvaluationLogs,
  levelEvaluationMethods,
  levelEvaluationScoreChanges,
  levelEvaluations,
} from './tables.ts';

/** A stored plan as a row of the lists. */
export function toRow(p: PlanRow): LevelEvaluationRow {
  const status = p.status as EvaluationStatusValue;
  return {
    _id: p.id,
    plan_no: p.planNo,
    name: p.name,
    record_application_id: p.recordApplicationId,
    occupation_code: p.occupationCode,
    occupation_name: p.occupationName,
    work_type: p.workType,
    level: (p.level as SkillLevelCode | null) ?? null,
    level_name: p.level ? skillLevelName(p.level) : null,
    start_date: p.startDate,
    end_date: p.endDate,
    status,
    status_text: evaluationStatusText[status] ?? '',
    candidate_count: p.candidateCount,
    pass_count: p.passCount,
    publicity_end_str:
      status === EvaluationStatus.PUBLICITY && p.publicityEndsAt ? formatDateTime(p.publicityEndsAt) : null,
    create_user_name: p.createdByName,
    create_time_str: formatDateTime(p.createdAt),
    update_time_str: formatDateTime(p.updatedAt),
  };
}

/** Keyword on the name or the plan number (`%`, `_` literal). */
export const planKeyword = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(ilike(levelEvaluations.name, pattern), ilike(levelEvaluations.planNo, pattern));
};

export interface PlanListFilter {
  keyword?: string;
  status?: number;
  occupation_code?: string;
  level?: number;
  start_date?: string;
  end_date?: string;
  page: number;
  per_page: number;
}

/** What the plan list and the approvals read (their cached pages hold until one of them is written). */
export const PLAN_LIST_TABLES = ['level_evaluations'] as const;

/**
 * `GET /api/levelEvaluations`: the company's plans, newest first. The date range keeps plans whose own dates
 * overlap it (a plan without dates matches no range). One statement: the page by the order's index, its total and
 * the company's next publicity end beside it; when that end is past, the due periods end and the page is read again.
 */
export async function listPlans(
  db: DbOrTx,
  own: CompanyScope,
  f: PlanListFilter,
  now = new Date(),
): Promise<{ list: LevelEvaluationRow[]; total: number; nextPublicityEnd: Date | null }> {
  const where = and(
    ofCompany(levelEvaluations, own),
    planKeyword(f.keyword),
    f.status === undefined ? undefined : eq(levelEvaluations.status, f.status),
    f.occupation_code ? eq(levelEvaluations.occupationCode, f.occupation_code) : undefined,
    f.level === undefined ? undefined : eq(levelEvaluations.level, f.level),
    f.start_date ? gte(levelEvaluations.endDate, f.start_date) : undefined,
    f.end_date ? lte(levelEvaluations.startDate, f.end_date) : undefined,
  );
  const meta = { total: totalOf(levelEvaluations, where), nextEnd: nextPublicityEndOf(own) };
  const read = async () => {
    const rows = await db
      .select({ plan: levelEvaluations, ...meta })
      .from(levelEvaluations)
      .where(where)
      .orderBy(desc(levelEvaluations.createdAt), desc(levelEvaluations.id))
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page);
    // An empty page carries no total: it is asked alone.
    const [found] = rows.length ? rows : await db.select(meta).from(sql`(select 1) as one`);
    return { list: rows.map((r) => toRow(r.plan)), total: found.total, nextPublicityEnd: found.nextEnd };
  };
  const first = await read();
  if (!isPastEnd(first.nextPublicityEnd, now)) return first;
  await endDuePublicity(db, { company: own }, now);
  return read();
}

/** What the caller may do with the plan now (the screens show actions by it; every route checks again). */
function abilitiesOf(
  p: PlanRow,
  own: CompanyScope,
  user: UserRow,
  soleAdmin: boolean,
  changesByOthers: number,
  scored: boolean,
): LevelEvaluationDetail['abilities'] {
  const admin = own.role === 1;
  const mayDecide = (submitter: string | null) => admin && (submitter !== user.id || soleAdmin);
  return {
    can_edit: isPlanEditable(p.status),
    can_delete: p.status === EvaluationStatus.DRAFT,
    can_submit: isPlanEditable(p.status),
    can_review:
      (p.status === EvaluationStatus.PENDING && mayDecide(p.submittedBy)) ||
      (p.status === EvaluationStatus.RESULTS_PENDING && mayDecide(p.resultsSubmittedBy)),
    can_edit_candidates: areCandidatesEditable(p.status),
    can_edit_scores: areScoresEditable(p.status),
    can_submit_results: p.status === EvaluationStatus.IN_PROGRESS,
    can_request_change: p.status === EvaluationStatus.PUBLICITY,
    can_review_changes: admin && p.status === EvaluationStatus.PUBLICITY && changesByOthers > 0,
    can_edit_sessions: logisticsOpen(p, 'sessions', scored),
    can_seat: logisticsOpen(p, 'seating', scored),
    can_render_tickets: logisticsOpen(p, 'tickets', scored) && p.ticketsStatus !== TicketStatus.RENDERING,
  };
}

/**
 * What a plan's detail shows beside its row, for an enterprise plan and a test plan alike: its filing, methods, staff,
 * pending score changes by requester and its log.
 */
export async function planParts(db: DbOrTx, own: CompanyScope, p: PlanRow) {
  const [filing] = p.recordApplicationId ? await approvedFilings(db, own, p.recordApplicationId) : [];
  const methods = await db
    .select()
    .from(levelEvaluationMethods)
    .where(eq(levelEvaluationMethods.evaluationId, p.id))
    .orderBy(asc(levelEvaluationMethods.method));
  const staff = await staffWithAccounts(db, p.id);
  const changes = await db
    .select({ requestedBy: levelEvaluationScoreChanges.requestedBy, n: count() })
    .from(levelEvaluationScoreChanges)
    .where(and(eq(levelEvaluationScoreChanges.evaluationId, p.id), eq(levelEvaluationScoreChanges.status, 0)))
    .groupBy(levelEvaluationScoreChanges.requestedBy);
  const logs = await db
    .select()
    .from(levelEvaluationLogs)
    .where(eq(levelEvaluationLogs.evaluationId, p.id))
    .orderBy(asc(levelEvaluationLogs.createdAt), asc(levelEvaluationLogs.id));
  return { filing, methods, staff, changes, logs };
}

/** `GET /api/levelEvaluations/{id}`: the plan in full, with what the caller may do and its timeline. */
export async function planDetail(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<LevelEvaluationDetail> {
  const p = await findPlan(db, own, id);
  const { filing, methods, staff, changes, logs } = await planParts(db, own, p);
  const results = await resultCounts(db, id);
  const logistics = await planLogisticsOf(db, p);
  const scored = await hasScores(db, p.id);
  const soleAdmin = own.role === 1 && (await companyAdminIds(db, own.id)).length === 1;
  const pendingChanges = changes.reduce((sum, c) => sum + c.n, 0);
  const changesByOthers = soleAdmin
    ? pendingChanges
    : changes.filter((c) => c.requestedBy !== user.id).reduce((sum, c) => sum + c.n, 0);
  const site = filing?.sites.find((s) => s.id === p.siteId);
  const person = (s: (typeof staff)[number]) => ({
    _id: s.personId,
    name: s.name,
    phone: s.phone,
    qualification: s.qualification,
  });
  return {
    ...toRow(p),
    record_no: filing?.recordNo ?? null,
    methods: methods.map((m) => ({
      method: m.method as 1 | 2 | 3 | 4,
      method_text: evaluationMethodText[m.method as 1 | 2 | 3 | 4] ?? '',
      full_mark: m.fullMarkTenths / 10,
      pass_mark: m.passMarkTenths / 10,
    })),
    site: site
      ? { _id: site.id, name: site.name, address: site.address, region_names: site.regionNames }
      : null,
    examiners: staff.filter((s) => s.kind !== SUPERVISOR).map(person),
    supervisors: staff.filter((s) => s.kind === SUPERVISOR).map(person),
    publicity_days: p.publicityDays,
    remark: p.remark,
    reject_reason: p.rejectReason,
    result_counts: results,
    pending_change_count: pendingChanges,
    ...logistics.summary,
    abilities: abilitiesOf(p, own, user, soleAdmin, changesByOthers, scored),
    timeline: timelineOf(logs, evaluationActionText),
  };
}

/** `GET /api/levelEvaluations/options`: what a plan may choose, from the company's approved filings. */
export async function evaluationOptionsOf(db: DbOrTx, own: CompanyScope): Promise<EvaluationOptions> {
  const filings = await approvedFilings(db, own);
  const catalogue = await occupationsByCode(
    db,
    filings.flatMap((f) => f.scopes.map((s) => s.occupationCode)),
  );
  return {
    filings: filings.map((f) => {
      const person = (p: (typeof f.people)[number]) => ({
        _id: p.id,
        name: p.name,
        phone: p.phone,
        qualification: p.qualification,
      });
      return {
        _id: f.id,
        record_no: f.recordNo,
        scopes: f.scopes.map((s) => ({
          occupation_code: s.occupationCode,
          occupation_name: s.occupationName,
          work_type: s.workType,
          levels: s.levels,
          enabled: catalogue.get(s.occupationCode)?.enabled ?? false,
          comprehensive_review: catalogue.get(s.occupationCode)?.comprehensive_review ?? true,
        })),
        sites: f.sites.map((s) => ({
          _id: s.id,
          name: s.name,
          address: s.address,
          region_names: s.regionNames,
        })),
        examiners: f.people.filter((p) => p.kind !== SUPERVISOR).map(person),
        supervisors: f.people.filter((p) => p.kind === SUPERVISOR).map(person),
      };
    }),
  };
}
