import { describe, expect, it } from 'vitest';
import { examCardQuery, MarkingState, meanOf, qualificationCheck, resolveMarking } from './exam-tasks.ts';

const rule = (first: number, second: number, third: number | null = null, leader: number | null = null) =>
  resolveMarking({ double: true, toleranceTenths: 50, rounding: 1, first, second, third, leader });

describe('the double-marking rule (tenths, tolerance 5 points)', () => {
  it('a difference equal to the tolerance: the mean of the two stands', () => {
    expect(rule(800, 850)).toEqual({ state: MarkingState.AGREED, final: 825 });
  });

  it('a difference just past the tolerance: a third marker is needed', () => {
    expect(rule(800, 855)).toEqual({ state: MarkingState.THIRD, final: null });
  });

  it('the third between both, within the tolerance of one: the mean of the third and the nearer', () => {
    expect(rule(700, 800, 770)).toEqual({ state: MarkingState.THIRD_AGREED, final: 785 });
  });

  it('the third exactly between and within both: the mean with the higher', () => {
    expect(rule(700, 760, 730)).toEqual({ state: MarkingState.THIRD_AGREED, final: 745 });
  });

  it('the third at the tolerance of one: that one counts as near', () => {
    expect(rule(700, 800, 750)).toEqual({ state: MarkingState.THIRD_AGREED, final: 775 });
  });

  it('the third outside the tolerance of both: the group leader decides', () => {
    expect(rule(600, 800, 950)).toEqual({ state: MarkingState.LEADER, final: null });
    expect(rule(600, 800, 950, 720)).toEqual({ state: MarkingState.DECIDED, final: 720 });
  });

  it('single marking: the one total stands; double marking waits for both', () => {
    expect(resolveMarking({ double: false, toleranceTenths: 0, rounding: 1, first: 735 })).toEqual({
      state: MarkingState.SINGLE,
      final: 735,
    });
    expect(resolveMarking({ double: true, toleranceTenths: 50, rounding: 1, first: 735 }).state).toBe(
      MarkingState.WAITING,
    );
  });

  it('a mean is rounded half up as the method says: tenth, half point, whole point', () => {
    expect(meanOf(805, 810, 1)).toBe(808);
    expect(meanOf(805, 810, 2)).toBe(810);
    expect(meanOf(800, 815, 3)).toBe(810);
    expect(meanOf(800, 814, 3)).toBe(810);
    expect(meanOf(800, 830, 3)).toBe(820);
  });
});

describe('qualificationCheck', () => {
  const plan = { occupationCode: '6-31-01-03', occupationName: '电工', level: 4, examDate: '2026-12-10' };
  const q = (extra: Partial<Parameters<typeof qualificationCheck>[1][number]> = {}) => ({
    occupationCode: '6-31-01-03',
    occupationName: '电工',
    levelLow: 5,
    levelHigh: 3,
    certificateNo: 'KP001',
    validUntil: '2027-12-31',
    ...extra,
  });

  it('no qualification at all is a refusal', () => {
    expect(qualificationCheck('张三', [], plan).refusal).toBe('张三没有登记考评员资格，不能分配考评任务');
  });
  it('a covering, valid qualification gives no warning', () => {
    expect(qualificationCheck('张三', [q()], plan)).toEqual({ refusal: null, warnings: [] });
  });
  it('another occupation, another level range, or expiry before the exam day are warnings naming what is missing', () => {
    expect(qualificationCheck('张三', [q({ occupationCode: '6-18-02-04' })], plan).warnings).toEqual([
      '张三的考评员资格不含职业「电工」',
    ]);
    expect(qualificationCheck('张三', [q({ levelLow: 3, levelHigh: 2 })], plan).warnings).toEqual([
      '张三的「电工」考评员资格不含四级/中级工',
    ]);
    expect(qualificationCheck('张三', [q({ validUntil: '2026-12-09' })], plan).warnings).toEqual([
      '张三的考评员资格（证书编号 KP001）2026-12-09到期，早于考试日期 2026-12-10',
    ]);
    expect(qualificationCheck('张三', [q({ validUntil: '2026-12-10' })], plan).warnings).toEqual([]);
  });
});

describe('the card list query', () => {
  it('pages by 50 unless asked, with the page sizes of every list', () => {
    expect(examCardQuery.parse({})).toEqual({ page: 1, per_page: 50 });
    expect(examCardQuery.parse({ per_page: '20', state: '2' })).toEqual({ page: 1, per_page: 20, state: 2 });
    expect(examCardQuery.safeParse({ per_page: '15' }).error?.issues[0].message).toBe(
      '每页条数应为 10、20、30 或 50',
    );
  });
});
