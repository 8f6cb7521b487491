import { describe, expect, it } from 'vitest';
import { grantCreateBody } from './certificate-grants.ts';
import { certificateListQuery, issueDateProblem, reissueBody } from './certificates.ts';
import { dateParam, dateText } from './fields.ts';
import { levelEvaluationBody, levelEvaluationListQuery } from './level-evaluations.ts';
import {
  offlineBatchCreateBody,
  offlineBatchListQuery,
  offlineBatchPatchBody,
} from './offline-certificates.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

describe('dateText / dateParam: the one date rule of every request', () => {
  it('accepts a day that exists in 1900–2100', () => {
    expect(dateText('发证日期').parse('2024-02-29')).toBe('2024-02-29');
    expect(dateParam('发证日期').parse('')).toBeUndefined();
  });

  it('refuses 2026-02-30 and 2026-04-31 naming the field, never rolling them over', () => {
    expect(firstMessage(dateText('发证日期').safeParse('2026-02-30'))).toBe(
      '发证日期不是有效日期：2026-02-30 这一天不存在',
    );
    expect(firstMessage(dateParam('结束日期').safeParse('2026-04-31'))).toBe(
      '结束日期不是有效日期：2026-04-31 这一天不存在',
    );
  });

  it('refuses a year outside 1900–2100 (0000-01-01, 9999-12-31) naming the field', () => {
    expect(firstMessage(dateText('开始日期').safeParse('0000-01-01'))).toBe(
      '开始日期的年份应在1900至2100之间',
    );
    expect(firstMessage(dateText('开始日期').safeParse('9999-12-31'))).toBe(
      '开始日期的年份应在1900至2100之间',
    );
  });

  it('refuses another format with one Chinese message naming the field', () => {
    const r = dateText('发证日期').safeParse('2026/01/01');
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([
      '发证日期应为“年-月-日”格式，如 2026-01-31',
    ]);
  });

  it('every date field and date query of the contract uses it', () => {
    const impossible = '2026-02-30';
    const refused = (r: { success: boolean }) => expect(r.success).toBe(false);
    refused(certificateListQuery.safeParse({ issue_date_start: impossible }));
    refused(certificateListQuery.safeParse({ issue_date_end: impossible }));
    refused(reissueBody.safeParse({ reason: '损坏', issue_date: impossible }));
    refused(
      grantCreateBody.safeParse({
        evaluation_id: '0190a0b0-0000-7000-8000-000000000000',
        template_id: 'national',
        issue_date: impossible,
      }),
    );
    refused(levelEvaluationBody.safeParse({ name: '评价', start_date: impossible }));
    refused(levelEvaluationBody.safeParse({ name: '评价', end_date: impossible }));
    refused(levelEvaluationListQuery.safeParse({ start_date: impossible }));
    refused(levelEvaluationListQuery.safeParse({ end_date: impossible }));
    refused(offlineBatchListQuery.safeParse({ issue_date_start: impossible }));
    refused(offlineBatchListQuery.safeParse({ issue_date_end: impossible }));
    refused(offlineBatchPatchBody.safeParse({ issue_date: impossible }));
    for (const field of ['start_date', 'end_date', 'issue_date'])
      expect(offlineBatchCreateBody.shape[field as 'start_date'].safeParse(impossible).success, field).toBe(
        false,
      );
  });
});

describe('issueDateProblem: the one rule of a certificate’s issue date', () => {
  const today = '2026-12-07';
  const end = { day: '2026-11-30', name: '评价结束日期' };

  it('the day the evaluation ended, today and up to 7 days ahead are accepted', () => {
    for (const day of ['2026-11-30', '2026-12-07', '2026-12-14'])
      expect(issueDateProblem(day, today, end), day).toBeNull();
  });

  it('a day before the evaluation ended is refused', () => {
    expect(issueDateProblem('2026-11-29', today, end)).toBe('发证日期不能早于评价结束日期');
  });

  it('a day more than 7 days after today is refused, naming the latest day', () => {
    expect(issueDateProblem('2026-12-15', today, end)).toBe('发证日期不能晚于2026-12-14（今天起7天内）');
  });
});
