import type { APIRequestContext } from '@playwright/test';
import { isValidIdCard } from '@skill-cert/shared/id-card';
import { expect } from './enterprise.ts';
import { DEMO_PASSWORD } from './fixtures.ts';

/** Level-evaluation plans made through the API for the specs that start from one (granting, archives). */

/** An 18-digit ID number with its check character (GB 11643). */
export function idNumber(seq: number): string {
  const body = `11010119900202${String(seq).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find((id) => isValidIdCard(id)) as string;
}

/** A call of the API as a signed-in user; the envelope must say 200. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(body.code, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200);
  return body.data as T;
}

interface Options {
  filings: {
    _id: string;
    scopes: { occupation_code: string; work_type: string | null; levels: number[] }[];
    sites: { _id: string }[];
    examiners: { _id: string }[];
    supervisors: { _id: string }[];
  }[];
}

/** qiye's draft plan `name` on its first approved filing (one method, pass mark 60): its id and qiye's token. */
export async function draftPlan(request: APIRequestContext, name: string) {
  const login = await request.post('/api/login', { data: { name: 'qiye', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const options = await call<Options>(request, token, 'GET', '/api/levelEvaluations/options');
  const filing = options.filings.find((f) => f.scopes.length && f.sites.length && f.examiners.length)!;
  const scope = filing.scopes[0]!;
  const plan = await call<{ _id: string }>(request, token, 'POST', '/api/levelEvaluations', {
    name,
    record_application_id: filing._id,
    occupation_code: scope.occupation_code,
    work_type: scope.work_type,
    level: scope.levels[0],
    methods: [{ method: 1, full_mark: 100, pass_mark: 60 }],
    start_date: '2026-03-01',
    end_date: '2026-03-05',
    site_id: filing.sites[0]!._id,
    examiner_ids: [filing.examiners[0]!._id],
    supervisor_ids: filing.supervisors.length ? [filing.supervisors[0]!._id] : [],
    publicity_days: 0,
  });
  return { id: plan._id, token };
}

/**
 * qiye's plan `name` on its first approved filing with these candidates (one method, pass mark 60), taken through
 * approval, scores and results to 已通过 (0 publicity days). Answers the plan's id.
 */
export async function passedPlan(
  request: APIRequestContext,
  name: string,
  candidates: { name: string; id_number: string; score: number }[],
): Promise<string> {
  const { id, token } = await draftPlan(request, name);
  const path = `/api/levelEvaluations/${id}`;
  const added = await call<{ _id: string }[]>(request, token, 'POST', `${path}/candidates`, {
    candidates: candidates.map(({ name, id_number }) => ({ name, id_number })),
  });
  // A plan goes for approval once it has its candidates.
  await call(request, token, 'POST', `${path}/submit`);
  await call(request, token, 'POST', `${path}/review`, { action: 'approve', reason: null });
  await call(request, token, 'PATCH', `${path}/scores`, {
    scores: added.map((c, i) => ({
      candidate_id: c._id,
      method: 1,
      score: candidates[i]!.score,
      mark: null,
    })),
  });
  await call(request, token, 'POST', `${path}/submitResults`);
  await call(request, token, 'POST', `${path}/review`, { action: 'approve', reason: null });
  const detail = await call<{ status: number }>(request, token, 'GET', path);
  expect(detail.status).toBe(5);
  return id;
}
