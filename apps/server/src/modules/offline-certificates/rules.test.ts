import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { describe, expect, it } from 'vitest';
import { validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import { SHEET_HEADER } from '../../../test/fixtures/offline-certificates.ts';
import {
  type BatchRules,
  type DraftFields,
  fieldProblems,
  idTypeOf,
  judgeDrafts,
  sheetColumns,
} from './rules.ts';

const rules = (more: Partial<BatchRules> = {}): BatchRules => ({
  level: 4,
  occupationName: '电工',
  workType: null,
  ownBlanks: [],
  ...more,
});

const draft = (more: Partial<DraftFields> = {}): DraftFields => ({
  rowNumber: 2,
  name: '张三',
  idType: 1,
  idTypeText: null,
  idNumber: validId(1),
  results: { '1': '85', '2': '合格' },
  values: {},
  photoProblem: null,
  ...more,
});

const blank = (name: string, cn_name: string, required: 0 | 1): TemplateBlank => ({
  _id: name,
  name,
  cn_name,
  required,
  blank_type: 1,
  x: 0,
  y: 0,
  width: 0.1,
  height: 0.1,
  font_size: 12,
  color: '#000000',
  align: 'left',
  bold: 0,
});

describe('draft rules, one each', () => {
  it('a complete draft of level 4 has no problem', () => {
    expect(fieldProblems(draft(), rules())).toEqual([]);
  });

  it('姓名 is required', () => {
    expect(fieldProblems(draft({ name: ' ' }), rules())).toEqual(['请填写姓名']);
  });

  it('姓名 is at most 32 characters', () => {
    expect(fieldProblems(draft({ name: '张'.repeat(33) }), rules())).toEqual(['姓名不能超过32个字符']);
  });

  it('证件类型 must be one of the five; blank reads as 居民身份证', () => {
    expect(idTypeOf('')).toEqual({ idType: 1, idTypeText: null });
    expect(idTypeOf('护照')).toEqual({ idType: 2, idTypeText: null });
    expect(fieldProblems(draft(idTypeOf('身份证')), rules())).toEqual([
      '证件类型「身份证」不正确，应为：居民身份证、护照、港澳居民来往内地通行证、台湾居民来往大陆通行证、外国人永久居留身份证',
    ]);
  });

  it('a 居民身份证 number follows the evaluation import’s rules: 18 characters and its check digit', () => {
    const id = validId(1);
    const wrongDigit = `${id.slice(0, 17)}${id.endsWith('0') ? '1' : '0'}`;
    expect(fieldProblems(draft({ idNumber: wrongDigit }), rules())).toEqual(['证件号码校验不通过，请核对']);
    expect(fieldProblems(draft({ idNumber: '1101' }), rules())).toEqual(['证件号码应为18位居民身份证号']);
    expect(fieldProblems(draft({ idNumber: '' }), rules())).toEqual(['请输入证件号码']);
  });

  it('an ID number Excel turned into scientific notation is named as such', () => {
    expect(fieldProblems(draft({ idNumber: '1.10105E+17' }), rules())).toEqual([
      '证件号码被 Excel 转成了科学计数法，请将该列设为文本后重新填写',
    ]);
  });

  it('another 证件类型 takes any number up to 30 characters', () => {
    expect(fieldProblems(draft({ idType: 2, idNumber: 'E12345678' }), rules())).toEqual([]);
  });

  it('理论知识考试 and 技能操作考核 results are required', () => {
    expect(fieldProblems(draft({ results: { '1': '85' } }), rules())).toEqual(['请填写技能操作考核结果']);
  });

  it('综合评审 is required too at levels 2 and 1', () => {
    expect(fieldProblems(draft(), rules({ level: 2 }))).toEqual(['请填写综合评审结果']);
    expect(
      fieldProblems(draft({ results: { '1': '85', '2': '合格', '4': '合格' } }), rules({ level: 2 })),
    ).toEqual([]);
  });

  it('a result is 合格, 不合格 or a score 0–100 with at most one decimal', () => {
    expect(fieldProblems(draft({ results: { '1': '优秀', '2': '100.5' } }), rules())).toEqual([
      '理论知识考试结果「优秀」不正确，应为合格、不合格或0到100的成绩',
      '技能操作考核结果「100.5」不正确，应为合格、不合格或0到100的成绩',
    ]);
  });

  it('a result below 60 or 不合格 cannot be certified', () => {
    expect(fieldProblems(draft({ results: { '1': '59.5', '2': '不合格' } }), rules())).toEqual([
      '理论知识考试结果为「59.5」，未达到合格，不能发证',
      '技能操作考核结果为「不合格」，未达到合格，不能发证',
    ]);
  });

  it('a method that is not required may be blank, and when filled must pass', () => {
    expect(fieldProblems(draft({ results: { '1': '60', '2': '合格', '3': '缺考' } }), rules())).toEqual([
      '工作业绩评审结果为「缺考」，未达到合格，不能发证',
    ]);
  });

  it('the template’s own required blanks are required; none longer than 200 characters', () => {
    const own = [blank('school', '培训学校', 1), blank('remark', '备注', 0)];
    expect(fieldProblems(draft({ values: { remark: 'x'.repeat(201) } }), rules({ ownBlanks: own }))).toEqual([
      '请填写培训学校',
      '备注不能超过200个字符',
    ]);
  });

  it('the sheet template’s example row is not data: its one problem names its row', () => {
    expect(fieldProblems(draft({ rowNumber: 2, name: '张三（示例，请删除）' }), rules())).toEqual([
      '第 2 行是模板示例，请删除后再导入',
    ]);
    expect(fieldProblems(draft({ rowNumber: 7, name: '张三(示例,请删除)', results: {} }), rules())).toEqual([
      '第 7 行是模板示例，请删除后再导入',
    ]);
  });

  it('a photo of the zip that could not be used is the draft’s problem', () => {
    expect(fieldProblems(draft({ photoProblem: '照片不是 JPG/PNG 图片：a.jpg' }), rules())).toEqual([
      '照片不是 JPG/PNG 图片：a.jpg',
    ]);
  });

  it('the same ID number twice in a batch: the later row names the first', () => {
    const judged = judgeDrafts(
      [draft({ rowNumber: 5 }), draft({ rowNumber: 2 }), draft({ rowNumber: 3, idNumber: validId(2) })],
      rules(),
      new Set(),
    );
    expect(judged.get(2)?.problems).toEqual([]);
    expect(judged.get(3)?.problems).toEqual([]);
    expect(judged.get(5)?.problems).toEqual([`证件号码 ${validId(1)} 与第 2 行重复`]);
  });

  it('a holder of a valid certificate of the same occupation, 工种 and level from this company is flagged', () => {
    const judged = judgeDrafts([draft()], rules({ workType: '维修电工' }), new Set([validId(1)]));
    expect(judged.get(2)).toEqual({
      problems: ['已持有本单位电工（维修电工）四级/中级工的有效证书，不能重复发证'],
      duplicateHolder: true,
    });
  });

  it('the sheet’s columns: 姓名, 证件类型, 证件号码, one per method, the template’s own blanks', () => {
    expect(sheetColumns([blank('school', '培训学校', 1)])).toEqual([...SHEET_HEADER, '培训学校']);
  });
});
