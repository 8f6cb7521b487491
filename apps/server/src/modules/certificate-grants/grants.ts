import {
  type GrantCertificateRow,
  type GrantDetail,
  type GrantOptions,
  type GrantRow,
  GrantStatus,
  type grantCertificateQuery,
  type grantCreateBody,
  type grantListQuery,
  grantStatusText,
} from '@skill-cert/shared/certificate-grants';
import {
  CertificateSource,
  evaluationEnd,
  issueDateProblem,
  NATIONAL_TEMPLATE_ID,
  NATIONAL_TEMPLATE_NAME,
} from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import {
  EvaluationStatus,
  type EvaluationStatusValue,
  evaluationStatusText,
  PlanOwner,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { isSkillLevelCode, skillLevelName } from '@skill-cert/shared/occupations';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { totalOf } from '../../lib/page-total.ts';
import {
  BATCH_FIXED_BLANKS,
  CERTIFICATE_NOT_FOUND,
  certificateInsertRows,
  confirmCertificates,
  insertNumberedDrafts,
  LIBRARY_RENDER_QUEUE,
  type LibrarySource,
  type NumberPrefix,
  noneWaiting,
  notGenerated,
  numberPrefixOf,
  numberRange,
  queueRendering,
  renderAgain,
  rowCounters,
  sourceCertificate,
  sourceCertificates,
  sourceZip,
  toSourceCertificateRow,
  wakeRendering,
} from '../certificates/service.ts';
import { chosenTemplate } from '../custom-certificates/service.ts';

export { CERTIFICATE_NOT_FOUND };

import { planZipName } from '../../lib/download-names.ts';
import { companyNameOf } from '../companies/service.ts';
import { listTemplates } from '../custom-certificates/service.ts';
import type { PlanRow } from '../level-evaluations/service.ts';
import {
  grantablePlan,
  markPlanGranted,
  type PlanSummary,
  passedCandidates,
  planSummaries,
  planSummaryOf,
  plansMatching,
} from '../level-evaluations/service.ts';
import type { UserRow } from '../users/service.ts';
import { certificateGrants } from './tables.ts';

export const GRANT_NOT_FOUND = '发证记录不存在或已删除';
export const GRANT_CATEGORY = '证书通知';

type GrantTableRow = typeof certificateGrants.$inferSelect;

/** The caller of a grant route: the signed-in user and the company the enterprise door found. */
export interface GrantCaller {
  user: UserRow;
  company: CompanyScope;
}

// ------------------------------------------------------------------------------------------- rendering

/** A grant's certificates render on the library's path; the grant keeps the counters and ends 待确认 with a message. */
export const grantLibrarySource: LibrarySource = {
  kind: CertificateSource.GRANT,
  queue: LIBRARY_RENDER_QUEUE,
  fixedBlanks: BATCH_FIXED_BLANKS,
  async load(db, sourceId) {
    const [grant] = await db.select().from(certificateGrants).where(eq(certificateGrants.id, sourceId));
    return grant
      ? {
          template: grant.template,
          createdAt: grant.createdAt,
          ownerId: grant.createdBy,
          companyId: grant.companyId,
        }
      : null;
  },
  ...rowCounters({
    table: certificateGrants,
    id: certificateGrants.id,
    succeeded: certificateGrants.successCount,
    failed: certificateGrants.failedCount,
    total: certificateGrants.total,
  }),
  finish: finishGrantIfDone,
};

/**
 * Once no certificate of a grant still generating waits, the grant is 1 待确认 and its starter gets
 * create_level_evaluate_certificate_done, in one transaction; the guarded update lets exactly one caller do it.
 */
export async function finishGrantIfDone(app: FastifyInstance, grantId: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [done] = await tx
        .update(certificateGrants)
        .set({ status: GrantStatus.TO_CONFIRM, finishedAt: new Date() })
        .where(
          and(
            eq(certificateGrants.id, grantId),
            eq(certificateGrants.status, GrantStatus.GENERATING),
            noneWaiting(grantId),
          ),
        )
        .returning();
      if (!done) return null;
      const plan = (await planSummaries(tx, [done.evaluationId])).get(done.evaluationId);
      return {
        userIds: [done.createdBy],
        message: {
          category: GRANT_CATEGORY,
          content:
            done.failedCount > 0
              ? `「${plan?.name ?? ''}」证书生成完成：成功 ${done.successCount} 张，失败 ${done.failedCount} 张，请重新生成失败的证书后确认发证`
              : `「${plan?.name ?? ''}」证书生成完成：共 ${done.successCount} 张，请核对后确认发证`,
          templateKey: TemplateKey.LEVEL_CERTIFICATE_DONE,
          // An institution's staff open the test plan (its 证书 tab), which has one grant; an enterprise's the grant.
          relatedId: plan?.ownerKind === PlanOwner.INSTITUTION ? done.evaluationId : grantId,
        },
      };
    },
    { grantId },
  );
}

// ------------------------------------------------------------------------------------------- options

/** Why the plan cannot be granted now, or null. */
async function blockedReason(
  db: DbOrTx,
  plan: PlanRow,
): Promise<{ reason: string; prefix: null } | { reason: null; prefix: NumberPrefix }> {
  if (plan.status !== EvaluationStatus.PASSED) {
    const text = evaluationStatusText[plan.status as EvaluationStatusValue] ?? '';
    const what = plan.ownerKind === PlanOwner.INSTITUTION ? '考试计划' : '评价计划';
    return { reason: `该${what}${text}，只有已通过的${what}可以发证`, prefix: null };
  }
  const [granted] = await db
    .select({ id: certificateGrants.id })
    .from(certificateGrants)
    .where(eq(certificateGrants.evaluationId, plan.id));
  if (granted) return { reason: '该评价计划已发起发证，不能重复发证', prefix: null };
  const found = await numberPrefixOf(db, plan.companyId, plan.siteId);
  if (found.prefix === null) return { reason: found.problem, prefix: null };
  return { reason: null, prefix: found.prefix };
}

const levelOf = (level: number | null) => (level && isSkillLevelCode(level) ? level : null);

/** What the add page shows: the plan, the templates (national first), the 合格 candidates, and any blocker. */
export async function grantOptions(
  db: DbOrTx,
  own: CompanyScope,
  evaluationId: string,
): Promise<GrantOptions> {
  const plan = await grantablePlan(db, own, evaluationId);
  const blocked = await blockedReason(db, plan);
  const { list: templates } = await listTemplates(db, own, { page: 1, per_page: 500 });
  const candidates = await passedCandidates(db, plan.id);
  const level = levelOf(plan.level);
  return {
    evaluation: {
      _id: plan.id,
      plan_no: plan.planNo,
      name: plan.name,
      occupation_name: plan.occupationName,
      work_type: plan.workType,
      level,
      level_name: level ? skillLevelName(level) : null,
      status: plan.status,
      status_text: evaluationStatusText[plan.status as EvaluationStatusValue] ?? '',
      end_date: plan.endDate,
    },
    templates: [
      { _id: NATIONAL_TEMPLATE_ID, name: NATIONAL_TEMPLATE_NAME, national: true },
      ...templates.map((t) => ({ _id: t._id, name: t.template_name, national: false })),
    ],
    candidates: candidates.map((c) => ({
      _id: c.id,
      name: c.name,
      id_type: c.idType as 1,
      id_number: c.idNumber,
      has_photo: Boolean(c.photoFileId),
    })),
    blocked_reason: candidates.length === 0 && !blocked.reason ? '该评价计划没有合格考生' : blocked.reason,
  };
}

// --------------------------------------------------------------------------------------------- start

/**
 * Starts a grant: in one transaction the grant row, one certificate per chosen 合格 candidate (status 0 待确认), their
 * numbers (consecutive serials of the company's prefix, the issue year and the plan's level) and the render jobs;
 * the PDFs are rendered afterwards by the library's runner. Refused (400, in Chinese) unless the plan is 已通过, not
 * granted yet, the company and the plan's site have their codes, and the issue date passes issueDateProblem.
 */
export async function createGrant(
  app: FastifyInstance,
  caller: GrantCaller,
  body: z.output<typeof grantCreateBody>,
): Promise<string> {
  const grant = await prepareGrant(app.db, caller, body);
  const grantId = await app.db.transaction(async (tx) => {
    const written = await writeGrant(tx, grant, certificateInsertRows(app));
    await queueRendering(
      app,
      tx,
      { kind: CertificateSource.GRANT, sourceId: written.grantId, companyId: caller.company.id },
      written.rowNumbers,
    );
    return written.grantId;
  });
  wakeRendering(app, CertificateSource.GRANT);
  return grantId;
}

/** A grant checked and ready to write: the plan, its number prefix and level, the template, the candidates. */
export type PreparedGrant = Awaited<ReturnType<typeof prepareGrant>>;

/** The checks of a grant before its transaction (400/404 in Chinese), and what it will write. */
export async function prepareGrant(db: DbOrTx, caller: GrantCaller, body: z.output<typeof grantCreateBody>) {
  const plan = await grantablePlan(db, caller.company, body.evaluation_id);
  const blocked = await blockedReason(db, plan);
  if (blocked.prefix === null) throw badRequest(blocked.reason);
  const { prefix } = blocked;
  const dateProblem = issueDateProblem(body.issue_date, formatDate(new Date()), evaluationEnd(plan.endDate));
  if (dateProblem) throw badRequest(dateProblem);
  const level = levelOf(plan.level);
  if (!level) throw badRequest('该评价计划未设置职业技能等级，不能发证');
  const template = await chosenTemplate(db, caller.company, body.template_id);
  const chosen = await passedCandidates(
    db,
    plan.id,
    body.scope === 'selected' ? body.candidate_ids : undefined,
  );
  if (chosen.length === 0) throw badRequest('该评价计划没有合格考生，无需发证');
  const institutionName = await companyNameOf(db, caller.company.id);
  return { caller, body, plan, prefix, level, template, chosen, institutionName };
}

/**
 * Inside the caller's transaction: the grant row, its certificates (drafts, status 0) and their numbers, consecutive
 * serials of the prefix, the issue year and the plan's level. Answers the grant and its certificates' row numbers.
 */
export async function writeGrant(
  tx: DbOrTx,
  g: PreparedGrant,
  insertRows?: number,
): Promise<{ grantId: string; rowNumbers: number[] }> {
  const { caller, body, plan, prefix, level, template, chosen, institutionName } = g;
  // The blanks' values are not stored: the renderer derives them from the row's fields (certificates/rendering.ts).
  const grantId = uuidv7();
  // The plan is locked: of two grants of one plan at once, the second sees the first (unique evaluation_id too).
  const locked = await grantablePlan(tx, caller.company, plan.id, true);
  if (locked.status !== EvaluationStatus.PASSED) throw badRequest('该评价计划状态已变化，请刷新后重试');
  await tx
    .insert(certificateGrants)
    .values({
      id: grantId,
      companyId: caller.company.id,
      evaluationId: plan.id,
      templateId: body.template_id,
      template,
      issueDate: body.issue_date,
      scope: body.scope,
      status: GrantStatus.GENERATING,
      total: chosen.length,
      createdBy: caller.user.id,
      createdByName: caller.user.name,
    })
    .onConflictDoNothing({ target: certificateGrants.evaluationId })
    .returning({ id: certificateGrants.id })
    .then((rows) => {
      if (rows.length === 0) throw badRequest('该评价计划已发起发证，不能重复发证');
    });
  const { rowNumbers } = await insertNumberedDrafts(
    tx,
    {
      prefix,
      companyId: caller.company.id,
      source: CertificateSource.GRANT,
      sourceId: grantId,
      evaluationId: plan.id,
      occupationCode: plan.occupationCode,
      occupationName: plan.occupationName,
      workType: plan.workType,
      level,
      institutionName,
      issueDate: body.issue_date,
    },
    chosen.map((c) => ({
      candidateId: c.id,
      holderName: c.name,
      idType: c.idType,
      idNumber: c.idNumber,
      photoFileId: c.photoFileId,
    })),
    insertRows,
  );
  return { grantId, rowNumbers };
}

// ---------------------------------------------------------------------------------------------- read

/** A grant of the caller's company (404 otherwise), optionally locked. */
export async function findGrant(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  forUpdate = false,
): Promise<GrantTableRow> {
  const query = db
    .select()
    .from(certificateGrants)
    .where(and(eq(certificateGrants.id, id), ofCompany(certificateGrants, own)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(GRANT_NOT_FOUND);
  return row;
}

/** The download name of the grant's zip, after its plan: `{计划编号}_{计划名称}_证书.zip`. */
export async function grantZipName(db: DbOrTx, grant: GrantTableRow): Promise<string> {
  const plan = (await planSummaries(db, [grant.evaluationId])).get(grant.evaluationId);
  return planZipName(
    { planNo: plan?.planNo ?? null, name: plan?.name || grant.template.template_name },
    '证书',
  );
}

function toRow(g: GrantTableRow, plan: PlanSummary | undefined): GrantRow {
  const level = levelOf(plan?.level ?? null);
  return {
    _id: g.id,
    evaluation_id: g.evaluationId,
    plan_no: plan?.planNo ?? null,
    evaluation_name: plan?.name ?? '',
    occupation_name: plan?.occupationName ?? null,
    work_type: plan?.workType ?? null,
    level,
    level_name: level ? skillLevelName(level) : null,
    template_name: g.template.template_name,
    issue_date: g.issueDate,
    total: g.total,
    success_count: g.successCount,
    failed_count: g.failedCount,
    status: g.status,
    status_text: grantStatusText[g.status],
    created_by_name: g.createdByName,
    create_time_str: formatDateTime(g.createdAt),
    confirm_time_str: g.confirmedAt ? formatDateTime(g.confirmedAt) : null,
  };
}

/** What the grant list reads (its cached pages hold until one of them is written). */
export const GRANT_LIST_TABLES = ['certificate_grants', 'level_evaluations'] as const;

/**
 * `/grant-certificate`: the company's grants, newest first; keyword matches the plan's name or number. One
 * statement: the page, its total and each grant's plan beside it.
 */
export async function listGrants(
  db: DbOrTx,
  own: CompanyScope,
  q: z.output<typeof grantListQuery> & { page: number; per_page: number },
): Promise<{ list: GrantRow[]; total: number }> {
  const where = and(
    ofCompany(certificateGrants, own),
    q.status === undefined ? undefined : eq(certificateGrants.status, q.status),
    q.keyword || q.level !== undefined
      ? inArray(certificateGrants.evaluationId, plansMatching(db, own, q))
      : undefined,
  );
  const rows = await db
    .select({
      grant: certificateGrants,
      plan: planSummaryOf(certificateGrants.evaluationId),
      total: totalOf(certificateGrants, where),
    })
    .from(certificateGrants)
    .where(where)
    .orderBy(desc(certificateGrants.createdAt), desc(certificateGrants.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  // An empty page past the first carries no total: it is counted alone.
  const total =
    rows[0]?.total ??
    (q.page === 1 ? 0 : ((await db.select({ n: count() }).from(certificateGrants).where(where))[0]?.n ?? 0));
  return { list: rows.map((r) => toRow(r.grant, r.plan ?? undefined)), total };
}

export async function grantDetail(db: DbOrTx, own: CompanyScope, id: string): Promise<GrantDetail> {
  const grant = await findGrant(db, own, id);
  const plan = (await planSummaries(db, [grant.evaluationId])).get(grant.evaluationId);
  const range = await numberRange(db, id);
  return { ...toRow(grant, plan), first_no: range.first, last_no: range.last };
}

/** The plan's grant as its detail shows it (archives read it for volume 5), or null when it has none. */
export async function grantOfPlan(
  db: DbOrTx,
  own: CompanyScope,
  evaluationId: string,
): Promise<GrantDetail | null> {
  const [row] = await db
    .select({ id: certificateGrants.id })
    .from(certificateGrants)
    .where(and(eq(certificateGrants.evaluationId, evaluationId), ofCompany(certificateGrants, own)));
  return row ? grantDetail(db, own, row.id) : null;
}

/** The certificates of a grant, in row order; keyword: name prefix, ID number or certificate number. */
export async function listGrantCertificates(
  db: DbOrTx,
  own: CompanyScope,
  grantId: string,
  q: z.output<typeof grantCertificateQuery> & { page: number; per_page: number },
): Promise<{ list: GrantCertificateRow[]; total: number }> {
  await findGrant(db, own, grantId);
  const { rows, total } = await sourceCertificates(db, grantId, q);
  return {
    list: rows.map(toSourceCertificateRow),
    total,
  };
}

/** A certificate of the caller's grant (404 otherwise). */
export async function grantCertificate(
  db: DbOrTx,
  own: CompanyScope,
  grantId: string,
  certificateId: string,
) {
  await findGrant(db, own, grantId);
  const row = await sourceCertificate(db, grantId, certificateId);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

// ------------------------------------------------------------------------------------------- changes

/** Renders a failed certificate of a grant not yet confirmed again. */
export async function regenerateGrantCertificate(
  app: FastifyInstance,
  caller: GrantCaller,
  grantId: string,
  certificateId: string,
): Promise<void> {
  const grant = await findGrant(app.db, caller.company, grantId);
  const row = await grantCertificate(app.db, caller.company, grantId, certificateId);
  if (grant.status === GrantStatus.GRANTED) throw badRequest('该批证书已确认发证，不能重新生成');
  if (row.produceStatus !== ProduceStatus.FAILED) throw badRequest('只有生成失败的证书可以重新生成');
  if ((await renderAgain(app, [row.id])).length === 0) throw badRequest('只有生成失败的证书可以重新生成');
}

/**
 * 确认发证: in one transaction every certificate of the grant becomes 1 有效 with `confirmed_at`, the grant 2 已发证 and
 * the plan 6 已发证. Only a grant 待确认 whose certificates were all generated.
 */
export async function confirmGrant(
  app: FastifyInstance,
  caller: GrantCaller,
  grantId: string,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const grant = await findGrant(tx, caller.company, grantId, true);
    if (grant.status === GrantStatus.GRANTED) throw badRequest('该批证书已确认发证');
    if (grant.status === GrantStatus.GENERATING) throw badRequest('证书正在生成中，请生成完成后再确认发证');
    const n = await notGenerated(tx, grantId);
    if (n > 0) throw badRequest(`有 ${n} 张证书生成失败或尚未生成，请重新生成后再确认发证`);
    await markConfirmed(tx, grant, caller.user, new Date());
  });
}

/** Inside the caller's transaction: the certificates 有效, the grant 已发证 and the plan 已发证 (on its timeline). */
export async function markConfirmed(
  tx: DbOrTx,
  grant: { id: string; evaluationId: string },
  user: { id: string; name: string },
  at: Date,
): Promise<void> {
  await confirmCertificates(tx, grant.id, at);
  await tx
    .update(certificateGrants)
    .set({ status: GrantStatus.GRANTED, confirmedAt: at, confirmedBy: user.id })
    .where(eq(certificateGrants.id, grant.id));
  await markPlanGranted(tx, grant.evaluationId, user);
}

/** Every generated certificate of a grant as one streamed zip, in row order. */
export const grantZip = sourceZip;
