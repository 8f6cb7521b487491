import type { ImportResult } from '@skill-cert/shared/level-evaluations';
import {
  DISABLED_MARK,
  isSkillLevelCode,
  OCCUPATION_IMPORT_MAX_ROWS,
  OCCUPATION_SHEET_COLUMNS,
  OCCUPATION_SHEET_REQUIRED,
  type OccupationRow,
  type OccupationSheetColumn,
  occupationBody,
  type occupationFilters,
  type SkillLevelCode,
  skillLevelFromText,
  WorkTypeKind,
} from '@skill-cert/shared/occupations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  addProblem,
  cellOf,
  columnsOf,
  errorReport,
  readImportSheet,
} from '../certificate-engine/service.ts';
import { allOccupations, saveImported } from './service.ts';

type Column = OccupationSheetColumn;
type Body = z.input<typeof occupationBody>;
const FIELD = '职业目录文件';
const YES = new Set(['是', '须', '需要', 'true', '1', 'y', 'yes']);
const NO = new Set(['否', '不须', '不需要', 'false', '0', 'n', 'no']);
const STATUS = new Map([
  ['启用', 1 as const],
  ['停用', 0 as const],
]);

const workTypesText = (row: OccupationRow, kind: number) =>
  row.work_types
    .filter((w) => w.kind === kind)
    .map((w) => (w.status === 1 ? w.name : `${w.name}${DISABLED_MARK}`))
    .join('、');

/** The rows of the export (one per occupation), in the columns the import reads back. */
function sheetRow(row: OccupationRow): string[] {
  const cells: Record<Column, string> = {
    职业编码: row.code,
    职业名称: row.name,
    评价等级: row.levels_text,
    二级一级须综合评审: row.comprehensive_review ? '是' : '否',
    工种: workTypesText(row, WorkTypeKind.WORK_TYPE),
    职业方向: workTypesText(row, WorkTypeKind.DIRECTION),
    状态: row.status_name,
    排序: String(row.sort),
  };
  return OCCUPATION_SHEET_COLUMNS.map((c) => cells[c]);
}

/** 导出: the occupations matching the filters as an .xlsx the import reads back unchanged. */
export async function exportOccupations(
  app: FastifyInstance,
  q: z.output<typeof occupationFilters>,
): Promise<Buffer> {
  const rows = await allOccupations(app.db, q);
  return app.sheets.writeTable({
    sheetName: '职业目录',
    columns: OCCUPATION_SHEET_COLUMNS.map((header) => ({
      header,
      required: OCCUPATION_SHEET_REQUIRED.includes(header),
      width: header === '工种' || header === '职业方向' ? 40 : header === '评价等级' ? 48 : undefined,
    })),
    rows: rows.map(sheetRow),
  });
}

/** 五级、四级 / 五级/初级工、四级/中级工 / 5,4 → the levels; a word that names none is reported. */
function levelsOf(text: string): { levels: SkillLevelCode[]; wrong: string[] } {
  const levels: SkillLevelCode[] = [];
  const wrong: string[] = [];
  for (const word of text.split(/[、,，;；\s]+/).filter(Boolean)) {
    const n = /^[1-5]$/.test(word) ? Number(word) : skillLevelFromText(word);
    if (n !== null && isSkillLevelCode(n)) levels.push(n);
    else wrong.push(word);
  }
  return { levels, wrong };
}

function workTypesOf(text: string, kind: 1 | 2): NonNullable<Body['work_types']> {
  return text
    .split(/[、,，;；\n]+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .map((w) => {
      const disabled = w.endsWith(DISABLED_MARK) || w.endsWith('(停用)');
      const name = disabled ? w.replace(/[（(]停用[）)]$/, '').trim() : w;
      return { name, kind, status: disabled ? (0 as const) : (1 as const) };
    });
}

/**
 * 导入: reads the sheet, checks every row, and imports all or nothing. A sheet with errors imports nothing and
 * answers the sheet back with a 错误原因 column (the project's import rule); a clean one adds the new codes and
 * updates the known ones (their 工种 / 职业方向 listed are added or updated, none removed).
 */
export async function importOccupations(app: FastifyInstance, req: FastifyRequest): Promise<ImportResult> {
  const table = await readImportSheet(app, req, FIELD, OCCUPATION_IMPORT_MAX_ROWS);
  const columns = columnsOf(table, OCCUPATION_SHEET_COLUMNS, OCCUPATION_SHEET_REQUIRED, FIELD);
  const problems = new Map<number, string[]>();
  const bodies: z.output<typeof occupationBody>[] = [];
  const codes = new Map<string, number>();
  for (const { rowNumber, cells } of table.rows) {
    const cell = (c: Column) => cellOf(cells, columns, c).trim();
    const say = (message: string) => addProblem(problems, rowNumber, message);
    const { levels, wrong } = levelsOf(cell('评价等级'));
    if (wrong.length)
      say(`评价等级「${wrong.join('、')}」不正确，应为五级、四级、三级、二级、一级（可写作五级/初级工等）`);
    const review = cell('二级一级须综合评审').toLowerCase();
    if (review && !YES.has(review) && !NO.has(review)) say('二级一级须综合评审应填“是”或“否”');
    const statusText = cell('状态');
    const status = statusText ? STATUS.get(statusText) : 1;
    if (status === undefined) say('状态应填“启用”或“停用”');
    const sortText = cell('排序');
    const sort = sortText ? Number(sortText) : 0;
    const parsed = occupationBody.safeParse({
      code: cell('职业编码'),
      name: cell('职业名称'),
      levels,
      comprehensive_review: !NO.has(review),
      sort,
      status: status ?? 1,
      work_types: [
        ...workTypesOf(cell('工种'), WorkTypeKind.WORK_TYPE),
        ...workTypesOf(cell('职业方向'), WorkTypeKind.DIRECTION),
      ],
    } satisfies Body);
    if (!parsed.success) {
      // Levels named wrongly are said above; the others as the form says them.
      for (const issue of parsed.error.issues)
        if (!(issue.path[0] === 'levels' && wrong.length)) say(issue.message);
      continue;
    }
    const first = codes.get(parsed.data.code);
    if (first !== undefined) say(`职业编码 ${parsed.data.code} 与第 ${first} 行重复`);
    else codes.set(parsed.data.code, rowNumber);
    bodies.push(parsed.data);
  }
  if (problems.size)
    return errorReport(
      app,
      req,
      '职业目录导入错误报告.xlsx',
      OCCUPATION_SHEET_COLUMNS,
      columns,
      table,
      problems,
      [],
    );
  const { added, updated } = await saveImported(app.db, bodies);
  return {
    imported: added + updated,
    total: table.rows.length,
    failed: 0,
    error_file_url: null,
    warnings: updated ? [`新增 ${added} 个职业，更新 ${updated} 个已有职业`] : [],
  };
}
