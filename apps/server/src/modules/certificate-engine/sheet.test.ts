import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TemplateBlank, UploadRejection } from '@skill-cert/shared/custom-certificates';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HEADER,
  deflatedZeros,
  personRow,
  rawZip,
  xlsx,
} from '../../../test/fixtures/certificate-engine.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_BLANKS } from './defaults.ts';
import { cellText, readBatchSheet } from './sheet-read.ts';
import { templateInstructions } from './sheet-write.ts';
import { isUnsafeZipPath } from './zip.ts';

// Reads and writes spreadsheets with exceljs, hundreds of times: long work (test/time-limits.ts).
allowRendering();

// Files the tests write for reading back; removed after the file's tests.
const scratch = mkdtempSync(path.join(tmpdir(), 'sc-sheet-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const blanks = DEFAULT_BLANKS.map((b, i) => ({ ...b, _id: String(i) })) as TemplateBlank[];

async function sheetFile(header: string[], rows: (string | number | Date | null)[][]) {
  const file = path.join(scratch, `${randomUUID()}.xlsx`);
  writeFileSync(file, await xlsx(header, rows));
  return file;
}

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).data as UploadRejection;
};

describe('cellText', () => {
  it('reads what the user sees: long numbers without exponent, dates in Chinese, rich text and formula results', () => {
    expect(cellText(110101199003071)).toBe('110101199003071');
    expect(cellText(3.5)).toBe('3.5');
    expect(cellText(new Date(Date.UTC(2025, 5, 1)))).toBe('2025年06月01日');
    expect(cellText({ richText: [{ text: '张' }, { text: '三' }] })).toBe('张三');
    expect(cellText({ formula: 'A1', result: '四级' } as never)).toBe('四级');
    expect(cellText(null)).toBe('');
  });

  it('shows a number Excel kept only 15 digits of as Excel shows it (an ID number typed into a number cell)', () => {
    expect(cellText(Number('440981199001011234'))).toBe('4.40981E+17');
    expect(cellText(110000000000000000)).toBe('1.1E+17');
  });
});

describe('readBatchSheet', () => {
  it('maps columns by header (with or without *), skips empty rows and reports row problems', async () => {
    const header = DEFAULT_HEADER.map((h) => h.replace('*', ''));
    const second = personRow(2);
    second[6] = '';
    const rows = await readBatchSheet(
      await sheetFile(header, [
        personRow(1),
        [null, null, null],
        second,
        [' 3 ', ' 王五 ', ...personRow(3).slice(2)],
      ]),
      blanks,
      scratch,
    );
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 4, 5]);
    expect(rows[0].values.name).toBe('学员1');
    expect(rows[1].problems).toEqual(['请填写 职业名称']);
    expect(rows[2]).toMatchObject({ rowKey: '3', values: { name: '王五' }, problems: [] });
  });

  it('refuses a header twice and a row key twice', async () => {
    const twiceHeader = await rejection(
      readBatchSheet(await sheetFile([...DEFAULT_HEADER, '姓名'], [personRow(1)]), blanks, scratch),
    );
    expect(twiceHeader.errors[0].message).toContain('表头「姓名」重复');
    const twiceKey = await rejection(
      readBatchSheet(
        await sheetFile(DEFAULT_HEADER, [personRow(1), ['1', ...personRow(2).slice(1)]]),
        blanks,
        scratch,
      ),
    );
    expect(twiceKey.errors[0]).toEqual({
      row: 3,
      column: '序号',
      message: '「序号」1 重复（第 2 行和第 3 行）',
    });
  });
});

describe('readBatchSheet leaves nothing open', () => {
  const openDescriptors = () => readdirSync('/proc/self/fd').length;

  // exceljs's streaming reader left part-way (by a `break`) keeps its files open: the .xlsx stream, or the temporary
  // file a worksheet stored before the shared strings is spilled to. That leaked a descriptor per upload, and every
  // ~255 reads in one thread a valid sheet then came out as 「Excel 文件无法读取」.
  it.runIf(process.platform === 'linux')(
    'reads the same valid sheet 300 times in a row, every time, with no descriptor left open',
    async () => {
      const file = await sheetFile(DEFAULT_HEADER, [personRow(1)]);
      await readBatchSheet(file, blanks, scratch); // exceljs loaded
      const before = openDescriptors();
      for (let i = 0; i < 300; i++) expect(await readBatchSheet(file, blanks, scratch)).toHaveLength(1);
      expect(openDescriptors() - before).toBeLessThan(5);
    },
    240_000,
  );

  it.runIf(process.platform === 'linux')(
    'a header below row 1 and a second worksheet leave no descriptor open either',
    async () => {
      const below = path.join(scratch, `${randomUUID()}.xlsx`);
      const book = new ExcelJS.Workbook();
      const first = book.addWorksheet('证书数据');
      first.addRow([]);
      first.addRow(DEFAULT_HEADER);
      first.addRow(personRow(1));
      book.addWorksheet('说明').addRow(['按模板填写']);
      writeFileSync(below, Buffer.from(await book.xlsx.writeBuffer()));
      const twoSheets = await sheetFile(DEFAULT_HEADER, [personRow(1)]);
      const before = openDescriptors();
      for (let i = 0; i < 30; i++) {
        expect((await rejection(readBatchSheet(below, blanks, scratch))).errors[0]?.message).toContain(
          '表格是空的',
        );
        expect(await readBatchSheet(twoSheets, blanks, scratch)).toHaveLength(1);
      }
      expect(openDescriptors() - before).toBeLessThan(5);
    },
    240_000,
  );
});

describe('readBatchSheet and hostile spreadsheets', () => {
  const sheetBomb = (sheet: Buffer, claimedSize: number) =>
    rawZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: sheet, claimedSize, deflated: true },
    ]);
  const refusalOf = async (bytes: Buffer) => {
    const file = path.join(scratch, `${randomUUID()}.xlsx`);
    writeFileSync(file, bytes);
    const dir = mkdtempSync(path.join(scratch, 'work-'));
    const refused = await rejection(readBatchSheet(file, blanks, dir));
    return { refused, left: readdirSync(dir) };
  };
  const tooBig = {
    row: null,
    column: '数据文件',
    message: '数据文件已损坏或过大（解压后超过 64M），请使用下载的模板填写，数据多时请分批上传',
  };

  it('a worksheet that inflates past the size it declares is refused (1 GiB of zeros declaring 5,000 bytes)', async () => {
    const { refused, left } = await refusalOf(sheetBomb(deflatedZeros(1024), 5000));
    expect(refused.errors).toEqual([tooBig]);
    expect(left).toEqual([]);
  });

  it('parts declaring more than 64 MB together are refused before anything is inflated', async () => {
    const { refused } = await refusalOf(sheetBomb(deflatedZeros(65), 65 * 1024 * 1024));
    expect(refused.errors).toEqual([tooBig]);
  });

  it('a sheet written before its shared strings (as Excel and exceljs write it) is read with no temporary file of exceljs', async () => {
    const file = await sheetFile(DEFAULT_HEADER, [personRow(1), personRow(2)]);
    const systemTemp = process.env.TMPDIR;
    // exceljs would spill the worksheet into the system temporary folder: there is none now.
    process.env.TMPDIR = path.join(scratch, 'no-such-folder');
    try {
      expect(await readBatchSheet(file, blanks, mkdtempSync(path.join(scratch, 'work-')))).toHaveLength(2);
    } finally {
      if (systemTemp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTemp;
    }
  });
});

describe('zip paths', () => {
  it('treats ../, absolute and drive paths as unsafe, folders as fine', () => {
    for (const p of ['../a.jpg', 'a/../../b.jpg', '/etc/passwd', 'C:\\x.jpg', '..\\x.jpg'])
      expect(isUnsafeZipPath(p)).toBe(true);
    for (const p of ['照片/110101.jpg', 'a..b.jpg', 'x/y/z.png']) expect(isUnsafeZipPath(p)).toBe(false);
  });
});

describe('说明.txt (templateInstructions)', () => {
  const text = () => templateInstructions('电工证书', blanks);

  it('says the certificates of the other rows are generated as usual (其余证书, not 其余照片)', () => {
    expect(text()).toContain('其余证书照常生成');
    expect(text()).not.toContain('其余照片');
  });

  it('names every way a photo may be named and every accepted extension', () => {
    expect(text()).toContain('姓名-身份证号 或 身份证号-姓名');
    expect(text()).toContain('.jpg、.jpeg 或 .png');
  });
});
