import { describe, expect, it } from 'vitest';
import {
  CandidateResult,
  candidateInput,
  candidateResult,
  EvaluationMethod,
  evaluationReviewBody,
  evaluationSubmitProblem,
  IdType,
  idNumberProblem,
  levelEvaluationBody,
  qualificationFits,
  qualificationMismatch,
  ScoreMark,
  scoreChangeBody,
  scoreEntry,
} from './level-evaluations.ts';

const methods = [
  { method: EvaluationMethod.THEORY, pass_mark: 60 },
  { method: EvaluationMethod.PRACTICAL, pass_mark: 60 },
];
const s = (method: number, score: number | null, mark: 1 | 2 | 3 | null = null) => ({ method, score, mark });

describe('candidate result', () => {
  it('every method at or above its pass mark is 合格', () => {
    expect(candidateResult(methods, [s(1, 60), s(2, 99.5)])).toBe(CandidateResult.PASS);
  });
  it('one method below its pass mark is 不合格', () => {
    expect(candidateResult(methods, [s(1, 59.9), s(2, 100)])).toBe(CandidateResult.FAIL);
  });
  it('缺考 in any method is 缺考', () => {
    expect(candidateResult(methods, [s(1, null, ScoreMark.ABSENT), s(2, 90)])).toBe(CandidateResult.ABSENT);
  });
  it('违纪 in any method is 违纪, before 缺考', () => {
    expect(candidateResult(methods, [s(1, null, ScoreMark.ABSENT), s(2, null, ScoreMark.DISCIPLINE)])).toBe(
      CandidateResult.DISCIPLINE,
    );
  });
  it('违规 in any method is 违规', () => {
    expect(candidateResult(methods, [s(1, 80), s(2, null, ScoreMark.VIOLATION)])).toBe(
      CandidateResult.VIOLATION,
    );
  });
  it('a method without score or mark leaves the result open', () => {
    expect(candidateResult(methods, [s(1, 80)])).toBeNull();
    expect(candidateResult(methods, [s(1, 80), s(2, null)])).toBeNull();
  });
});

describe('ID numbers of candidates', () => {
  it('refuses a number that Excel turned into scientific notation', () => {
    expect(idNumberProblem(IdType.RESIDENT, '4.40981E+17')).toMatch('科学计数法');
  });
  it('refuses a bad 18-digit checksum', () => {
    expect(idNumberProblem(IdType.RESIDENT, '110105194912310022')).toMatch('校验不通过');
  });
  it('accepts a valid resident ID, lower-case x upper-cased by the input', () => {
    expect(idNumberProblem(IdType.RESIDENT, '11010519491231002X')).toBeNull();
    const parsed = candidateInput.parse({ name: '张三', id_number: ' 11010519491231002x ' });
    expect(parsed.id_number).toBe('11010519491231002X');
  });
  it('a passport number is not checked as a resident ID', () => {
    expect(idNumberProblem(IdType.PASSPORT, 'E12345678')).toBeNull();
  });
});

describe('plan body', () => {
  it('a draft saves with only a name; publicity defaults to 7 days, 0 allowed', () => {
    const draft = levelEvaluationBody.parse({ name: '电工四级评价' });
    expect(draft.publicity_days).toBe(7);
    expect(levelEvaluationBody.parse({ name: 'x', publicity_days: 0 }).publicity_days).toBe(0);
  });
  it('the end date may not precede the start date', () => {
    const r = levelEvaluationBody.safeParse({ start_date: '2026-12-10', end_date: '2026-12-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('结束日期不能早于开始日期');
  });
  it('levels 2 and 1 require 综合评审 on submit', () => {
    const body = levelEvaluationBody.parse({
      name: '电工技师评价',
      record_application_id: '0190f5a0-0000-7000-8000-000000000001',
      occupation_code: '6-31-01-03',
      level: 2,
      methods: [{ method: 1 }, { method: 2 }],
      start_date: '2026-12-01',
      end_date: '2026-12-02',
      site_id: '0190f5a0-0000-7000-8000-000000000002',
      examiner_ids: ['0190f5a0-0000-7000-8000-000000000003'],
      supervisor_ids: ['0190f5a0-0000-7000-8000-000000000004'],
    });
    expect(body.methods[0]).toEqual({ method: 1, full_mark: 100, pass_mark: 60 });
    expect(evaluationSubmitProblem(body)).toBe('二级、一级的评价须包含综合评审');
    expect(evaluationSubmitProblem({ ...body, methods: [...body.methods, { method: 4 }] })).toBeNull();
  });
  it('a pass mark above the full mark is refused', () => {
    const r = levelEvaluationBody.safeParse({ methods: [{ method: 1, full_mark: 50, pass_mark: 60 }] });
    expect(r.success).toBe(false);
  });
});

describe('review and scores', () => {
  it('reject and return need a reason; approve does not', () => {
    expect(evaluationReviewBody.safeParse({ action: 'approve' }).success).toBe(true);
    expect(evaluationReviewBody.safeParse({ action: 'reject' }).error?.issues[0]?.message).toBe(
      '请输入驳回原因',
    );
    expect(evaluationReviewBody.safeParse({ action: 'return', reason: ' ' }).error?.issues[0]?.message).toBe(
      '请输入退回原因',
    );
  });
  it('a score has at most one decimal and no score beside a mark', () => {
    const id = '0190f5a0-0000-7000-8000-000000000001';
    expect(scoreEntry.safeParse({ candidate_id: id, method: 1, score: 85.5 }).success).toBe(true);
    expect(scoreEntry.safeParse({ candidate_id: id, method: 1, score: 85.55 }).success).toBe(false);
    expect(scoreEntry.safeParse({ candidate_id: id, method: 1, score: 85, mark: 1 }).success).toBe(false);
  });
  it('a score change asks for a score or a mark, never both, like a cell of the table', () => {
    const id = '0190f5a0-0000-7000-8000-000000000001';
    const both = scoreChangeBody.safeParse({
      candidate_id: id,
      method: 1,
      score: 60,
      mark: 1,
      reason: '复核',
    });
    expect(both.error?.issues[0]?.message).toBe('有缺考、违纪或违规标记时不能填写成绩');
    expect(
      scoreChangeBody.safeParse({ candidate_id: id, method: 1, score: null, mark: 1, reason: '复核' })
        .success,
    ).toBe(true);
  });
});

describe("an examiner's filed qualification against the plan's occupation", () => {
  const electrician = { occupation_name: '电工', work_type: null };
  const welder = { occupation_name: '焊工', work_type: '电焊工' };
  it('fits when it names the occupation or the 工种', () => {
    expect(qualificationFits('电工 二级/技师', electrician)).toBe(true);
    expect(qualificationFits('维修电工三级', electrician)).toBe(true);
    expect(qualificationFits('焊工 二级/技师', welder)).toBe(true);
    expect(qualificationFits('电焊工 三级', welder)).toBe(true);
  });
  it('does not fit when it names another occupation or none; no occupation chosen yet fits anything', () => {
    expect(qualificationFits('焊工 二级/技师', electrician)).toBe(false);
    expect(qualificationFits('电工 二级/技师', welder)).toBe(false);
    expect(qualificationFits('二级/技师', electrician)).toBe(false);
    expect(qualificationFits('焊工', { occupation_name: null, work_type: null })).toBe(true);
  });
  it('the warning names each examiner, the qualification and the occupation', () => {
    expect(qualificationMismatch([{ name: '赵建国', qualification: '焊工 二级/技师' }], '电工')).toBe(
      '赵建国（焊工 二级/技师）的备案资格中没有本计划的职业「电工」，请确认其可以担任本计划考评员',
    );
  });
});
