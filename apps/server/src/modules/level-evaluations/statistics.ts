import { CandidateResult, type EvaluationStatistics } from '@skill-cert/shared/level-evaluations';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { PlanRow } from './plans.ts';
import { methodTextOf } from './scores.ts';
import { levelEvaluationCandidates, levelEvaluationMethods, levelEvaluationScores } from './tables.ts';

type ResultCounts = EvaluationStatistics['result_counts'];

const BUCKETS = 10;
/** [0,10%) … [80%,90%), and [90%,100%] (the full mark falls in the last). */
const bucketLabels = Array.from({ length: BUCKETS }, (_, i) =>
  i === BUCKETS - 1 ? `${i * 10}%-100%` : `${i * 10}%-${(i + 1) * 10}%`,
);

/** Candidates by result (合格 … 违规) and not yet complete, approved registrations only: one aggregate query. */
export async function resultCounts(db: DbOrTx, evaluationId: string): Promise<ResultCounts> {
  const res = (await db.execute(sql`
    select result, count(*)::int as n from ${levelEvaluationCandidates}
    where evaluation_id = ${evaluationId} and registration_status = 1 group by result`)) as unknown as {
    rows: { result: number | null; n: number }[];
  };
  const by = new Map(res.rows.map((r) => [r.result, Number(r.n)]));
  return {
    pass: by.get(CandidateResult.PASS) ?? 0,
    fail: by.get(CandidateResult.FAIL) ?? 0,
    absent: by.get(CandidateResult.ABSENT) ?? 0,
    discipline: by.get(CandidateResult.DISCIPLINE) ?? 0,
    violation: by.get(CandidateResult.VIOLATION) ?? 0,
    pending: by.get(null) ?? 0,
  };
}

/**
 * `GET .../statistics`: pass rate, counts by result, and per method a histogram of ten buckets of score / full
 * mark, the average, how many passed, were marked (缺考 …) or have nothing yet. Two aggregate queries: the database
 * counts, no candidate row reaches this process.
 */
export async function evaluationStatistics(db: DbOrTx, plan: PlanRow): Promise<EvaluationStatistics> {
  const counts = await resultCounts(db, plan.id);
  const res = (await db.execute(sql`
    select m.method, b.bucket, coalesce(b.n, 0)::int as n, coalesce(b.marked, 0)::int as marked,
      coalesce(b.passed, 0)::int as passed, coalesce(b.total, 0)::bigint as total
    from ${levelEvaluationMethods} m
    left join (
      select s.method,
        case when s.mark is null and s.score_tenths is not null
          then least(${BUCKETS - 1}, (s.score_tenths * ${BUCKETS}) / mm.full_mark_tenths) end as bucket,
        count(*) filter (where s.mark is null and s.score_tenths is not null) as n,
        count(*) filter (where s.mark is not null) as marked,
        count(*) filter (where s.mark is null and s.score_tenths >= mm.pass_mark_tenths) as passed,
        sum(s.score_tenths) filter (where s.mark is null) as total
      from ${levelEvaluationScores} s
      join ${levelEvaluationMethods} mm on mm.evaluation_id = s.evaluation_id and mm.method = s.method
      where s.evaluation_id = ${plan.id}
      group by s.method, 2
    ) b on b.method = m.method
    where m.evaluation_id = ${plan.id}
    order by m.method`)) as unknown as {
    rows: {
      method: number;
      bucket: number | null;
      n: number;
      marked: number;
      passed: number;
      total: string | number;
    }[];
  };
  const methods = new Map<number, EvaluationStatistics['methods'][number] & { sum: number }>();
  for (const r of res.rows) {
    const m =
      methods.get(r.method) ??
      (() => {
        const fresh = {
          method: r.method as 1 | 2 | 3 | 4,
          method_text: methodTextOf(r.method),
          buckets: bucketLabels.map((label) => ({ label, count: 0 })),
          average: null as number | null,
          passed: 0,
          marked: 0,
          missing: 0,
          sum: 0,
        };
        methods.set(r.method, fresh);
        return fresh;
      })();
    if (r.bucket !== null) m.buckets[Number(r.bucket)].count += Number(r.n);
    m.marked += Number(r.marked);
    m.passed += Number(r.passed);
    m.sum += Number(r.total);
  }
  const candidateCount = Object.values(counts).reduce((a, b) => a + b, 0);
  const complete = candidateCount - counts.pending;
  return {
    candidate_count: candidateCount,
    pass_rate: complete === 0 ? 0 : Math.round((counts.pass / complete) * 10_000) / 10_000,
    result_counts: counts,
    methods: [...methods.values()].map(({ sum, ...m }) => {
      const scored = m.buckets.reduce((a, b) => a + b.count, 0);
      return {
        ...m,
        average: scored === 0 ? null : Math.round((sum / scored) * 10) / 100,
        missing: candidateCount - scored - m.marked,
      };
    }),
  };
}
