import { skillLevelName, sortLevels } from '@skill-cert/shared/occupations';
import {
  evaluationBasisText,
  isRecordEditable,
  type RecordApplicationDetail,
  type RecordApplicationRow,
  type RecordFile,
  RecordKind,
  type RecordPerson,
  RecordStatus,
  type RecordStatusValue,
  recordActionText,
  recordKindText,
  recordStatusText,
} from '@skill-cert/shared/records';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { timelineOf } from '../../lib/timeline.ts';
import { regionNames } from '../area/service.ts';
import { companiesNamed, companyNameSql } from '../companies/service.ts';
import { readableFile, webPathOf } from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import { assignedCodes, proposedCodes } from './codes.ts';
import { type ApplicationRow, EXAMINER, SUPERVISOR } from './filing.ts';
import { recordApplications, recordLogs, recordPersonnel, recordScopes, recordSites } from './tables.ts';

export interface ListFilter {
  /** The caller's company (enterprise); the platform passes none and sees every company's submitted ones. */
  company?: CompanyScope;
  status?: number;
  keyword?: string;
  /** Platform: one company. */
  company_id?: string;
  /** Platform: one kind (1 用人单位, 2 社会培训评价组织). */
  kind?: number;
  page: number;
  per_page: number;
}

function listWhere(db: DbOrTx, f: Omit<ListFilter, 'page' | 'per_page'>): SQL | undefined {
  const keyword = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    f.company ? ofCompany(recordApplications, f.company) : ne(recordApplications.status, RecordStatus.DRAFT),
    f.company_id ? eq(recordApplications.companyId, f.company_id) : undefined,
    f.kind === undefined ? undefined : eq(recordApplications.kind, f.kind),
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
export const scopeRowsOf = (db: DbOrTx, ids: string[]) =>
  db
    .select()
    .from(recordScopes)
    .where(inArray(recordScopes.applicationId, ids))
    .orderBy(asc(recordScopes.sort));

/** A scope row as the list summarises it. */
interface ScopeSummary {
  occupationName: string | null;
  workType: string | null;
  levels: number[];
}

/**
 * What a list row shows besides the application's own columns, as SQL beside it: its company's name, its scope rows
 * in order, and its counts. The conditions are SQL objects of their own so their columns keep their table names
 * (drizzle leaves them off the fields of a one-table select). Built when read: this module and filing.ts import each
 * other, so `EXAMINER` is not there yet while this module loads.
 */
const besideRow = () => ({
  companyName: companyNameSql(recordApplications.companyId),
  scopes: sql<
    ScopeSummary[]
  >`(select coalesce(json_agg(json_build_object('occupationName', ${recordScopes.occupationName},
    'workType', ${recordScopes.workType}, 'levels', ${recordScopes.levels}) order by ${recordScopes.sort}), '[]')
    from ${recordScopes} where ${eq(recordScopes.applicationId, recordApplications.id)})`,
  sites: sql<number>`(select count(*)::int from ${recordSites}
    where ${eq(recordSites.applicationId, recordApplications.id)})`.mapWith(Number),
  examiners: sql<number>`(select count(*)::int from ${recordPersonnel}
    where ${and(eq(recordPersonnel.applicationId, recordApplications.id), eq(recordPersonnel.kind, EXAMINER))})`.mapWith(
    Number,
  ),
  supervisors: sql<number>`(select count(*)::int from ${recordPersonnel}
    where ${and(eq(recordPersonnel.applicationId, recordApplications.id), eq(recordPersonnel.kind, SUPERVISOR))})`.mapWith(
    Number,
  ),
});

type Beside = ReturnType<typeof besideRow>;
type ListedApplication = { application: ApplicationRow } & { [K in keyof Beside]: Beside[K]['_']['type'] };

function toRow(r: ListedApplication): RecordApplicationRow {
  const a = r.application;
  return {
    _id: a.id,
    record_no: a.recordNo,
    company_id: a.companyId,
    company_name: r.companyName ?? '',
    kind: a.kind === RecordKind.INSTITUTION ? RecordKind.INSTITUTION : RecordKind.EMPLOYER,
    kind_text: recordKindText[a.kind] ?? recordKindText[RecordKind.EMPLOYER],
    status: a.status as RecordStatusValue,
    status_text: recordStatusText[a.status] ?? '',
    scope_summary: r.scopes
      .map((s) => {
        const levels = s.levels.length ? `（${s.levels.map(skillLevelName).join('、')}）` : '';
        return `${s.occupationName || '未选职业'}${s.workType ? `·${s.workType}` : ''}${levels}`;
      })
      .join('；'),
    site_count: r.sites,
    examiner_count: r.examiners,
    supervisor_count: r.supervisors,
    reject_reason: a.status === RecordStatus.REJECTED ? a.rejectReason : null,
    submit_time_str: a.submittedAt ? formatDateTime(a.submittedAt) : null,
    decide_time_str: a.decidedAt ? formatDateTime(a.decidedAt) : null,
    create_time_str: formatDateTime(a.createdAt),
    update_time_str: formatDateTime(a.updatedAt),
  };
}

/** What the company's list reads (its cached pages hold until one of them is written). */
export const RECORD_LIST_TABLES = [
  'record_applications',
  'record_application_scopes',
  'record_application_sites',
  'record_application_personnel',
  'companies',
] as const;

/**
 * A page of applications: the company's own (newest first), or for the platform every submitted one. One
 * statement: the page, its total, and beside each application its company's name, scope rows and counts.
 */
export async function listApplications(
  db: DbOrTx,
  f: ListFilter,
): Promise<{ list: RecordApplicationRow[]; total: number }> {
  const where = listWhere(db, f);
  const rows = await db
    .select({ application: recordApplications, ...besideRow(), total: totalOf(recordApplications, where) })
    .from(recordApplications)
    .where(where)
    .orderBy(
      ...(f.company
        ? [desc(recordApplications.createdAt)]
        : [sql`${recordApplications.submittedAt} desc nulls last`, desc(recordApplications.createdAt)]),
      desc(recordApplications.id),
    )
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  // An empty page past the first carries no total: it is counted alone.
  const total =
    rows[0]?.total ??
    (f.page === 1 ? 0 : ((await db.select({ n: count() }).from(recordApplications).where(where))[0]?.n ?? 0));
  return { list: rows.map(toRow), total };
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

export async function toDetail(
  db: DbOrTx,
  a: ApplicationRow,
  user: UserRow,
  forReviewer = false,
): Promise<RecordApplicationDetail> {
  const { codes, proposed } = await codesShown(db, a, forReviewer);
  const [listed] = await db
    .select(besideRow())
    .from(recordApplications)
    .where(eq(recordApplications.id, a.id));
  const base = toRow({
    application: a,
    ...(listed ?? { companyName: null, scopes: [], sites: 0, examiners: 0, supervisors: 0 }),
  });
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
