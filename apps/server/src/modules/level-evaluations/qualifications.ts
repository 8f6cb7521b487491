import {
  type ExaminerQualificationBody,
  type ExaminerQualificationRow,
  levelRangeText,
  type QualificationFacts,
} from '@skill-cert/shared/exam-tasks';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { usableOccupation } from '../occupations/service.ts';
import { examinerQualifications } from './tables.ts';

export const QUALIFICATION_NOT_FOUND = '考评员资格不存在或已删除';
const MAX_QUALIFICATIONS = 50;

type Row = typeof examinerQualifications.$inferSelect;

const rowOf = (r: Row, today = formatDate(new Date())): ExaminerQualificationRow => ({
  _id: r.id,
  occupation_code: r.occupationCode,
  occupation_name: r.occupationName,
  level_low: r.levelLow,
  level_high: r.levelHigh,
  level_text: levelRangeText(r.levelLow, r.levelHigh),
  certificate_no: r.certificateNo,
  valid_until: r.validUntil,
  expired: r.validUntil < today,
  create_time_str: formatDateTime(r.createdAt),
});

async function rowsOf(db: DbOrTx, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(examinerQualifications)
    .where(eq(examinerQualifications.userId, userId))
    .orderBy(asc(examinerQualifications.createdAt));
}

/** An examiner's qualifications as the assignment check reads them. */
export async function qualificationsOf(db: DbOrTx, userId: string): Promise<QualificationFacts[]> {
  return (await rowsOf(db, userId)).map((r) => ({
    occupationCode: r.occupationCode,
    occupationName: r.occupationName,
    levelLow: r.levelLow,
    levelHigh: r.levelHigh,
    certificateNo: r.certificateNo,
    validUntil: r.validUntil,
  }));
}

export async function listQualifications(db: DbOrTx, userId: string): Promise<ExaminerQualificationRow[]> {
  const today = formatDate(new Date());
  return (await rowsOf(db, userId)).map((r) => rowOf(r, today));
}

/** `keptCode`: the qualification's occupation before the change, which stays usable although disabled since. */
async function valuesOf(db: DbOrTx, body: ExaminerQualificationBody, keptCode: string | null = null) {
  const occupation = await usableOccupation(
    db,
    body.occupation_code,
    {
      missing: '职业不在职业目录中，请重新选择',
      disabled: (name) => `职业「${name}」已在职业目录中停用，请选择其他职业`,
    },
    keptCode === body.occupation_code,
  );
  return {
    occupationCode: occupation.code,
    occupationName: occupation.name,
    levelLow: body.level_low,
    levelHigh: body.level_high,
    certificateNo: body.certificate_no,
    validUntil: body.valid_until,
  };
}

export async function addQualification(
  db: DbOrTx,
  userId: string,
  body: ExaminerQualificationBody,
): Promise<ExaminerQualificationRow> {
  const values = await valuesOf(db, body);
  if ((await rowsOf(db, userId)).length >= MAX_QUALIFICATIONS)
    throw badRequest(`考评员资格最多登记${MAX_QUALIFICATIONS}条`);
  const [row] = await db
    .insert(examinerQualifications)
    .values({ userId, ...values })
    .returning();
  return rowOf(row);
}

export async function updateQualification(
  db: DbOrTx,
  userId: string,
  id: string,
  body: ExaminerQualificationBody,
): Promise<ExaminerQualificationRow> {
  const [current] = await db
    .select({ code: examinerQualifications.occupationCode })
    .from(examinerQualifications)
    .where(and(eq(examinerQualifications.id, id), eq(examinerQualifications.userId, userId)));
  if (!current) throw notFound(QUALIFICATION_NOT_FOUND);
  const [row] = await db
    .update(examinerQualifications)
    .set(await valuesOf(db, body, current.code))
    .where(and(eq(examinerQualifications.id, id), eq(examinerQualifications.userId, userId)))
    .returning();
  if (!row) throw notFound(QUALIFICATION_NOT_FOUND);
  return rowOf(row);
}

export async function deleteQualification(db: DbOrTx, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(examinerQualifications)
    .where(and(eq(examinerQualifications.id, id), eq(examinerQualifications.userId, userId)))
    .returning({ id: examinerQualifications.id });
  if (gone.length === 0) throw notFound(QUALIFICATION_NOT_FOUND);
}
