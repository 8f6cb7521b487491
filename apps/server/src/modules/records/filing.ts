import { randomBytes } from 'node:crypto';
import { CompanyType } from '@skill-cert/shared/companies';
import { type SkillLevelCode, sortLevels } from '@skill-cert/shared/occupations';
import {
  EvaluationBasis,
  RecordAction,
  type RecordActionValue,
  type RecordApplicationBody,
  type RecordApplicationDetail,
  RecordKind,
  RecordStatus,
  recordSubmitProblem,
} from '@skill-cert/shared/records';
import { formatDate } from '@skill-cert/shared/time';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { stepRows } from '../../lib/timeline.ts';
import { regionNames } from '../area/service.ts';
import { findCompany } from '../companies/service.ts';
import { type PlatformFileLink, readableFile } from '../files/service.ts';
import { checkScope } from '../occupations/service.ts';
import type { UserRow } from '../users/service.ts';
import { scopeRowsOf, toDetail } from './applications.ts';
import { recordApplications, recordLogs, recordPersonnel, recordScopes, recordSites } from './tables.ts';

export type ApplicationRow = typeof recordApplications.$inferSelect;

/** Kinds of recordPersonnel rows. */
export const EXAMINER = 1 as const;
export const SUPERVISOR = 2 as const;

export const NOT_FOUND = '备案申请不存在';

/** The platform's 企业管理 shows a submitted filing's files (its detail and review): that permission reads them. */
export const filingFilesLink: PlatformFileLink = {
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
};

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

/**
 * `keptCodes`: the occupations the application already held, which stay usable after the catalogue disables them
 * (a disabled occupation is offered for no new filing).
 */
async function checkContent(
  db: DbOrTx,
  user: UserRow,
  body: RecordApplicationBody,
  keptCodes: ReadonlySet<string> = new Set(),
): Promise<CheckedContent> {
  const scopes: CheckedContent['scopes'] = [];
  for (const [i, row] of body.scopes.entries()) {
    // A draft's row may still lack its occupation; submitting asks for it.
    if (!row.occupation_code) {
      scopes.push({ occupationCode: '', occupationName: '', workType: null, levels: sortLevels(row.levels) });
      continue;
    }
    const occupation = await checkScope(db, row, `第${i + 1}个评价职业`, keptCodes);
    scopes.push({
      occupationCode: occupation.code,
      occupationName: occupation.name,
      workType: row.work_type,
      levels: sortLevels(row.levels),
    });
  }
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
export async function log(
  tx: DbOrTx,
  applicationId: string,
  user: { id: string; name: string },
  steps: { action: RecordActionValue; note?: string | null }[],
): Promise<void> {
  await tx.insert(recordLogs).values(stepRows(user, steps).map((row) => ({ applicationId, ...row })));
}

/** Creates an application of the company (its kind by the company's type), as a draft or submitted at once. */
export async function createApplication(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  body: RecordApplicationBody,
): Promise<string> {
  const content = await checkContent(db, user, body);
  const company = await findCompany(db, own.id);
  const kind = company?.type === CompanyType.INSTITUTION ? RecordKind.INSTITUTION : RecordKind.EMPLOYER;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(recordApplications)
      .values({
        companyId: own.id,
        kind,
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
  const held = await db
    .select({ code: recordScopes.occupationCode })
    .from(recordScopes)
    .where(eq(recordScopes.applicationId, id));
  const content = await checkContent(db, user, body, new Set(held.map((h) => h.code)));
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

/** The company's own application in full, with its timeline. */
export async function companyApplicationDetail(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<RecordApplicationDetail> {
  return toDetail(db, await ownApplication(db, own, id), user);
}

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
