import { randomBytes } from 'node:crypto';
import { type SkillLevelCode, skillLevelName, sortLevels } from '@skill-cert/shared/occupation';
import {
  EvaluationBasis,
  evaluationBasisText,
  isRecordEditable,
  type PlatformCompanyDetail,
  RecordAction,
  type RecordActionValue,
  type RecordApplicationBody,
  type RecordApplicationDetail,
  type RecordApplicationRow,
  type RecordApproveBody,
  type RecordFile,
  type RecordPerson,
  RecordStatus,
  type RecordStatusValue,
  recordActionText,
  recordStatusText,
  recordSubmitProblem,
} from '@skill-cert/shared/recordApplication';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { stepRows, timelineOf } from '../../lib/timeline.ts';
import { regionNames } from '../area/service.ts';
import { companiesNamed, companyNamesOf } from '../companies/service.ts';
import { platformReadsFiles, readableFile, webPathOf } from '../files/service.ts';
import { checkScope } from '../occupations/service.ts';
import type { UserRow } from '../users/service.ts';
import { assignCodes, assignedCodes, proposedCodes } from './codes.ts';
import { recordApplications, recordLogs, recordPersonnel, recordScopes, recordSites } from './tables.ts';

type ApplicationRow = typeof recordApplications.$inferSelect;

/** Kinds of recordPersonnel rows. */
const EXAMINER = 1 as const;
const SUPERVISOR = 2 as const;

const NOT_FOUND = '备案申请不存在';

// The platform's 企业管理 shows a submitted filing's files (its detail and review): that permission reads them.
platformReadsFiles({
  permission: 'platform:company:list',
  async links(db, fileId) {
    const [row] = await db
      .select({ id: recordApplications.id })
      .from(recordApplications)
      .where(
        and(
          ne(recordApplications.status, RecordStatus.DRAFT),
          or(
            eq(recordApplications.basisFileId, fileId),
            sql`${fileId}::uuid = any(${recordApplications.attachmentIds})`,
          ),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
});

/** 'BA' + the date in China + 6 characters without look-alikes (0/O, 1/I). */
function newRecordNo(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `BA${formatDate(now).replaceAll('-', '')}${tail}`;
}

/** A file the user may attach (their own or their company's); anything else reads as "upload again". */
async function usableFile(db: DbOrTx, id: string, user: UserRow, message: string): Promise<void> {
  try {
    await readableFile(db, id, user);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(message);
    throw error;
  }
}

/** The content after the catalogue, region and file checks, ready to store. */
interface CheckedContent {
  body: RecordApplicationBody;
  scopes: { occupationCode: string; occupationName: string; workType: string | null; levels: number[] }[];
  basisFileId: string | null;
}

async function checkContent(db: DbOrTx, user: UserRow, body: RecordApplicationBody): Promise<CheckedContent> {
  const scopes = body.scopes.map((row, i) => {
    // A draft's row may still lack its occupation; submitting asks for it.
    if (!row.occupation_code) {
      return { occupationCode: '', occupationName: '', workType: null, levels: sortLevels(row.levels) };
    }
    const occupation = checkScope(row, `第${i + 1}个评价职业`);
    return {
      occupationCode: occupation.code,
      occupationName: occupation.name,
      workType: row.work_type,
      levels: sortLevels(row.levels),
    };
  });
  for (const [i, site] of body.sites.entries()) {
    if (site.region_code && regionNames(site.region_code).length < 2)
      throw badRequest(`第${i + 1}个考核场地：请选择场地所在地区`);
  }
  const basisFileId = body.evaluation_basis === EvaluationBasis.ENTERPRISE ? body.basis_file_id : null;
  if (basisFileId) await usableFile(db, basisFileId, user, '请重新上传企业评价规范文件');
  for (const id of body.attachment_ids) await usableFile(db, id, user, '附件不存在，请重新上传');
  if (body.submit) {
    const problem = recordSubmitProblem({ ...body, basis_file_id: basisFileId });
    if (problem) throw badRequest(problem);
  }
  return { body, scopes, basisFileId };
}

async function writeChildren(tx: DbOrTx, applicationId: string, content: CheckedContent): Promise<void> {
  const { body, scopes } = content;
  await tx.delete(recordScopes).where(eq(recordScopes.applicationId, applicationId));
  await tx.delete(recordSites).where(eq(recordSites.applicationId, applicationId));
  await tx.delete(recordPersonnel).where(eq(recordPersonnel.applicationId, applicationId));
  if (scopes.length)
    await tx.insert(recordScopes).values(scopes.map((s, sort) => ({ ...s, applicationId, sort })));
  if (body.sites.length)
    await tx.insert(recordSites).values(
      body.sites.map((s, sort) => ({
        applicationId,
        name: s.name,
        regionCode: s.region_code,
        address: s.address,
        sort,
      })),
    );
  const people = [
    ...body.examiners.map((p, sort) => ({ ...p, kind: EXAMINER, sort })),
    ...body.supervisors.map((p, sort) => ({ ...p, kind: SUPERVISOR, sort })),
  ];
  if (people.length)
    await tx.insert(recordPersonnel).values(
      people.map((p) => ({
        applicationId,
        kind: p.kind,
        name: p.name,
        idNumber: p.id_number,
        phone: p.phone,
        qualification: p.qualification,
        sort: p.sort,
      })),
    );
}

/** Stores steps in order (lib/timeline.ts `stepRows`). */
async function log(
  tx: DbOrTx,
  applicationId: string,
  user: { id: string; name: string },
  steps: { action: RecordActionValue; note?: string | null }[],
): Promise<void> {
  await tx.insert(recordLogs).values(stepRows(user, steps).map((row) => ({ applicationId, ...row })));
}

/** Creates an application of the company, as a draft or submitted at once. Returns its id. */
export async function createApplication(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  body: RecordApplicationBody,
): Promise<string> {
  const content = await checkContent(db, user, body);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(recordApplications)
      .values({
        companyId: own.id,
        recordNo: newRecordNo(now),
        status: body.submit ? RecordStatus.PENDING : RecordStatus.DRAFT,
        evaluationBasis: body.evaluation_basis,
        basisFileId: content.basisFileId,
        attachmentIds: body.attachment_ids,
        remark: body.remark,
        submittedAt: body.submit ? now : null,
        createdBy: user.id,
      })
      .returning({ id: recordApplications.id });
    await writeChildren(tx, row.id, content);
    await log(tx, row.id, user, [
      { action: RecordAction.CREATE },
      ...(body.submit ? [{ action: RecordAction.SUBMIT }] : []),
    ]);
    return row.id;
  });
}

/** The company's own application, locked for a change; another company's id reads as not found. */
async function ownApplication(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  lock = false,
): Promise<ApplicationRow> {
  const query = db
    .select()
    .from(recordApplications)
    .where(and(eq(recordApplications.id, id), ofCompany(recordApplications, own)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function refuseChange(status: number, what: '修改' | '提交'): void {
  if (status === RecordStatus.PENDING)
    throw badRequest(
      what === '修改' ? '该备案申请已提交审核，审核完成前不能修改' : '该备案申请已提交审核，请勿重复提交',
    );
  if (status === RecordStatus.APPROVED) throw badRequest(`该备案申请已通过审核，不能再${what}`);
}

/** Replaces the content of a draft or rejected application; with `submit`, submits it too. */
export async function updateApplication(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
  body: RecordApplicationBody,
): Promise<void> {
  const current = await ownApplication(db, own, id);
  refuseChange(current.status, '修改');
  const content = await checkContent(db, user, body);
  await db.transaction(async (tx) => {
    const row = await ownApplication(tx, own, id, true);
    refuseChange(row.status, '修改');
    await tx
      .update(recordApplications)
      .set({
        evaluationBasis: body.evaluation_basis,
        basisFileId: content.basisFileId,
        attachmentIds: body.attachment_ids,
        remark: body.remark,
        ...(body.submit ? { status: RecordStatus.PENDING, submittedAt: new Date(), rejectReason: null } : {}),
      })
      .where(eq(recordApplications.id, id));
    await writeChildren(tx, id, content);
    await log(tx, id, user, [
      { action: RecordAction.UPDATE },
      ...(body.submit ? [{ action: submitAction(row.status) }] : []),
    ]);
  });
}

const submitAction = (status: number): RecordActionValue =>
  status === RecordStatus.REJECTED ? RecordAction.RESUBMIT : RecordAction.SUBMIT;

/** Submits (or resubmits after a rejection) what is stored, when it is complete. */
export async function submitApplication(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownApplication(tx, own, id, true);
    refuseChange(row.status, '提交');
    const scopes = await tx
      .select({
        occupation_code: recordScopes.occupationCode,
        work_type: recordScopes.workType,
        levels: recordScopes.levels,
      })
      .from(recordScopes)
      .where(eq(recordScopes.applicationId, id))
      .orderBy(recordScopes.sort);
    const sites = await tx
      .select({ name: recordSites.name, region_code: recordSites.regionCode, address: recordSites.address })
      .from(recordSites)
      .where(eq(recordSites.applicationId, id))
      .orderBy(recordSites.sort);
    const people = await tx
      .select({
        kind: recordPersonnel.kind,
        name: recordPersonnel.name,
        id_number: recordPersonnel.idNumber,
        phone: recordPersonnel.phone,
        qualification: recordPersonnel.qualification,
      })
      .from(recordPersonnel)
      .where(eq(recordPersonnel.applicationId, id))
      .orderBy(recordPersonnel.sort);
    const problem = recordSubmitProblem({
      scopes,
      evaluation_basis: row.evaluationBasis,
      basis_file_id: row.basisFileId,
      sites,
      examiners: people.filter((p) => p.kind === EXAMINER).map(({ kind: _, ...p }) => p),
      supervisors: people.filter((p) => p.kind === SUPERVISOR).map(({ kind: _, ...p }) => p),
    });
    if (problem) throw badRequest(`${problem}，请编辑后再提交`);
    await tx
      .update(recordApplications)
      .set({ status: RecordStatus.PENDING, submittedAt: new Date(), rejectReason: null })
      .where(eq(recordApplications.id, id));
    await log(tx, id, user, [{ action: submitAction(row.status) }]);
  });
}

/** Deletes a draft; anything already submitted stays on record. */
export async function deleteApplication(db: DbOrTx, own: CompanyScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownApplication(tx, own, id, true);
    if (row.status !== RecordStatus.DRAFT) throw badRequest('只有草稿状态的备案申请可以删除');
    await tx.delete(recordApplications).where(eq(recordApplications.id, id));
  });
}

export interface ListFilter {
  /** The caller's company (enterprise); the platform passes none and sees every company's submitted ones. */
  company?: CompanyScope;
  status?: number;
  keyword?: string;
  /** Platform: one company. */
  company_id?: string;
  page: number;
  per_page: number;
}

function listWhere(db: DbOrTx, f: Omit<ListFilter, 'page' | 'per_page'>): SQL | undefined {
  const keyword = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    f.company ? ofCompany(recordApplications, f.company) : ne(recordApplications.status, RecordStatus.DRAFT),
    f.company_id ? eq(recordApplications.companyId, f.company_id) : undefined,
    f.status === undefined ? undefined : eq(recordApplications.status, f.status),
    keyword
      ? or(
          ilike(recordApplications.recordNo, keyword),
          sql`exists (select 1 from ${recordScopes} where ${recordScopes.applicationId} = ${recordApplications.id}
            and (${recordScopes.occupationName} ilike ${keyword} or ${recordScopes.workType} ilike ${keyword}
              or ${recordScopes.occupationCode} ilike ${keyword}))`,
          f.company || !f.keyword
            ? undefined
            : inArray(recordApplications.companyId, companiesNamed(db, f.keyword)),
        )
      : undefined,
  );
}

/** The scope rows of these applications, in their order. */
const scopeRowsOf = (db: DbOrTx, ids: string[]) =>
  db
    .select()
    .from(recordScopes)
    .where(inArray(recordScopes.applicationId, ids))
    .orderBy(asc(recordScopes.sort));

/** Turns stored rows into list rows: company names, scope summary and counts in four queries for the page. */
async function toRows(db: DbOrTx, applications: ApplicationRow[]): Promise<RecordApplicationRow[]> {
  const ids = applications.map((a) => a.id);
  if (ids.length === 0) return [];
  const names = await companyNamesOf(
    db,
    applications.map((a) => a.companyId),
  );
  const scopes = await scopeRowsOf(db, ids);
  const sites = await db
    .select({ id: recordSites.applicationId, n: count() })
    .from(recordSites)
    .where(inArray(recordSites.applicationId, ids))
    .groupBy(recordSites.applicationId);
  const people = await db
    .select({ id: recordPersonnel.applicationId, kind: recordPersonnel.kind, n: count() })
    .from(recordPersonnel)
    .where(inArray(recordPersonnel.applicationId, ids))
    .groupBy(recordPersonnel.applicationId, recordPersonnel.kind);
  return applications.map((a) => ({
    _id: a.id,
    record_no: a.recordNo,
    company_id: a.companyId,
    company_name: names.get(a.companyId) ?? '',
    status: a.status as RecordStatusValue,
    status_text: recordStatusText[a.status] ?? '',
    scope_summary: scopes
      .filter((s) => s.applicationId === a.id)
      .map((s) => {
        const levels = s.levels.length ? `（${s.levels.map(skillLevelName).join('、')}）` : '';
        return `${s.occupationName || '未选职业'}${s.workType ? `·${s.workType}` : ''}${levels}`;
      })
      .join('；'),
    site_count: sites.find((s) => s.id === a.id)?.n ?? 0,
    examiner_count: people.find((p) => p.id === a.id && p.kind === EXAMINER)?.n ?? 0,
    supervisor_count: people.find((p) => p.id === a.id && p.kind === SUPERVISOR)?.n ?? 0,
    reject_reason: a.status === RecordStatus.REJECTED ? a.rejectReason : null,
    submit_time_str: a.submittedAt ? formatDateTime(a.submittedAt) : null,
    decide_time_str: a.decidedAt ? formatDateTime(a.decidedAt) : null,
    create_time_str: formatDateTime(a.createdAt),
    update_time_str: formatDateTime(a.updatedAt),
  }));
}

/** A page of applications: the company's own (newest first), or for the platform every submitted one. */
export async function listApplications(db: DbOrTx, f: ListFilter) {
  const where = listWhere(db, f);
  const [{ n }] = await db.select({ n: count() }).from(recordApplications).where(where);
  const rows = await db
    .select()
    .from(recordApplications)
    .where(where)
    .orderBy(
      ...(f.company
        ? [desc(recordApplications.createdAt)]
        : [sql`${recordApplications.submittedAt} desc nulls last`, desc(recordApplications.createdAt)]),
    )
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  return { list: await toRows(db, rows), total: n };
}

async function fileInfo(db: DbOrTx, id: string, user: UserRow): Promise<RecordFile> {
  try {
    const file = await readableFile(db, id, user);
    return { file_id: id, webPath: webPathOf(id), originName: file.originName };
  } catch (error) {
    if (error instanceof AppError) return { file_id: id, webPath: webPathOf(id), originName: '文件已不可用' };
    throw error;
  }
}

/**
 * The filing's certificate-number codes as its viewer sees them: the assigned ones once approved; the proposal while
 * the platform reviews it (`forReviewer`); none otherwise.
 */
async function codesShown(db: DbOrTx, a: ApplicationRow, forReviewer: boolean) {
  if (a.status === RecordStatus.APPROVED) return { codes: await assignedCodes(db, a), proposed: false };
  if (forReviewer && a.status === RecordStatus.PENDING)
    return { codes: await proposedCodes(db, a), proposed: true };
  return { codes: null, proposed: false };
}

async function toDetail(
  db: DbOrTx,
  a: ApplicationRow,
  user: UserRow,
  forReviewer = false,
): Promise<RecordApplicationDetail> {
  const { codes, proposed } = await codesShown(db, a, forReviewer);
  const [base] = await toRows(db, [a]);
  const scopes = await db
    .select()
    .from(recordScopes)
    .where(eq(recordScopes.applicationId, a.id))
    .orderBy(asc(recordScopes.sort));
  const sites = await db
    .select()
    .from(recordSites)
    .where(eq(recordSites.applicationId, a.id))
    .orderBy(asc(recordSites.sort));
  const people = await db
    .select()
    .from(recordPersonnel)
    .where(eq(recordPersonnel.applicationId, a.id))
    .orderBy(asc(recordPersonnel.kind), asc(recordPersonnel.sort));
  const logs = await db
    .select()
    .from(recordLogs)
    .where(eq(recordLogs.applicationId, a.id))
    .orderBy(asc(recordLogs.createdAt), asc(recordLogs.id));
  const person = (p: (typeof people)[number]): RecordPerson => ({
    _id: p.id,
    name: p.name,
    id_number: p.idNumber,
    phone: p.phone,
    qualification: p.qualification,
  });
  const attachments: RecordFile[] = [];
  for (const id of a.attachmentIds) attachments.push(await fileInfo(db, id, user));
  return {
    ...base,
    scopes: scopes.map((s) => {
      const levels = sortLevels(s.levels);
      return {
        _id: s.id,
        occupation_code: s.occupationCode,
        occupation_name: s.occupationName,
        work_type: s.workType,
        levels,
        level_names: levels.map(skillLevelName),
      };
    }),
    evaluation_basis: a.evaluationBasis === 1 || a.evaluationBasis === 2 ? a.evaluationBasis : null,
    evaluation_basis_text: a.evaluationBasis ? (evaluationBasisText[a.evaluationBasis] ?? null) : null,
    basis_file: a.basisFileId ? await fileInfo(db, a.basisFileId, user) : null,
    sites: sites.map((s) => ({
      _id: s.id,
      name: s.name,
      region_code: s.regionCode,
      region_names: regionNames(s.regionCode),
      address: s.address,
      site_code: codes?.siteCodes.get(s.id) ?? null,
    })),
    examiners: people.filter((p) => p.kind === EXAMINER).map(person),
    supervisors: people.filter((p) => p.kind === SUPERVISOR).map(person),
    attachments,
    remark: a.remark,
    editable: isRecordEditable(a.status),
    deletable: a.status === RecordStatus.DRAFT,
    timeline: timelineOf(logs, recordActionText),
    institution_code: codes?.institutionCode ?? null,
    province_code: codes?.provinceCode ?? null,
    codes_proposed: proposed,
  };
}

/** The company's own application in full, with its timeline. */
export async function companyApplicationDetail(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<RecordApplicationDetail> {
  return toDetail(db, await ownApplication(db, own, id), user);
}

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
export async function hasApprovedRecord(db: DbOrTx, own: CompanyScope): Promise<boolean> {
  const [row] = await db
    .select({ id: recordApplications.id })
    .from(recordApplications)
    .where(and(ofCompany(recordApplications, own), eq(recordApplications.status, RecordStatus.APPROVED)))
    .limit(1);
  return Boolean(row);
}

/** A filing as an evaluation plan may use it: scope rows, sites (with region names), examiners, supervisors. */
export interface ApprovedFiling {
  id: string;
  recordNo: string;
  scopes: {
    occupationCode: string;
    occupationName: string;
    workType: string | null;
    levels: SkillLevelCode[];
  }[];
  sites: { id: string; name: string; address: string; regionNames: string[] }[];
  /** Examiners (kind 1) and supervisors (kind 2), in the filing's order. */
  people: { id: string; kind: 1 | 2; name: string; phone: string; qualification: string }[];
}

/**
 * The company's approved filings with what a plan may choose from them (evaluation options, the plan's checks),
 * oldest first; with `id`, only that one (none when it is not the company's or not approved). Four queries.
 */
export async function approvedFilings(db: DbOrTx, own: CompanyScope, id?: string): Promise<ApprovedFiling[]> {
  const filings = await db
    .select({ id: recordApplications.id, recordNo: recordApplications.recordNo })
    .from(recordApplications)
    .where(
      and(
        ofCompany(recordApplications, own),
        eq(recordApplications.status, RecordStatus.APPROVED),
        id ? eq(recordApplications.id, id) : undefined,
      ),
    )
    .orderBy(asc(recordApplications.decidedAt), asc(recordApplications.createdAt));
  const ids = filings.map((f) => f.id);
  if (ids.length === 0) return [];
  const scopes = await scopeRowsOf(db, ids);
  const sites = await db
    .select()
    .from(recordSites)
    .where(inArray(recordSites.applicationId, ids))
    .orderBy(asc(recordSites.sort));
  const people = await db
    .select()
    .from(recordPersonnel)
    .where(inArray(recordPersonnel.applicationId, ids))
    .orderBy(asc(recordPersonnel.kind), asc(recordPersonnel.sort));
  return filings.map((f) => ({
    id: f.id,
    recordNo: f.recordNo,
    scopes: scopes
      .filter((s) => s.applicationId === f.id)
      .map((s) => ({
        occupationCode: s.occupationCode,
        occupationName: s.occupationName,
        workType: s.workType,
        levels: sortLevels(s.levels),
      })),
    sites: sites
      .filter((s) => s.applicationId === f.id)
      .map((s) => ({ id: s.id, name: s.name, address: s.address, regionNames: regionNames(s.regionCode) })),
    people: people
      .filter((p) => p.applicationId === f.id)
      .map((p) => ({
        id: p.id,
        kind: p.kind === SUPERVISOR ? SUPERVISOR : EXAMINER,
        name: p.name,
        phone: p.phone,
        qualification: p.qualification,
      })),
  }));
}
