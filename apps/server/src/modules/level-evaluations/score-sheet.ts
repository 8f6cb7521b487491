import {
  CANDIDATE_IMPORT_MAX_ROWS,
  type CandidateResultValue,
  candidateResultText,
  ExamineeStatus,
  type ImportResult,
  PlanOwner,
  SCORE_SHEET_KEY_COLUMNS,
  SCORE_SHEET_RESULT_COLUMN,
  scoreMarkText,
} from '@skill-cert/shared/level-evaluations';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { TableSpec } from '../certificate-engine/service.ts';
import {
  addProblem,
  cellOf,
  columnsOf,
  errorReport,
  readImportSheet,
} from '../certificate-engine/service.ts';
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
  taskMarkedCells,
  writeScores,
} from './scores.ts';
import { levelEvaluationCandidates } from './tables.ts';

const FIELD = '成绩表';
const ID_COLUMN = '证件号码';
const TICKET_COLUMN = '准考证号';
const MARKS = new Map(Object.entries(scoreMarkText).map(([k, v]) => [v, Number(k)]));
/** A score as typed: at most one decimal. */
const SCORE = /^\d+(\.\d)?$/;

/** What a plan is called in messages: 考试计划 (an institution's) or 评价计划. */
const planWord = (plan: PlanRow) => (plan.ownerKind === PlanOwner.INSTITUTION ? '考试计划' : '评价计划');

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
      ticketNo: levelEvaluationCandidates.ticketNo,
      result: levelEvaluationCandidates.result,
    })
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.evaluationId, plan.id),
        eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.APPROVED),
      ),
    )
    .orderBy(asc(levelEvaluationCandidates.sort), asc(levelEvaluationCandidates.id));
  const scores = await scoresOf(db, { evaluationId: plan.id });
  // An institution's results name each examinee's admission ticket too (a column the import does not read).
  const tickets = plan.ownerKind === PlanOwner.INSTITUTION;
  const cellOfScore = (candidateId: string, method: number): string | number => {
    const s = scores.get(candidateId)?.find((x) => x.method === method);
    if (!s) return '';
    if (s.mark !== null) return scoreMarkText[s.mark];
    return s.score === null ? '' : s.score / 10;
  };
  return {
    sheetName: '成绩',
    columns: [
      ...SCORE_SHEET_KEY_COLUMNS.map((header) => ({ header, width: header === ID_COLUMN ? 22 : 16 })),
      ...(tickets ? [{ header: TICKET_COLUMN, width: 22 }] : []),
      ...methods.map((m) => ({ header: methodTextOf(m.method), width: 16 })),
      { header: SCORE_SHEET_RESULT_COLUMN, width: 10 },
    ],
    rows: candidates.map((c) => [
      c.name,
      c.idNumber,
      ...(tickets ? [c.ticketNo ?? ''] : []),
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
      addProblem(problems, rowNumber, `证件号码 ${idNumber} 不是本${planWord(plan)}的考生`);
      continue;
    }
    if (candidate.registrationStatus !== ExamineeStatus.APPROVED) {
      addProblem(problems, rowNumber, `证件号码 ${idNumber} 的考生报名未审核通过，不能录入成绩`);
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
  const kept = await app.db.transaction(async (tx) => {
    const locked = await findPlan(tx, req.company, planId, { forUpdate: true });
    assertScoresEditable(locked);
    // Scores handed over by examiners stay as they were marked.
    const marked = await taskMarkedCells(tx, locked.id, ids);
    const written = entries.filter((e) => !marked.has(`${e.candidateId}:${e.method}`));
    await writeScores(tx, locked.id, written, req.auth.user.id);
    await recomputeResults(tx, locked.id, ids, methods);
    return entries.length - written.length;
  });
  return {
    imported: firstRowOf.size,
    total: table.rows.length,
    failed: 0,
    error_file_url: null,
    warnings: kept ? [`${kept} 个成绩由考评员评分提交，保留原成绩，未按表格修改`] : [],
  };
}
