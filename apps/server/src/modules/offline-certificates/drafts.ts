import { evaluationMethodText, idTypeText } from '@skill-cert/shared/level-evaluations';
import {
  OFFLINE_DRAFT_NOT_FOUND,
  OFFLINE_METHODS,
  OfflineBatchStatus,
  type OfflineDraftRow,
  type offlineDraftListQuery,
  type offlineDraftPatchBody,
} from '@skill-cert/shared/offline-certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { prefixPattern } from '../../lib/like.ts';
import type { Storage } from '../../plugins/storage.ts';
import { imageFileProblem } from '../certificate-engine/service.ts';
import { ownBlanksOf, validHoldersAmong } from '../certificates/service.ts';
import { localPathOf, readableFile } from '../files/service.ts';
import { occupationByCode } from '../occupations/service.ts';
import { type BatchRecord, findBatch, type OfflineCaller } from './batches.ts';
import { type BatchRules, type DraftFields, type Judgement, judgeDrafts } from './rules.ts';
import { offlineCertificateDrafts } from './tables.ts';

export type DraftRecord = typeof offlineCertificateDrafts.$inferSelect;

/** What a batch's drafts are judged against. */
export const rulesOf = (b: BatchRecord, comprehensiveReview = true): BatchRules => ({
  level: b.level,
  occupationName: b.occupationName,
  workType: b.workType,
  ownBlanks: ownBlanksOf(b.template),
  comprehensiveReview,
});

/** The batch's scope, for the holders of a valid certificate. */
const scopeOf = (b: BatchRecord) => ({
  occupationCode: b.occupationCode,
  workType: b.workType,
  level: b.level,
});

/** Judges drafts of a batch (every draft of the ID numbers concerned) against the rules and the library. */
export async function judge(
  db: DbOrTx,
  b: BatchRecord,
  drafts: DraftFields[],
): Promise<Map<number, Judgement>> {
  const holders = await validHoldersAmong(db, b.companyId, scopeOf(b), [
    ...new Set(drafts.map((d) => d.idNumber).filter(Boolean)),
  ]);
  const occupation = await occupationByCode(db, b.occupationCode);
  return judgeDrafts(drafts, rulesOf(b, occupation?.comprehensive_review ?? true), holders);
}

const fieldsOf = (d: DraftRecord): DraftFields => ({
  rowNumber: d.rowNumber,
  name: d.name,
  idType: d.idType,
  idTypeText: d.idTypeText,
  idNumber: d.idNumber,
  results: d.results,
  values: d.values,
  photoProblem: d.photoProblem,
});

/** A draft ready to write: its fields, its photo, and what the rules said. */
export interface NewDraft extends DraftFields, Judgement {
  photoFileId: string | null;
}

/** Rows per statement (one JSON parameter: bound values by the ten thousand cost the embedded database far more). */
const INSERT_ROWS = 2000;

/** Writes a batch's drafts inside the caller's transaction. */
export async function insertDrafts(tx: DbOrTx, batchId: string, drafts: NewDraft[]): Promise<void> {
  for (let i = 0; i < drafts.length; i += INSERT_ROWS) {
    const json = JSON.stringify(
      drafts.slice(i, i + INSERT_ROWS).map((d) => ({
        id: uuidv7(),
        row_number: d.rowNumber,
        name: d.name,
        id_type_text: d.idTypeText,
        id_type: d.idType,
        id_number: d.idNumber,
        results: d.results,
        values: d.values,
        photo_file_id: d.photoFileId,
        photo_problem: d.photoProblem,
        problems: d.problems,
        duplicate_holder: d.duplicateHolder,
      })),
    );
    await tx.execute(sql`
      insert into ${offlineCertificateDrafts} (id, batch_id, row_number, name, id_type_text, id_type, id_number,
        results, values, photo_file_id, photo_problem, problems, duplicate_holder)
      select id, ${batchId}::uuid, row_number, name, id_type_text, id_type, id_number, results, values,
        photo_file_id, photo_problem, problems, duplicate_holder
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, row_number int, name text, id_type_text text, id_type smallint,
        id_number text, results jsonb, values jsonb, photo_file_id uuid, photo_problem text, problems jsonb,
        duplicate_holder boolean)`);
  }
}

/**
 * Judges again the drafts of the batch with these ID numbers (after one was fixed or dropped: a duplicate may be
 * gone, or new) and stores what changed.
 */
async function rejudge(tx: DbOrTx, b: BatchRecord, idNumbers: string[]): Promise<void> {
  const wanted = [...new Set(idNumbers)];
  if (wanted.length === 0) return;
  const rows = await tx
    .select()
    .from(offlineCertificateDrafts)
    .where(
      and(
        eq(offlineCertificateDrafts.batchId, b.id),
        inList(offlineCertificateDrafts.idNumber, wanted, 'text'),
      ),
    );
  const judged = await judge(tx, b, rows.map(fieldsOf));
  for (const row of rows) {
    const j = judged.get(row.rowNumber);
    if (!j) continue;
    if (
      JSON.stringify(j.problems) === JSON.stringify(row.problems) &&
      j.duplicateHolder === row.duplicateHolder
    )
      continue;
    await tx
      .update(offlineCertificateDrafts)
      .set({ problems: j.problems, duplicateHolder: j.duplicateHolder })
      .where(eq(offlineCertificateDrafts.id, row.id));
  }
}

// ------------------------------------------------------------------------------------------------- read

export function toDraftRow(d: DraftRecord, b: BatchRecord): OfflineDraftRow {
  return {
    _id: d.id,
    row_number: d.rowNumber,
    name: d.name,
    id_type: d.idType as 1,
    id_type_text: d.idTypeText ?? idTypeText[d.idType as 1] ?? '',
    id_number: d.idNumber,
    results: OFFLINE_METHODS.map((method) => ({
      method,
      method_text: evaluationMethodText[method],
      value: d.results[String(method)] || null,
    })),
    values: ownBlanksOf(b.template).map((bl) => ({
      name: bl.name,
      cn_name: bl.cn_name,
      value: d.values[bl.name] ?? '',
    })),
    has_photo: Boolean(d.photoFileId),
    photo_file_id: d.photoFileId,
    problems: d.problems,
    duplicate_holder: d.duplicateHolder,
    update_time_str: formatDateTime(d.updatedAt),
  };
}

/** `GET .../{id}/drafts`: in sheet order; keyword: name prefix or ID number; problem 1 / 0. */
export async function listDrafts(
  db: DbOrTx,
  caller: OfflineCaller,
  batchId: string,
  q: z.output<typeof offlineDraftListQuery>,
): Promise<{ list: OfflineDraftRow[]; total: number }> {
  const b = await findBatch(db, caller.company, batchId);
  const t = offlineCertificateDrafts;
  const keyword = q.keyword?.trim();
  const where: SQL | undefined = and(
    eq(t.batchId, b.id),
    keyword ? or(ilike(t.name, prefixPattern(keyword)), eq(t.idNumber, keyword.toUpperCase())) : undefined,
    q.problem === undefined
      ? undefined
      : q.problem === 1
        ? sql`jsonb_array_length(${t.problems}) > 0`
        : sql`jsonb_array_length(${t.problems}) = 0`,
  );
  const [{ n }] = await db.select({ n: count() }).from(t).where(where);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(asc(t.rowNumber))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map((d) => toDraftRow(d, b)), total: n };
}

// ----------------------------------------------------------------------------------------------- change

const NOT_TO_CONFIRM = '只有待确认的批次可以修改证书信息';

async function lockedDraft(tx: DbOrTx, caller: OfflineCaller, batchId: string, draftId: string) {
  const b = await findBatch(tx, caller.company, batchId, true);
  const [d] = await tx
    .select()
    .from(offlineCertificateDrafts)
    .where(and(eq(offlineCertificateDrafts.id, draftId), eq(offlineCertificateDrafts.batchId, b.id)));
  if (!d) throw notFound(OFFLINE_DRAFT_NOT_FOUND);
  if (b.status !== OfflineBatchStatus.TO_CONFIRM) throw badRequest(NOT_TO_CONFIRM);
  return { b, d };
}

/** `PATCH .../drafts/{draftId}`: fixes a draft in place; it (and any draft sharing its old or new ID number) is judged again. */
export async function patchDraft(
  db: DbOrTx,
  storage: Storage,
  caller: OfflineCaller,
  batchId: string,
  draftId: string,
  body: z.output<typeof offlineDraftPatchBody>,
): Promise<OfflineDraftRow> {
  if (body.photo_file_id) {
    const photo = await readableFile(db, body.photo_file_id, caller.user).catch(() => {
      throw badRequest('照片不存在或已删除，请重新上传');
    });
    if (photo.kind !== 'jpg' && photo.kind !== 'png') throw badRequest('照片应为 JPG 或 PNG 图片');
    // As the photo zip's photos are: too big to render is said now, not at publishing.
    const tooBig = await imageFileProblem(await localPathOf(storage, photo.sha256), '照片');
    if (tooBig) throw badRequest(tooBig);
  }
  return db.transaction(async (tx) => {
    const { b, d } = await lockedDraft(tx, caller, batchId, draftId);
    const results = { ...d.results };
    for (const r of body.results ?? []) {
      if (r.value) results[String(r.method)] = r.value;
      else delete results[String(r.method)];
    }
    const [changed] = await tx
      .update(offlineCertificateDrafts)
      .set({
        name: body.name ?? d.name,
        ...(body.id_type !== undefined ? { idType: body.id_type, idTypeText: null } : {}),
        idNumber: body.id_number ?? d.idNumber,
        results,
        values: body.values ? { ...d.values, ...body.values } : d.values,
        ...(body.photo_file_id !== undefined ? { photoFileId: body.photo_file_id, photoProblem: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(offlineCertificateDrafts.id, d.id))
      .returning();
    await rejudge(tx, b, [d.idNumber, changed.idNumber]);
    const [now] = await tx
      .select()
      .from(offlineCertificateDrafts)
      .where(eq(offlineCertificateDrafts.id, d.id));
    return toDraftRow(now, b);
  });
}

/** `DELETE .../drafts/{draftId}`: drops a draft; a later row that repeated its ID number is judged again. */
export async function deleteDraft(
  db: DbOrTx,
  caller: OfflineCaller,
  batchId: string,
  draftId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { b, d } = await lockedDraft(tx, caller, batchId, draftId);
    await tx.delete(offlineCertificateDrafts).where(eq(offlineCertificateDrafts.id, d.id));
    await rejudge(tx, b, [d.idNumber]);
  });
}

/** Every draft of a batch, in sheet order (what publishing numbers). */
export async function draftsOf(db: DbOrTx, batchId: string): Promise<DraftRecord[]> {
  return db
    .select()
    .from(offlineCertificateDrafts)
    .where(eq(offlineCertificateDrafts.batchId, batchId))
    .orderBy(asc(offlineCertificateDrafts.rowNumber));
}
