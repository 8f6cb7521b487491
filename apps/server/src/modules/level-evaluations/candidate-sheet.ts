import { parseIdCard } from '@skill-cert/shared/id-card';
import {
  CANDIDATE_IMPORT_MAX_ROWS,
  CANDIDATE_REQUIRED_COLUMNS,
  CANDIDATE_SHEET_COLUMNS,
  type CandidateInput,
  candidateInput,
  candidateTypeText,
  EDUCATION_OPTIONS,
  IdType,
  type ImportResult,
  idTypeText,
} from '@skill-cert/shared/level-evaluations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { TableSpec } from '../certificate-engine/service.ts';
import {
  addProblem,
  capped,
  cellOf,
  columnsOf,
  EXAMPLE_ROW_NAME,
  errorReport,
  exampleRowProblem,
  isExampleRow,
  readImportSheet,
} from '../certificate-engine/service.ts';
import {
  alreadyCandidate,
  assertCandidatesEditable,
  candidatesByIdNumber,
  insertCandidates,
  personOf,
  refreshCounts,
} from './candidates.ts';
import { findPlan } from './plans.ts';

type Column = (typeof CANDIDATE_SHEET_COLUMNS)[number];
const FIELD = '考生名单';

const byText = <K extends number>(texts: Record<K, string>) =>
  new Map(Object.entries(texts).map(([k, v]) => [v as string, Number(k) as K]));
const ID_TYPES = byText(idTypeText);
const CANDIDATE_TYPES = byText(candidateTypeText);
const GENDERS = new Map([
  ['男', 1 as const],
  ['女', 2 as const],
]);

/** The example row of the template (a valid ID number), to be overwritten; left in, it is refused (isExampleRow). */
const EXAMPLE: Record<Column, string> = {
  姓名: EXAMPLE_ROW_NAME,
  证件类型: '居民身份证',
  证件号码: '11010519491231002X',
  性别: '女',
  手机号: '13800138000',
  文化程度: '大专',
  '工作单位/部门': '生产部',
  岗位: '电工',
  工作年限: '5',
  申报条件: '取得本职业四级证书后，累计从事本职业工作4年',
  考生类型: '新考',
};

/**
 * `GET /api/levelEvaluations/candidateTemplate`: the columns of CANDIDATE_SHEET_COLUMNS (required ones starred and
 * red), every column text (an 18-digit ID number stays as typed), drop-down lists for 证件类型, 性别, 文化程度 and
 * 考生类型 on the first rows, and an example row.
 */
export function candidateTemplate(): TableSpec {
  const required = new Set<string>(CANDIDATE_REQUIRED_COLUMNS);
  const lists: Partial<Record<Column, readonly string[]>> = {
    证件类型: Object.values(idTypeText),
    性别: ['男', '女'],
    文化程度: EDUCATION_OPTIONS,
    考生类型: Object.values(candidateTypeText),
  };
  return {
    sheetName: '考生名单',
    columns: CANDIDATE_SHEET_COLUMNS.map((c) => ({
      header: required.has(c) ? `*${c}` : c,
      required: required.has(c),
      list: lists[c],
      width: c === '证件号码' ? 22 : c === '申报条件' || c === '证件类型' ? 30 : undefined,
    })),
    rows: [CANDIDATE_SHEET_COLUMNS.map((c) => EXAMPLE[c])],
    listRows: CANDIDATE_IMPORT_MAX_ROWS,
  };
}

/** A sheet row as the body of one candidate (every cell a string), or the row's problems. */
export function inputOf(
  cells: string[],
  columns: Map<Column, number>,
): { input: CandidateInput | null; problems: string[]; sheetGender: 1 | 2 | null } {
  const cell = (c: Column) => cellOf(cells, columns, c);
  const problems: string[] = [];
  const coded = <K>(column: Column, map: Map<string, K>, fallback: K | null): K | null => {
    const text = cell(column);
    if (!text) return fallback;
    const code = map.get(text);
    if (code === undefined) problems.push(`${column}「${text}」不正确，应为：${[...map.keys()].join('、')}`);
    return code ?? null;
  };
  const idType = coded('证件类型', ID_TYPES, IdType.RESIDENT);
  const gender = coded('性别', GENDERS, null);
  const candidateType = coded('考生类型', CANDIDATE_TYPES, 1);
  const years = cell('工作年限');
  const workYears = years === '' ? null : Number(years);
  if (workYears !== null && Number.isNaN(workYears)) problems.push('工作年限应为数字');
  const parsed = candidateInput.safeParse({
    user_id: null,
    name: cell('姓名'),
    id_type: idType ?? IdType.RESIDENT,
    id_number: cell('证件号码'),
    gender,
    phone: cell('手机号') || null,
    education: cell('文化程度'),
    work_unit: cell('工作单位/部门'),
    post: cell('岗位'),
    work_years: workYears !== null && Number.isNaN(workYears) ? null : workYears,
    qualification: cell('申报条件'),
    candidate_type: candidateType ?? 1,
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message));
  return {
    input: parsed.success && problems.length === 0 ? parsed.data : null,
    problems,
    sheetGender: gender,
  };
}

/**
 * `POST .../candidates/import`: every row checked (the fields of candidateInput, the ID number's form and checksum,
 * duplicates in the sheet and against the plan's candidates); a sheet with errors imports nothing and answers an
 * error report; a clean one is inserted in one transaction, a thousand rows a statement. 性别 and 出生日期 come
 * from a 居民身份证 number, with a warning where the sheet's 性别 disagrees.
 */
export async function importCandidates(
  app: FastifyInstance,
  req: FastifyRequest,
  planId: string,
): Promise<ImportResult> {
  const plan = await findPlan(app.db, req.company, planId);
  assertCandidatesEditable(plan);
  const table = await readImportSheet(app, req, FIELD, CANDIDATE_IMPORT_MAX_ROWS);
  const columns = columnsOf(table, CANDIDATE_SHEET_COLUMNS, CANDIDATE_REQUIRED_COLUMNS, FIELD);
  // The example left in is refused at once: it would otherwise become a candidate.
  const example = table.rows.find(({ cells }) => isExampleRow(cellOf(cells, columns, '姓名')));
  if (example) throw badRequest(exampleRowProblem(example.rowNumber));

  const problems = new Map<number, string[]>();
  const warnings: string[] = [];
  const inputs: CandidateInput[] = [];
  const firstRowOf = new Map<string, number>();
  const existing = await candidatesByIdNumber(app.db, plan.id);
  for (const { rowNumber, cells } of table.rows) {
    const { input, problems: own, sheetGender } = inputOf(cells, columns);
    for (const p of own) addProblem(problems, rowNumber, p);
    // Repeats are told whatever else is wrong with either row: one report names every error.
    const idNumber = input?.id_number ?? cellOf(cells, columns, '证件号码').trim().toUpperCase();
    if (idNumber) {
      const first = firstRowOf.get(idNumber);
      if (first !== undefined) addProblem(problems, rowNumber, `证件号码 ${idNumber} 与第 ${first} 行重复`);
      else firstRowOf.set(idNumber, rowNumber);
      const taken = existing.get(idNumber);
      if (taken) addProblem(problems, rowNumber, alreadyCandidate(taken.name, idNumber));
    }
    if (!input) continue;
    const card = input.id_type === IdType.RESIDENT ? parseIdCard(input.id_number) : null;
    if (card && sheetGender && sheetGender !== card.gender)
      warnings.push(`第${rowNumber}行：性别与身份证号不一致，已按身份证号记为${card.genderText}`);
    inputs.push(input);
  }
  if (problems.size > 0)
    return errorReport(
      app,
      req,
      '考生名单-错误报告.xlsx',
      CANDIDATE_SHEET_COLUMNS,
      columns,
      table,
      problems,
      warnings,
    );

  const people = inputs.map(personOf);
  await app.db.transaction(async (tx) => {
    const locked = await findPlan(tx, req.company, planId, { forUpdate: true });
    assertCandidatesEditable(locked);
    // Added meanwhile by someone else: refused as a whole, like any other duplicate.
    const now = await candidatesByIdNumber(tx, locked.id);
    const twice = people.find((p) => now.has(p.idNumber));
    if (twice) throw badRequest(alreadyCandidate(twice.name, twice.idNumber));
    await insertCandidates(tx, locked.id, people);
    await refreshCounts(tx, locked.id);
  });
  return {
    imported: people.length,
    total: table.rows.length,
    failed: 0,
    error_file_url: null,
    warnings: capped(warnings),
  };
}
