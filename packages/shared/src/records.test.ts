import { describe, expect, it } from 'vitest';
import { sortLevels } from './occupations.ts';
import { recordApplicationBody, recordRejectBody, recordSubmitProblem } from './records.ts';

const person = {
  name: '张考评',
  id_number: '110101198001010010',
  phone: '13912345678',
  qualification: '电工 二级',
};

describe('record application contract', () => {
  it('a bad row is named by its number and field', () => {
    const r = recordApplicationBody.safeParse({ supervisors: [person, { ...person, id_number: '123' }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('第2名质量督导员：身份证号不正确，请核对');
  });

  it('levels are kept once each, lowest first; a lower-case x in an ID number is upper-cased', () => {
    const r = recordApplicationBody.parse({
      scopes: [{ occupation_code: '6-31-01-03', levels: [1, 5, 3, 5] }],
      examiners: [{ ...person, id_number: '11010519491231002x' }],
    });
    expect(r.scopes[0].levels).toEqual([5, 3, 1]);
    expect(r.examiners[0].id_number).toBe('11010519491231002X');
    expect(sortLevels([2, 4, 4, 9])).toEqual([4, 2]);
  });

  it('a draft may be empty; submitting names the first missing part', () => {
    const empty = recordApplicationBody.parse({});
    expect(empty).toMatchObject({ scopes: [], submit: false, evaluation_basis: null });
    expect(recordSubmitProblem(empty)).toBe('请至少添加一个评价职业');
    const withBasis2 = { ...empty, scopes: [{}], evaluation_basis: 2 };
    expect(recordSubmitProblem(withBasis2)).toBe('请上传企业评价规范文件');
    expect(
      recordSubmitProblem({
        ...withBasis2,
        basis_file_id: 'f',
        sites: [{}],
        examiners: [{}],
        supervisors: [],
      }),
    ).toBe('请至少添加一名质量督导员');
  });

  it('a rejection needs a reason, even without a body', () => {
    expect(recordRejectBody.safeParse(undefined).error?.issues[0].message).toBe('请输入驳回原因');
    expect(recordRejectBody.safeParse({ reason: '  ' }).error?.issues[0].message).toBe('请输入驳回原因');
    expect(recordRejectBody.parse({ reason: ' 材料不全 ' })).toEqual({ reason: '材料不全' });
  });
});
