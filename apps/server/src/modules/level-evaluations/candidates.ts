import { BlankType, type TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { parseIdCard } from '@skill-cert/shared/id-card';
import {
  areCandidatesEditable,
  CANDIDATE_PHOTO_LIST_MAX,
  type CandidateInput,
  type CandidatePhotoResult,
  type CandidateResultValue,
  type CandidateRow,
  candidateResultText,
  candidateTypeText,
  EvaluationStatus,
  type EvaluationStatusValue,
  ExamineeStatus,
  evaluationStatusText,
  IdType,
  idTypeText,
  type MethodScore,
  PlanOwner,
} from '@skill-cert/shared/level-evaluations';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { containsAny } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import type { SheetRow } from '../certificate-engine/service.ts';
import {
  collectPhotos,
  DEFAULT_BLANKS,
  ID_CARD_BLANK,
  NAME_BLANK,
  openPhotoArchive,
} from '../certificate-engine/service.ts';
import { membersAmong } from '../companies/service.ts';
import { fileNameSql, findFiles, recordManyFiles, webPathOf } from '../files/service.ts';
import { contactsOf } from '../users/service.ts';
import { voidTickets } from './exam-logistics.ts';
import { findPlan, type PlanRow } from './plans.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationScores,
  levelEvaluationSeats,
  levelEvaluations,
} from './tables.ts';

export type CandidateDbRow = typeof levelEvaluationCandidates.$inferSelect;

export const CANDIDATE_NOT_FOUND = '考生不存在或已删除';

/** How a new candidate of the plan starts: an institution's examinee 待审核 (0), an enterprise's staff approved (1). */
export const registrationStatusOf = (plan: PlanRow): 0 | 1 =>
  plan.ownerKind === PlanOwner.INSTITUTION ? ExamineeStatus.PENDING : ExamineeStatus.APPROVED;

/** The plan's status as its text, for messages that name the state. */
export const statusTextOf = (status: number): string =>
  evaluationStatusText[status as EvaluationStatusValue] ?? String(status);

/**
 * 400 unless candidates may change in the plan's state: an enterprise's in 草稿, 已驳回, 进行中; an institution's in
 * 草稿, 报名中.
 */
export function assertCandidatesEditable(plan: PlanRow): void {
  const institution = plan.ownerKind === PlanOwner.INSTITUTION;
  const editable = institution
    ? plan.status === EvaluationStatus.DRAFT || plan.status === EvaluationStatus.REGISTERING
    : areCandidatesEditable(plan.status) && plan.status !== EvaluationStatus.REGISTERING;
  if (!editable) throw badRequest(`当前状态（${statusTextOf(plan.status)}）不能修改考生`);
}

/** Photos are for the certificate: they may change until the certificates are granted. */
export function assertPhotosEditable(plan: PlanRow): void {
  if (plan.status === EvaluationStatus.GRANTED || plan.status === EvaluationStatus.ARCHIVED)
    throw badRequest(`当前状态（${statusTextOf(plan.status)}）不能修改考生照片`);
}

/** A person as stored: 性别 and 出生日期 from a 居民身份证 number (spec §5), else as given. */
export interface CandidatePerson {
  userId: string | null;
  name: string;
  idType: number;
  idNumber: string;
  gender: 1 | 2 | null;
  birthday: string | null;
  phone: string | null;
  education: string | null;
  workUnit: string | null;
  post: string | null;
  workYears: number | null;
  qualification: string | null;
  candidateType: number;
}

export function personOf(input: CandidateInput): CandidatePerson {
  const card = input.id_type === IdType.RESIDENT ? parseIdCard(input.id_number) : null;
  return {
    userId: input.user_id,
    name: input.name,
    idType: input.id_type,
    idNumber: input.id_number,
    gender: card ? card.gender : input.gender,
    birthday: card ? card.birthday : null,
    phone: input.phone,
    education: input.education,
    workUnit: input.work_unit,
    post: input.post,
    workYears: input.work_years,
    qualification: input.qualification,
    candidateType: input.candidate_type,
  };
}

/** Rows per insert statement: one JSON parameter each (see recordManyFiles). */
const INSERT_BATCH = 1000;

/**
 * Inserts candidates after the plan's last one, in order, a thousand a statement; `registrationStatus` 1 (an
 * enterprise's staff) or 0 待审核 (an institution's examinees, whose registrations are reviewed).
 */
export async function insertCandidates(
  tx: DbOrTx,
  evaluationId: string,
  people: CandidatePerson[],
  registrationStatus: 0 | 1 = 1,
): Promise<string[]> {
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${levelEvaluationCandidates.sort}), 0)::int` })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, evaluationId));
  const ids = people.map(() => uuidv7());
  for (let i = 0; i < people.length; i += INSERT_BATCH) {
    const json = JSON.stringify(
      people.slice(i, i + INSERT_BATCH).map((p, j) => ({
        id: ids[i + j],
        user_id: p.userId,
        name: p.name,
        id_type: p.idType,
        id_number: p.idNumber,
        gender: p.gender,
        birthday: p.birthday,
        phone: p.phone,
        education: p.education,
        work_unit: p.workUnit,
        post: p.post,
        work_years: p.workYears,
        qualification: p.qualification,
        candidate_type: p.candidateType,
        sort: last + i + j + 1,
      })),
    );
    await tx.execute(sql`
      insert into ${levelEvaluationCandidates} (id, evaluation_id, user_id, name, id_type, id_number, gender,
        birthday, phone, education, work_unit, post, work_years, qualification, candidate_type, sort,
        registration_status)
      select id, ${evaluationId}::uuid, user_id, name, id_type, id_number, gender, birthday, phone, education,
        work_unit, post, work_years, qualification, candidate_type, sort, ${registrationStatus}::smallint
      from jsonb_to_recordset(${json}::jsonb) as x(id uuid, user_id uuid, name text, id_type smallint,
        id_number text, gender smallint, birthday date, phone text, education text, work_unit text, post text,
        work_years real, qualification text, candidate_type smallint, sort int)`);
  }
  return ids;
}

/** The plan's candidate_count and pass_count from its candidates (the list reads no candidate rows). */
export async function refreshCounts(tx: DbOrTx, evaluationId: string): Promise<void> {
  await tx.execute(sql`
    update ${levelEvaluations} set
      candidate_count = (select count(*) from ${levelEvaluationCandidates} where evaluation_id = ${evaluationId}),
      pass_count = (select count(*) from ${levelEvaluationCandidates}
        where evaluation_id = ${evaluationId} and result = 1),
      updated_at = now()
    where id = ${evaluationId}`);
}

/** Existing candidates of the plan holding one of these ID numbers: ID number → name. */
async function takenIdNumbers(
  tx: DbOrTx,
  evaluationId: string,
  idNumbers: string[] | null,
): Promise<Map<string, { id: string; name: string; registrationStatus: number }>> {
  const rows = await tx
    .select({
      id: levelEvaluationCandidates.id,
      idNumber: levelEvaluationCandidates.idNumber,
      name: levelEvaluationCandidates.name,
      registrationStatus: levelEvaluationCandidates.registrationStatus,
    })
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.evaluationId, evaluationId),
        idNumbers ? inList(levelEvaluationCandidates.idNumber, idNumbers, 'text') : undefined,
      ),
    );
  return new Map(
    rows.map((r) => [r.idNumber, { id: r.id, name: r.name, registrationStatus: r.registrationStatus }]),
  );
}

/** Every candidate of the plan by ID number (an import checks its sheet against them). */
export const candidatesByIdNumber = (tx: DbOrTx, evaluationId: string) =>
  takenIdNumbers(tx, evaluationId, null);

export const alreadyCandidate = (name: string, idNumber: string) =>
  `${name}（证件号码 ${idNumber}）已是本评价计划的考生，同一证件号码只能添加一次`;

/**
 * Members picked from the staff: 400 when one is not of the caller's company; what was left blank of the others'
 * name and phone is taken from their account (the ID number the account does not know, and is required).
 */
async function withMemberAccounts(
  tx: DbOrTx,
  own: CompanyScope,
  people: CandidatePerson[],
): Promise<CandidatePerson[]> {
  const wanted = [...new Set(people.flatMap((p) => (p.userId ? [p.userId] : [])))];
  if (wanted.length === 0) return people;
  const members = await membersAmong(tx, own, wanted);
  const stranger = people.find((p) => p.userId && !members.has(p.userId));
  if (stranger) throw badRequest(`${stranger.name || '所选员工'}不是本企业的员工，请从员工列表中选择`);
  const accounts = await contactsOf(tx, wanted);
  return people.map((p) => {
    const account = p.userId ? accounts.get(p.userId) : undefined;
    if (!account) return p;
    return { ...p, name: p.name || account.name.slice(0, 32), phone: p.phone ?? account.phone };
  });
}

/** `POST .../candidates`: typed in, or members picked from the staff list; one ID number once per plan. */
export async function addCandidates(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  inputs: CandidateInput[],
): Promise<CandidateRow[]> {
  const ids = await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertCandidatesEditable(plan);
    const people = await withMemberAccounts(tx, own, inputs.map(personOf));
    const seen = new Set<string>();
    for (const p of people) {
      if (seen.has(p.idNumber))
        throw badRequest(`证件号码 ${p.idNumber}（${p.name}）重复，同一证件号码只能添加一次`);
      seen.add(p.idNumber);
    }
    const taken = await takenIdNumbers(
      tx,
      plan.id,
      people.map((p) => p.idNumber),
    );
    const twice = people.find((p) => taken.has(p.idNumber));
    if (twice)
      throw badRequest(alreadyCandidate(taken.get(twice.idNumber)?.name ?? twice.name, twice.idNumber));
    const inserted = await insertCandidates(tx, plan.id, people, registrationStatusOf(plan));
    await refreshCounts(tx, plan.id);
    return inserted;
  });
  return candidateRows(db, planId, ids);
}

async function candidateOf(tx: DbOrTx, evaluationId: string, candidateId: string): Promise<CandidateDbRow> {
  const [row] = await tx
    .select()
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.id, candidateId),
        eq(levelEvaluationCandidates.evaluationId, evaluationId),
      ),
    );
  if (!row) throw notFound(CANDIDATE_NOT_FOUND);
  return row;
}

/** `PATCH .../candidates/{candidateId}`: the whole person again. */
export async function updateCandidate(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  candidateId: string,
  input: CandidateInput,
): Promise<CandidateRow> {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertCandidatesEditable(plan);
    await candidateOf(tx, plan.id, candidateId);
    const [person] = await withMemberAccounts(tx, own, [personOf(input)]);
    const other = (await takenIdNumbers(tx, plan.id, [person.idNumber])).get(person.idNumber);
    if (other && other.id !== candidateId) throw badRequest(alreadyCandidate(other.name, person.idNumber));
    await tx
      .update(levelEvaluationCandidates)
      .set({ ...person, updatedAt: new Date() })
      .where(eq(levelEvaluationCandidates.id, candidateId));
  });
  const [row] = await candidateRows(db, planId, [candidateId]);
  return row;
}

/** `DELETE .../candidates/{candidateId}`: with its scores; the counts follow. */
export async function removeCandidate(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  candidateId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertCandidatesEditable(plan);
    await candidateOf(tx, plan.id, candidateId);
    const [seat] = await tx
      .select({ roomId: levelEvaluationSeats.roomId })
      .from(levelEvaluationSeats)
      .where(eq(levelEvaluationSeats.candidateId, candidateId))
      .limit(1);
    await tx.delete(levelEvaluationCandidates).where(eq(levelEvaluationCandidates.id, candidateId));
    // A seated candidate's page is in the rendered tickets: they no longer hold.
    if (seat) await voidTickets(tx, plan);
    await refreshCounts(tx, plan.id);
  });
}

/** Sets a candidate's photo (a stored image file the caller uploaded). */
export async function setCandidatePhoto(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  candidateId: string,
  fileId: string,
): Promise<CandidateRow> {
  const plan = await findPlan(db, own, planId);
  assertPhotosEditable(plan);
  await candidateOf(db, plan.id, candidateId);
  await db
    .update(levelEvaluationCandidates)
    .set({ photoFileId: fileId, updatedAt: new Date() })
    .where(eq(levelEvaluationCandidates.id, candidateId));
  const [row] = await candidateRows(db, planId, [candidateId]);
  return row;
}

const genderText = { 1: '男', 2: '女' } as const;

/** Scores by candidate (tenths), of these candidates or of every candidate of a plan: one query. */
/** A method score with who marked it and when, when examiners' tasks handed it over. */
export type MarkedScore = MethodScore & { markedBy?: string | null; markedAt?: Date | null };

export async function scoresOf(
  db: DbOrTx,
  of: { ids: string[] } | { evaluationId: string },
): Promise<Map<string, MethodScore[]>> {
  const s = levelEvaluationScores;
  const rows = await db
    .select({
      candidateId: s.candidateId,
      method: s.method,
      score: s.scoreTenths,
      mark: s.mark,
      markedBy: s.markedByName,
      markedAt: s.markedAt,
    })
    .from(s)
    .where('ids' in of ? inList(s.candidateId, of.ids) : eq(s.evaluationId, of.evaluationId));
  const by = new Map<string, MarkedScore[]>();
  for (const r of rows) {
    const list = by.get(r.candidateId) ?? [];
    list.push({
      method: r.method,
      score: r.score,
      mark: r.mark as MethodScore['mark'],
      markedBy: r.markedBy,
      markedAt: r.markedAt,
    });
    by.set(r.candidateId, list);
  }
  return by;
}

/**
 * Candidates as the table shows them: with their scores by method (read here unless given, in tenths), result and
 * photo.
 */
export async function toCandidateRows(
  db: DbOrTx,
  rows: CandidateDbRow[],
  known?: Map<string, MethodScore[]>,
  photoNames?: Map<string, string>,
): Promise<CandidateRow[]> {
  if (rows.length === 0) return [];
  const scores = known ?? (await scoresOf(db, { ids: rows.map((r) => r.id) }));
  const scoresOfRow = (id: string): CandidateRow['scores'] =>
    [...(scores.get(id) ?? [])]
      .sort((a, b) => a.method - b.method)
      .map((s: MarkedScore) => ({
        method: s.method as 1 | 2 | 3 | 4,
        score: s.score === null ? null : s.score / 10,
        mark: s.mark,
        // Only a score examiners handed over names who marked it and when.
        ...(s.markedBy
          ? { marked_by: s.markedBy, marked_time_str: s.markedAt ? formatDateTime(s.markedAt) : null }
          : {}),
      }));
  const photos =
    photoNames ??
    new Map(
      (
        await findFiles(
          db,
          rows.flatMap((r) => (r.photoFileId ? [r.photoFileId] : [])),
        )
      ).map((f) => [f.id, f.originName]),
    );
  return rows.map((r) => {
    const photoName = r.photoFileId ? photos.get(r.photoFileId) : undefined;
    const photo =
      r.photoFileId && photoName !== undefined ? { id: r.photoFileId, originName: photoName } : undefined;
    const gender = r.gender === 1 || r.gender === 2 ? r.gender : null;
    const result = r.result as CandidateResultValue | null;
    const candidateType = r.candidateType === 2 ? 2 : 1;
    return {
      _id: r.id,
      user_id: r.userId,
      name: r.name,
      id_type: r.idType as 1 | 2 | 3 | 4 | 5,
      id_type_text: idTypeText[r.idType as 1] ?? '',
      id_number: r.idNumber,
      gender,
      gender_text: gender ? genderText[gender] : null,
      birthday: r.birthday,
      phone: r.phone,
      education: r.education,
      work_unit: r.workUnit,
      post: r.post,
      work_years: r.workYears,
      qualification: r.qualification,
      candidate_type: candidateType,
      candidate_type_text: candidateTypeText[candidateType],
      photo: photo ? { file_id: photo.id, webPath: webPathOf(photo.id), originName: photo.originName } : null,
      scores: scoresOfRow(r.id),
      result,
      result_text: result ? candidateResultText[result] : null,
      update_time_str: formatDateTime(r.updatedAt),
    };
  });
}

/** These candidates of the plan as stored, in sheet order (ids of other plans are left out). */
export async function candidateDbRows(
  db: DbOrTx,
  evaluationId: string,
  ids: string[],
): Promise<CandidateDbRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.evaluationId, evaluationId),
        inList(levelEvaluationCandidates.id, ids),
      ),
    )
    .orderBy(asc(levelEvaluationCandidates.sort), asc(levelEvaluationCandidates.id));
}

/** These candidates of the plan as table rows, in sheet order; `scores` when the caller has read them (tenths). */
export async function candidateRows(
  db: DbOrTx,
  evaluationId: string,
  ids: string[],
  scores?: Map<string, MethodScore[]>,
): Promise<CandidateRow[]> {
  return toCandidateRows(db, await candidateDbRows(db, evaluationId, ids), scores);
}

/** `GET .../candidates`: a page in sheet order; keyword on 姓名, 证件号码, 手机号; result 0 = not yet complete. */
export async function listCandidates(
  db: DbOrTx,
  plan: PlanRow,
  q: { page: number; per_page: number; keyword?: string; result?: number },
): Promise<{ list: CandidateRow[]; total: number }> {
  const c = levelEvaluationCandidates;
  let byResult: SQL | undefined;
  if (q.result === 0) byResult = isNull(c.result);
  else if (q.result !== undefined) byResult = eq(c.result, q.result);
  const where = and(
    eq(c.evaluationId, plan.id),
    containsAny(q.keyword, c.name, c.idNumber, c.phone),
    byResult,
  );
  const page = await candidatePage(db, where, q);
  return { list: await toCandidateRows(db, page.rows, page.scores, page.photoNames), total: page.total };
}

/**
 * The candidate of the row, inside a subquery beside a page of candidates: drizzle leaves a one-table select's columns
 * unqualified, where `id` would bind to the subquery's own tables.
 */
export const THIS_CANDIDATE = sql.raw('"level_evaluation_candidates"."id"');

/** A score as the page's JSON carries it (json_build_object below). */
interface ScoreJson {
  method: number;
  score: number | null;
  mark: number | null;
  marked_by: string | null;
  marked_at: string | null;
}

/**
 * A page of a plan's candidates in sheet order, with its total, each one's scores and photo name, and `extra` (SQL
 * beside each row, e.g. an examinee's seats) in one statement: a page past the end counts apart.
 */
export async function candidatePage<T = never>(
  db: DbOrTx,
  where: SQL | undefined,
  q: { page: number; per_page: number },
  extra?: SQL<T>,
): Promise<{
  rows: CandidateDbRow[];
  total: number;
  scores: Map<string, MethodScore[]>;
  photoNames: Map<string, string>;
  extra: Map<string, T>;
}> {
  const c = levelEvaluationCandidates;
  const s = levelEvaluationScores;
  const page = await db
    .select({
      candidate: c,
      total: totalOf(c, where),
      scores: sql<ScoreJson[]>`(select coalesce(json_agg(json_build_object('method', sc.method,
        'score', sc.score_tenths, 'mark', sc.mark, 'marked_by', sc.marked_by_name, 'marked_at', sc.marked_at)),
        '[]'::json) from ${s} sc where sc.candidate_id = ${THIS_CANDIDATE})`,
      photoName: fileNameSql(c.photoFileId),
      extra: extra ?? sql<T>`null`,
    })
    .from(c)
    .where(where)
    .orderBy(asc(c.sort), asc(c.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const total =
    page[0]?.total ?? (q.page > 1 ? (await db.select({ total: count() }).from(c).where(where))[0].total : 0);
  return {
    rows: page.map((r) => r.candidate),
    total: Number(total),
    scores: new Map(
      page.map((r) => [
        r.candidate.id,
        r.scores.map(
          (x): MarkedScore => ({
            method: x.method,
            score: x.score,
            mark: x.mark as MethodScore['mark'],
            markedBy: x.marked_by,
            markedAt: x.marked_at ? new Date(x.marked_at) : null,
          }),
        ),
      ]),
    ),
    photoNames: new Map(
      page.flatMap((r) =>
        r.candidate.photoFileId && r.photoName !== null ? [[r.candidate.photoFileId, r.photoName]] : [],
      ),
    ),
    extra: new Map(page.map((r) => [r.candidate.id, r.extra])),
  };
}

/** Members who are candidates of the plan already: left out of the staff picker. */
export const candidateUserIds = (evaluationId: string): SQL =>
  sql`select ${levelEvaluationCandidates.userId} from ${levelEvaluationCandidates}
    where ${levelEvaluationCandidates.evaluationId} = ${evaluationId} and ${levelEvaluationCandidates.userId} is not null`;

/** The photo blank the engine's photo matcher fills: optional, a candidate without a photo is no problem. */
const PHOTO_BLANK = {
  ...(DEFAULT_BLANKS.find((b) => b.blank_type === BlankType.IMAGE) as TemplateBlank),
  required: 0 as const,
};

/**
 * `POST .../candidates/photos`: a zip of 1-inch photos read by the engine's photo reader (openPhotoArchive,
 * collectPhotos), each matched to a candidate by 证件号码, 姓名-证件号码 or 证件号码-姓名; each matched photo checked
 * by content, stored, and set as the candidate's photo (one statement).
 */
export async function importPhotoZip(
  db: DbOrTx,
  files: Parameters<typeof collectPhotos>[0],
  owner: { id: string; companyId: string },
  plan: PlanRow,
  zipPath: string,
): Promise<CandidatePhotoResult> {
  assertPhotosEditable(plan);
  const people = await db
    .select({
      id: levelEvaluationCandidates.id,
      name: levelEvaluationCandidates.name,
      idNumber: levelEvaluationCandidates.idNumber,
    })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, plan.id))
    .orderBy(asc(levelEvaluationCandidates.sort));
  const rows: SheetRow[] = people.map((p, i) => ({
    rowNumber: i + 2,
    rowKey: '',
    values: { [NAME_BLANK]: p.name, [ID_CARD_BLANK]: p.idNumber },
    problems: [],
  }));
  const archive = await openPhotoArchive(files.sheets, zipPath);
  const photos = await collectPhotos(files, owner, archive, rows, [PHOTO_BLANK]);
  const matched = people.flatMap((p, i) => {
    const fileId = photos.byRow.get(rows[i])?.get(PHOTO_BLANK.name);
    return fileId ? [{ id: p.id, name: p.name, fileId }] : [];
  });
  await db.transaction(async (tx) => {
    await recordManyFiles(tx, photos.records);
    await tx.execute(sql`
      update ${levelEvaluationCandidates} c set photo_file_id = x.file_id, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(matched.map((m) => ({ id: m.id, file_id: m.fileId })))}::jsonb)
        as x(id uuid, file_id uuid)
      where c.id = x.id and c.evaluation_id = ${plan.id}`);
  });
  const [{ without }] = await db
    .select({ without: count() })
    .from(levelEvaluationCandidates)
    .where(
      and(eq(levelEvaluationCandidates.evaluationId, plan.id), isNull(levelEvaluationCandidates.photoFileId)),
    );
  return {
    matched: matched.length,
    matched_names: matched.slice(0, CANDIDATE_PHOTO_LIST_MAX).map((m) => m.name),
    unmatched_count: photos.unmatched.length,
    unmatched_photos: photos.unmatched.slice(0, CANDIDATE_PHOTO_LIST_MAX),
    problems: rows
      .flatMap((r) => r.problems.map((p) => `${r.values[NAME_BLANK]}：${p}`))
      .slice(0, CANDIDATE_PHOTO_LIST_MAX),
    without_photo: without,
  };
}
