import { describe, expect, it } from 'vitest';
import { DEFAULT_BLANKS } from '../certificate-engine/defaults.ts';
import { dateFromText, printedFields } from './printed-fields.ts';

const blanks = DEFAULT_BLANKS.map((b) => ({ ...b, _id: b.name }));

describe('the library fields of a custom certificate are what it prints', () => {
  it('reads holder, ID number, printed number, occupation, level, institution and issue date from the default blanks', () => {
    const fields = printedFields(blanks, [
      { name: 'name', val: '孔明' },
      { name: 'id_card', val: '110101199003071234' },
      { name: 'certificate_no', val: 'QA-2026-0001' },
      { name: 'occupation', val: '电工' },
      { name: 'work_type', val: '维修电工' },
      { name: 'level', val: '四级/中级工' },
      { name: 'organization', val: '示例评价机构' },
      { name: 'issue_date', val: '2026年3月1日' },
      { name: 'photo', val: '0190a0b0-0000-7000-8000-000000000001' },
    ]);
    expect(fields).toEqual({
      holderName: '孔明',
      idNumber: '110101199003071234',
      certificateNo: 'QA-2026-0001',
      occupationName: '电工',
      workType: '维修电工',
      level: 4,
      institutionName: '示例评价机构',
      issueDate: '2026-03-01',
      searchText: '孔明 110101199003071234 QA-2026-0001 电工 维修电工 四级/中级工 示例评价机构 2026年3月1日',
    });
  });

  it('leaves out what the certificate does not print', () => {
    const fields = printedFields(blanks, [{ name: 'name', val: '张飞' }]);
    expect(fields).toMatchObject({ certificateNo: null, level: null, issueDate: null, occupationName: null });
  });

  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026/3/1', '2026-03-01'],
    ['2026.12.31', '2026-12-31'],
    ['2026年3月1日', '2026-03-01'],
    ['二〇二六年三月一日', '2026-03-01'],
    ['二〇二六年十二月二十一日', '2026-12-21'],
    ['二〇二六年十月三十日', '2026-10-30'],
  ])('the printed date %s is %s', (text, date) => {
    expect(dateFromText(text)).toBe(date);
  });

  it.each(['2026-02-30', '2026年4月31日', '0099-06-01', '9999-12-31', '三月一日', 'soon', ''])(
    '%s is no date of the calendar a certificate is issued in',
    (text) => {
      expect(dateFromText(text)).toBeNull();
    },
  );
});
