import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import type ExcelJS from 'exceljs';
import { ID_CARD_BLANK } from './defaults.ts';
import { loadExcel } from './excel.ts';
import {
  headerOf,
  imageBlanks,
  ROW_KEY_HEADER,
  SHEET_MAX_ROWS,
  type TableColumn,
  textBlanks,
  VALUE_MAX_LENGTH,
} from './sheet.ts';

/** A spreadsheet the server writes: a template, an error report, an export. */
export interface TableSpec {
  sheetName: string;
  columns: TableColumn[];
  rows: (string | number | null)[][];
  /** Rows with a data validation list (the template's rows to fill); default: the rows given, at least 1. */
  listRows?: number;
}

/**
 * One worksheet: a bold, frozen header (required columns red), every column formatted as text so an 18-digit ID
 * number typed in is not turned into a rounded number by Excel, drop-down lists where a column has them.
 */
export async function tableWorkbook(spec: TableSpec): Promise<Buffer> {
  const excel = await loadExcel();
  const workbook = new excel.Workbook();
  workbook.creator = 'skill-cert';
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length * 3 + 4),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, col) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFFF' } };
    if (spec.columns[col - 1]?.required) cell.font = { bold: true, color: { argb: 'FFD4380D' } };
  });
  for (let c = 1; c <= spec.columns.length; c++) sheet.getColumn(c).numFmt = '@';
  for (const r of spec.rows) sheet.addRow(r);
  const last = 1 + Math.max(1, spec.listRows ?? spec.rows.length);
  // Ranges are supported at run time (squeezed into one sqref) though exceljs's types only name the cell's own.
  const validations = (
    sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
  ).dataValidations;
  spec.columns.forEach((c, i) => {
    if (!c.list) return;
    const letter = sheet.getColumn(i + 1).letter;
    validations.add(`${letter}2:${letter}${last}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${c.list.join(',')}"`],
      showErrorMessage: true,
      errorTitle: c.header,
      error: `请从下拉列表中选择${c.header.replace(/^\*/, '')}`,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The spreadsheet of zipTemplate: the row key column, then one text column per non-image blank. */
export async function templateWorkbook(blanks: TemplateBlank[]): Promise<Buffer> {
  return tableWorkbook({
    sheetName: '证书数据',
    columns: [
      { header: ROW_KEY_HEADER, width: 10 },
      ...textBlanks(blanks).map((b) => ({
        header: headerOf(b),
        required: Boolean(b.required),
        width: Math.max(14, b.cn_name.length * 3 + 4, b.name === ID_CARD_BLANK ? 22 : 0),
      })),
    ],
    rows: [],
  });
}

/** 说明.txt of zipTemplate: how to fill the sheet and name the photos. */
export function templateInstructions(templateName: string, blanks: TemplateBlank[]): string {
  const text = textBlanks(blanks);
  const images = imageBlanks(blanks);
  const lines = [
    `证书模板「${templateName}」批量生成说明`,
    '',
    '一、填写 模板.xlsx',
    '1. 第一行是表头，请勿修改或删除；每一行数据生成一张证书，空行会被忽略。',
    `2. 带 * 的列必须填写：${
      text
        .filter((b) => b.required)
        .map((b) => b.cn_name)
        .join('、') || '无'
    }。`,
    `3. 「${ROW_KEY_HEADER}」列是这一行的编号（如 1、2、3），证书列表按它显示，也用于匹配照片，同一表格内请勿重复。`,
    `4. 每个单元格不超过 ${VALUE_MAX_LENGTH} 个字符；身份证号等长数字请保持文本格式。`,
    `5. 一次最多 ${SHEET_MAX_ROWS} 行。`,
    '',
    '二、照片压缩包（.zip）',
  ];
  if (images.length === 0) lines.push('本模板没有图片字段，无需上传照片压缩包。');
  else {
    const hasIdCard = text.some((b) => b.name === ID_CARD_BLANK);
    const key = hasIdCard
      ? `身份证号（${text.find((b) => b.name === ID_CARD_BLANK)?.cn_name}列）、姓名-身份证号 或 身份证号-姓名，没有身份证号时用${ROW_KEY_HEADER}`
      : ROW_KEY_HEADER;
    lines.push(
      '1. 照片放在压缩包内任意文件夹中，格式为 .jpg、.jpeg 或 .png，每张不超过 10M。',
      `2. 照片文件名 = ${key}，例如 ${hasIdCard ? '110101199003071234.jpg、张三-110101199003071234.jpg 或 ' : ''}1.jpg。`,
    );
    images.forEach((b, i) => {
      lines.push(
        i === 0
          ? `   「${b.cn_name}」${b.required ? '（必填）' : '（选填）'}：文件名为 编号.jpg，或 编号_${b.cn_name}.jpg`
          : `   「${b.cn_name}」${b.required ? '（必填）' : '（选填）'}：文件名为 编号_${b.cn_name}.jpg`,
      );
    });
    lines.push('3. 压缩包中不能有重名的照片，路径中不能含有 ../。');
  }
  lines.push(
    '',
    '三、结果',
    '缺少必填内容或照片的行会标记为“生成失败”并写明原因，其余证书照常生成；失败的证书可在详情中修改后重新生成。',
  );
  return `${lines.join('\r\n')}\r\n`;
}
