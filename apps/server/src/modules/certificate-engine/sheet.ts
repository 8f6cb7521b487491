import { BlankType, type TemplateBlank } from '@skill-cert/shared/custom-certificates';

/** The row key column of the batch spreadsheet: names a row's photos when it has no ID number. */
export const ROW_KEY_HEADER = '序号';
export const SHEET_MAX_ROWS = 20_000;
export const VALUE_MAX_LENGTH = 200;

export const textBlanks = (blanks: TemplateBlank[]) => blanks.filter((b) => b.blank_type === BlankType.TEXT);
export const imageBlanks = (blanks: TemplateBlank[]) =>
  blanks.filter((b) => b.blank_type === BlankType.IMAGE);
export const headerOf = (b: TemplateBlank) => (b.required ? `*${b.cn_name}` : b.cn_name);

/** A column of a spreadsheet the server writes (tableWorkbook). */
export interface TableColumn {
  header: string;
  width?: number;
  /** Marked red in the header (its text carries the * when the sheet wants one). */
  required?: boolean;
  /** A drop-down list of these values on the data rows (an Excel data validation). */
  list?: readonly string[];
}

/** The 姓名 of the example row a downloadable template carries (candidates, offline certificates). */
export const EXAMPLE_ROW_NAME = '张三（示例，请删除）';

/** Whether a row is the template's example left in: its 姓名 still carries the (示例 mark, in either bracket. */
export const isExampleRow = (name: string): boolean => /[（(]\s*示例/.test(name);

/** Why an example row left in is refused, naming its row in the sheet. */
export const exampleRowProblem = (rowNumber: number): string =>
  `第 ${rowNumber} 行是模板示例，请删除后再导入`;
