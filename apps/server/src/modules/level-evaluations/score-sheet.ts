import {
  CANDIDATE_IMPORT_MAX_ROWS,
  type CandidateResultValue,
  candidateResultText,
  type ImportResult,
  SCORE_SHEET_KEY_COLUMNS,
  SCORE_SHEET_RESULT_COLUMN,
  scoreMarkText,
} from '@skill-cert/shared/levelEvaluation';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { TableSpec } from '../certificate-engine/sheet.ts';
import { candidatesByIdNumber, scoresOf } from './candidates.ts';
import { findPlan, type PlanRow } from './plans.ts';
import {
  assertScoresEditable,
  entryProblem,
  methodTextOf,
  type PlanMethod,
  planMethods,
  recomputeResults,
  type TenthsEntry,
  writeScores,
} from './scores.ts';
import { addProblem, cellOf, columnsOf, errorReport, readImportSheet } from './sheet-import.ts';
import { levelEvaluationCandidates } from './tables.ts';

const FIELD = '成绩表';
const ID_COLUMN = '证件号码';
const MARKS = new Map(Object.entries(scoreMarkText).map(([k, v]) => [v, Number(k)]));
/** A score as typed: at most one decimal. */
const SCORE = /^\d+(\.\d)?$/;

/** The sheet's columns for the plan: 姓名, 证件号码, one per method (evaluationMethodText). */
const sheetColumns = (methods: PlanMethod[]) => [
  ...SCORE_SHEET_KEY_COLUMNS,
  ...methods.map((m) => methodTextOf(m.method)),
];

/**
 * `GET .../scores/export`: the result table (candidates in sheet order, a score or 缺考/违纪/违规 per method, 结果),
 * the layout the import reads, so export → edit → import round-trips. Three queries.
 */
export async function scoreExport(db: DbOrTx, plan: PlanRow): Promise<TableSpec> {
  const methods = await planMethods(db, plan.id);
  const candidates = await db
    .select({
      id: levelEvaluationCandidates.id,
      name: levelEvaluationCandidates.name,
      idNumber: levelEvaluationCandidates.idNumber,
      result: levelEvaluationCandidates.result,
    })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, plan.id))
    .orderBy(asc(levelEvaluationCandidates.sort), asc(levelEvaluationCandidates.id));
  const scores = await scoresOf(db, { evaluationId: plan.id });
  const cellOfScore = (candidateId: string, method: number): string | number => {
    const s = scores.get(candidateId)?.find((x) => x.method === method);
    if (!s) return '';
    if (s.mark !== null) return scoreMarkText[s.mark];
    return s.score === null ? '' : s.score / 10;
  };
  return {
    sheetName: '成绩',
    columns: [
      ...sheetColumns(methods).map((header) => ({ header, width: header === ID_COLUMN ? 22 : 16 })),
      { header: SCORE_SHEET_RESULT_COLUMN, width: 10 },
    ],
    rows: candidates.map((c) => [
      c.name,
      c.idNumber,
      ...methods.map((m) => cellOfScore(c.id, m.method)),
      c.result ? candidateResultText[c.result as CandidateResultValue] : '',
    ]),
  };
}

/** A cell of a method's column: a score, a mark, or blank (left as it is); else why not. */
function cellEntry(
  text: string,
  method: PlanMethod,
): { scoreTenths: number | null; mark: number | null } | string | null {
  if (!text) return null;
  const mark = MARKS.get(text);
  if (mark !== undefined) return { scoreTenths: null, mark };
  if (!SCORE.test(text))
    return `${methodTextOf(method.method)}应填成绩（最多一位小数）或 缺考、违纪、违规，不能是「${text}」`;
  const scoreTenths = Math.round(Number(text) * 10);
  return entryProblem([method], method.method, scoreTenths) ?? { scoreTenths, mark: null };
}

/**
 * `POST .../scores/import` (进行中 only): rows keyed by 证件号码, one column per method of the plan; a blank cell
 * leaves the score as it is. A sheet with errors imports nothing and answers an error report; a clean one is
 * written in one transaction (one statement per two thousand scores), results and pass_count recomputed.
 */
export async function importScores(
  app: FastifyInstance,
  req: FastifyRequest,
  planId: string,
): Promise<ImportResult> {
  const plan = await findPlan(app.db, req.company, planId);
  assertScoresEditable(plan);
  const methods = await planMethods(app.db, plan.id);
  const table = await readImportSheet(app, req, FIELD, CANDIDATE_IMPORT_MAX_ROWS);
  const headers = sheetColumns(methods);
  const columns = columnsOf(table, headers, [ID_COLUMN, ...headers.slice(2)], FIELD);
  const candidates = await candidatesByIdNumber(app.db, plan.id);

  const problems = new Map<number, string[]>();
  const entries: TenthsEntry[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { rowNumber, cells } of table.rows) {
    const idNumber = cellOf(cells, columns, ID_COLUMN).toUpperCase();
    if (!idNumber) {
      addProblem(problems, rowNumber, '请填写证件号码');
      continue;
    }
    const candidate = candidates.get(idNumber);
    if (!candidate) {
      addProblem(problems, rowNumber, `证件号码 ${idNumber} 不是本评价计划的考生`);
      continue;
    }
    const first = firstRowOf.get(idNumber);
    if (first !== undefined) {
      addProblem(problems, rowNumber, `证件号码 ${idNumber} 与第 ${first} 行重复`);
      continue;
    }
    firstRowOf.set(idNumber, rowNumber);
    for (const m of methods) {
      const entry = cellEntry(cellOf(cells, columns, methodTextOf(m.method)), m);
      if (typeof entry === 'string') addProblem(problems, rowNumber, entry);
      else if (entry) entries.push({ candidateId: candidate.id, method: m.method, ...entry });
    }
  }
  if (problems.size > 0)
    return errorReport(app, req, '成绩表-错误报告.xlsx', headers, columns, table, problems, []);

  const ids = [...new Set(entries.map((e) => e.candidateId))];
  await app.db.transaction(async (tx) => {
    const locked = await findPlan(tx, req.company, planId, { forUpdate: true });
    assertScoresEditable(locked);
    await writeScores(tx, locked.id, entries, req.auth.user.id);
    await recomputeResults(tx, locked.id, ids, methods);
  });
  return {
    imported: firstRowOf.size,
    total: table.rows.length,
    failed: 0,
    error_file_url: null,
    warnings: [],
  };
}
