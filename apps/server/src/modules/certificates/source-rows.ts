import type { GrantCertificateRow } from '@skill-cert/shared/certificate-grants';
import {
  type CertificateSourceValue,
  CertificateStatus,
  certificateStatusText,
} from '@skill-cert/shared/certificates';
import { ProduceStatus, produceStatusText } from '@skill-cert/shared/custom-certificates';
import { and, asc, count, eq, gt, ilike, max, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import { uuidv7 } from '../../lib/id.ts';
import { containsPattern, prefixPattern } from '../../lib/like.ts';
import { inPieces, pieceRows } from '../../lib/pieces.ts';
import { allocateCertificateNumbers, type NumberPrefix } from './numbers.ts';
import { certificates } from './tables.ts';

/**
 * What a source of library certificates (a grant, an offline batch, a custom batch) reads and changes of its own
 * rows: the certificates module owns the table, the source module calls these.
 */
export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;

/** Certificate rows written per statement at most. */
const INSERT_ROWS = 2000;

/** Certificate rows a server inserts a statement: on the embedded database, statements short enough not to hold it. */
export const certificateInsertRows = (app: FastifyInstance) => pieceRows(app, 40, INSERT_ROWS);

/**
 * Writes a source's new certificates (inside the caller's transaction), a piece a statement with one JSON parameter
 * (bound values by the ten thousand cost the embedded database far more): 2,000 a statement, or the pieces of
 * `size` (`certificateInsertRows`), between which requests are answered.
 */
export async function insertCertificates(
  tx: DbOrTx,
  rows: NewCertificate[],
  size = INSERT_ROWS,
): Promise<void> {
  await inPieces(rows, size, async (piece) => {
    const json = JSON.stringify(
      piece.map((r) => ({
        id: r.id,
        company_id: r.companyId,
        source: r.source,
        source_id: r.sourceId,
        row_number: r.rowNumber ?? 1,
        row_key: r.rowKey ?? '',
        evaluation_id: r.evaluationId ?? null,
        candidate_id: r.candidateId ?? null,
        certificate_no: r.certificateNo ?? null,
        holder_name: r.holderName,
        id_type: r.idType ?? 1,
        id_number: r.idNumber ?? '',
        occupation_code: r.occupationCode ?? null,
        occupation_name: r.occupationName ?? null,
        work_type: r.workType ?? null,
        level: r.level ?? null,
        institution_name: r.institutionName ?? null,
        issue_date: r.issueDate ?? null,
        photo_file_id: r.photoFileId ?? null,
        values: r.values ?? [],
        search_text: r.searchText ?? '',
        produce_status: r.produceStatus ?? ProduceStatus.PENDING,
        fail_reason: r.failReason ?? null,
        status: r.status ?? 0,
      })),
    );
    await tx.execute(sql`
      insert into ${certificates} (id, company_id, source, source_id, row_number, row_key, evaluation_id, candidate_id,
        certificate_no, holder_name, id_type, id_number, occupation_code, occupation_name, work_type, level,
        institution_name, issue_date, photo_file_id, values, search_text, produce_status, fail_reason, status)
      select id, company_id, source, source_id, row_number, row_key, evaluation_id, candidate_id, certificate_no,
        holder_name, id_type, id_number, occupation_code, occupation_name, work_type, level, institution_name,
        issue_date, photo_file_id, values, search_text, produce_status, fail_reason, status
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, company_id uuid, source smallint, source_id uuid,
        row_number integer, row_key text, evaluation_id uuid, candidate_id uuid, certificate_no text,
        holder_name text, id_type smallint, id_number text, occupation_code text, occupation_name text,
        work_type text, level smallint, institution_name text, issue_date date, photo_file_id uuid, values jsonb,
        search_text text, produce_status smallint, fail_reason text, status smallint)`);
  });
}

/** What every certificate of a source shares when it is numbered (a grant's plan, an offline batch's scope). */
export type NumberedSource = Required<
  Pick<
    NewCertificate,
    'companyId' | 'source' | 'sourceId' | 'occupationCode' | 'occupationName' | 'workType' | 'institutionName'
  >
> &
  Pick<NewCertificate, 'evaluationId'> & { prefix: NumberPrefix; level: number; issueDate: string };

/** One holder of a source's certificate: who, their photo, and what the source adds (candidate, own blanks). */
export type CertificateHolder = Pick<
  NewCertificate,
  'holderName' | 'idType' | 'idNumber' | 'photoFileId' | 'candidateId' | 'values'
>;

/**
 * Inside the caller's transaction: one draft certificate (status 0, rendered later) per holder, in order (row 1…n),
 * numbered with consecutive serials of the prefix, the issue year and the level (the granting rules). Answers the
 * numbers and the row numbers to queue for rendering.
 */
export async function insertNumberedDrafts(
  tx: DbOrTx,
  { prefix, ...source }: NumberedSource,
  holders: CertificateHolder[],
  size?: number,
): Promise<{ numbers: string[]; rowNumbers: number[] }> {
  const numbers = await allocateCertificateNumbers(
    tx,
    prefix,
    Number(source.issueDate.slice(0, 4)),
    source.level,
    holders.length,
  );
  const rows = holders.map(
    (h, i): NewCertificate => ({
      ...source,
      ...h,
      id: uuidv7(),
      rowNumber: i + 1,
      certificateNo: numbers[i],
      status: CertificateStatus.DRAFT,
    }),
  );
  await insertCertificates(tx, rows, size);
  return { numbers, rowNumbers: rows.map((r) => r.rowNumber as number) };
}

/** The first and last certificate numbers of a source. */
export async function numberRange(db: DbOrTx, sourceId: string) {
  const [range] = await db
    .select({ first: min(certificates.certificateNo), last: max(certificates.certificateNo) })
    .from(certificates)
    .where(eq(certificates.sourceId, sourceId));
  return { first: range?.first ?? null, last: range?.last ?? null };
}

/**
 * A page of a source's certificates in row order; keyword: name prefix, ID number or certificate number; text: any
 * printed text contains it (a custom batch's search).
 */
export async function sourceCertificates(
  db: DbOrTx,
  sourceId: string,
  q: { keyword?: string; text?: string; produce_status?: number; page: number; per_page: number },
): Promise<{ rows: CertificateRow[]; total: number }> {
  const keyword = q.keyword?.trim();
  const where: SQL | undefined = and(
    eq(certificates.sourceId, sourceId),
    q.produce_status === undefined ? undefined : eq(certificates.produceStatus, q.produce_status),
    keyword
      ? or(
          ilike(certificates.holderName, prefixPattern(keyword)),
          eq(certificates.idNumber, keyword),
          eq(certificates.certificateNo, keyword),
        )
      : undefined,
    q.text ? ilike(certificates.searchText, containsPattern(q.text)) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(certificates).where(where);
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(asc(certificates.rowNumber))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { rows, total: n };
}

/** A source's certificate as its grant's or batch's list shows it (number, holder, render and issue state). */
export const toSourceCertificateRow = (c: CertificateRow): GrantCertificateRow => ({
  _id: c.id,
  certificate_no: c.certificateNo ?? '',
  holder_name: c.holderName,
  id_number: c.idNumber,
  has_photo: Boolean(c.photoFileId),
  produce_status: c.produceStatus as 0 | 1 | 2,
  produce_status_text: produceStatusText[c.produceStatus] ?? '',
  fail_reason: c.failReason,
  status: c.status,
  status_text: certificateStatusText[c.status],
});

/** One certificate of the source, or undefined. */
export async function sourceCertificate(
  db: DbOrTx,
  sourceId: string,
  id: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.sourceId, sourceId)));
  return row;
}

/** A certificate of one kind of source of this company, or undefined. */
export async function certificateOfCompany(
  db: DbOrTx,
  companyId: string,
  source: CertificateSourceValue,
  id: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(eq(certificates.id, id), eq(certificates.companyId, companyId), eq(certificates.source, source)),
    );
  return row;
}

/** The distinct values of these blanks over a source's certificates (the photo files a custom batch stored). */
export async function sourceValuesNamed(db: DbOrTx, sourceId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const res = (await db.execute(sql`
    select distinct v->>'val' as val
    from ${certificates} c cross join lateral jsonb_array_elements(c.values) v
    where c.source_id = ${sourceId} and v->>'name' in ${names}`)) as unknown as {
    rows: { val: string | null }[];
  };
  return res.rows.flatMap((r) => (r.val ? [r.val] : []));
}

/** Removes every certificate of a source that never became visible (an upload given up half-way). */
export async function deleteSourceDrafts(tx: DbOrTx, sourceId: string): Promise<void> {
  await tx
    .delete(certificates)
    .where(and(eq(certificates.sourceId, sourceId), eq(certificates.status, CertificateStatus.DRAFT)));
}

/** How many of the source's certificates are not generated (waiting or failed). */
export async function notGenerated(db: DbOrTx, sourceId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(certificates)
    .where(and(eq(certificates.sourceId, sourceId), ne(certificates.produceStatus, ProduceStatus.DONE)));
  return n;
}

/** SQL: no certificate of the source waits to be rendered (the guard of a source's end). */
export const noneWaiting = (sourceId: string): SQL =>
  sql`not exists (select 1 from ${certificates} c where c.source_id = ${sourceId} and c.produce_status = ${ProduceStatus.PENDING})`;

/**
 * The source's drafts become 1 有效 with `confirmed_at` (inside the caller's transaction); with `renderedOnly`, only
 * those whose PDF is generated (a failed or waiting one stays a draft until it renders).
 */
export async function confirmCertificates(
  tx: DbOrTx,
  sourceId: string,
  at: Date,
  { renderedOnly = false } = {},
): Promise<void> {
  await tx
    .update(certificates)
    .set({ status: CertificateStatus.VALID, confirmedAt: at, updatedAt: at })
    .where(
      and(
        eq(certificates.sourceId, sourceId),
        eq(certificates.status, CertificateStatus.DRAFT),
        renderedOnly ? eq(certificates.produceStatus, ProduceStatus.DONE) : undefined,
      ),
    );
}

/** The id of a source's certificate at this row number (demo content picks one to revoke). */
export async function certificateIdAt(
  db: DbOrTx,
  sourceId: string,
  rowNumber: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.sourceId, sourceId), eq(certificates.rowNumber, rowNumber)));
  return row?.id ?? null;
}

/** A source's certificates after `afterRow` in row order, `limit` at most (a streamed export's page). */
export async function sourceCertificatesAfter(
  db: DbOrTx,
  sourceId: string,
  afterRow: number,
  limit: number,
): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.sourceId, sourceId), gt(certificates.rowNumber, afterRow)))
    .orderBy(asc(certificates.rowNumber))
    .limit(limit);
}

/**
 * Of these ID numbers, those holding a VALID certificate of the company for the occupation, 工种 (none matches none)
 * and level: one statement, the numbers as one JSON parameter.
 */
export async function validHoldersAmong(
  db: DbOrTx,
  companyId: string,
  scope: { occupationCode: string; workType: string | null; level: number },
  idNumbers: string[],
): Promise<Set<string>> {
  if (idNumbers.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ idNumber: certificates.idNumber })
    .from(certificates)
    .where(
      and(
        eq(certificates.companyId, companyId),
        eq(certificates.status, CertificateStatus.VALID),
        eq(certificates.occupationCode, scope.occupationCode),
        eq(certificates.level, scope.level),
        sql`coalesce(${certificates.workType}, '') = ${scope.workType ?? ''}`,
        inList(certificates.idNumber, idNumbers, 'text'),
      ),
    );
  return new Set(rows.map((r) => r.idNumber));
}
