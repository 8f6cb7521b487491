import {
  DEFAULT_FULL_MARK,
  DEFAULT_PASS_MARK,
  DEFAULT_PUBLICITY_DAYS,
  EvaluationMethod,
  type EvaluationOptions,
  evaluationSubmitProblem,
  type LevelEvaluationDetail,
  levelRequiresComprehensive,
} from '@skill-cert/shared/level-evaluations';
import dayjs, { type Dayjs } from 'dayjs';

export const METHODS = [
  EvaluationMethod.THEORY,
  EvaluationMethod.PRACTICAL,
  EvaluationMethod.PERFORMANCE,
  EvaluationMethod.COMPREHENSIVE,
] as const;

export interface MethodValues {
  checked?: boolean;
  full_mark?: number | null;
  pass_mark?: number | null;
}

/** What the step form holds; `toEvaluationBody` turns it into the request body. */
export interface EvaluationFormValues {
  name?: string;
  record_application_id?: string | null;
  /** `${occupation_code}|${work_type}` of a scope row of the filing. */
  scope?: string | null;
  level?: number | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  publicity_days?: number | null;
  remark?: string | null;
  methods: Record<number, MethodValues>;
  site_id?: string | null;
  examiner_ids?: string[];
  supervisor_ids?: string[];
}

export const scopeKey = (code: string, workType: string | null) => `${code}|${workType ?? ''}`;

const defaultMethods = (): Record<number, MethodValues> =>
  Object.fromEntries(
    METHODS.map((m) => [
      m,
      {
        checked: m <= EvaluationMethod.PRACTICAL,
        full_mark: DEFAULT_FULL_MARK,
        pass_mark: DEFAULT_PASS_MARK,
      },
    ]),
  );

/** A new plan: the only filing chosen when there is one, 理论知识考试 and 技能操作考核, 7 publicity days. */
export const emptyEvaluationForm = (options?: EvaluationOptions): EvaluationFormValues => ({
  record_application_id: options?.filings.length === 1 ? options.filings[0]._id : null,
  publicity_days: DEFAULT_PUBLICITY_DAYS,
  methods: defaultMethods(),
  examiner_ids: [],
  supervisor_ids: [],
});

export function toEvaluationFormValues(
  d: Pick<
    LevelEvaluationDetail,
    | 'name'
    | 'record_application_id'
    | 'occupation_code'
    | 'work_type'
    | 'level'
    | 'start_date'
    | 'end_date'
    | 'publicity_days'
    | 'remark'
    | 'methods'
    | 'site'
    | 'examiners'
    | 'supervisors'
  >,
): EvaluationFormValues {
  const methods = defaultMethods();
  for (const m of METHODS) methods[m] = { ...methods[m], checked: false };
  for (const m of d.methods)
    methods[m.method] = { checked: true, full_mark: m.full_mark, pass_mark: m.pass_mark };
  return {
    name: d.name,
    record_application_id: d.record_application_id,
    scope: d.occupation_code ? scopeKey(d.occupation_code, d.work_type) : null,
    level: d.level,
    dates: d.start_date ? [dayjs(d.start_date), d.end_date ? dayjs(d.end_date) : null] : null,
    publicity_days: d.publicity_days,
    remark: d.remark,
    methods,
    site_id: d.site?._id ?? null,
    examiner_ids: d.examiners.map((p) => p._id),
    supervisor_ids: d.supervisors.map((p) => p._id),
  };
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The body of POST / PATCH /api/levelEvaluations. */
export function toEvaluationBody(v: EvaluationFormValues, submit: boolean) {
  const [occupation_code, work_type] = v.scope ? v.scope.split('|') : [null, null];
  return {
    name: v.name?.trim() ?? '',
    record_application_id: v.record_application_id ?? null,
    occupation_code: occupation_code || null,
    work_type: work_type || null,
    level: v.level ?? null,
    methods: METHODS.filter((m) => v.methods?.[m]?.checked).map((m) => ({
      method: m,
      full_mark: v.methods[m].full_mark ?? DEFAULT_FULL_MARK,
      pass_mark: v.methods[m].pass_mark ?? DEFAULT_PASS_MARK,
    })),
    start_date: day(v.dates?.[0]),
    end_date: day(v.dates?.[1]),
    site_id: v.site_id ?? null,
    examiner_ids: v.examiner_ids ?? [],
    supervisor_ids: v.supervisor_ids ?? [],
    publicity_days: v.publicity_days ?? DEFAULT_PUBLICITY_DAYS,
    remark: blankToNull(v.remark),
    submit,
  };
}

export const STEP_TITLES = ['基本信息', '评价方式', '场地与人员', '考生名单'] as const;

/**
 * What is still missing before submitting, and the step that holds it. `occupation`: the chosen scope row, whose
 * flag says whether levels 2 and 1 need 综合评审.
 */
export function submitProblem(
  v: EvaluationFormValues,
  occupation?: { comprehensive_review: boolean },
): { message: string; step: number } | null {
  const message = evaluationSubmitProblem(toEvaluationBody(v, true), occupation);
  if (!message) return null;
  const step = /评价方式|综合评审/.test(message) ? 1 : /场地|考评员|督导员/.test(message) ? 2 : 0;
  return { message, step };
}

/** Levels 2 and 1 must include 综合评审: checked and locked. */
export function withRequiredMethods(methods: Record<number, MethodValues>, level: number | null | undefined) {
  if (!level || !levelRequiresComprehensive(level)) return methods;
  return {
    ...methods,
    [EvaluationMethod.COMPREHENSIVE]: { ...methods[EvaluationMethod.COMPREHENSIVE], checked: true },
  };
}
