import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { openTestDatabase, type TestContext } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { seedDemoData } from '../db/seed.ts';
import type { RegisteredRoute } from '../lib/route-access.ts';
import { ensureRoleTypes } from '../modules/users/service.ts';
import { zodIssueText } from '../plugins/errors.ts';
import { MemorySmsProvider } from '../plugins/sms.ts';
import { makePersonas, type Persona, satisfies } from './personas.ts';
import { arbitraryOf, dateFieldsOf, hostileString, impossibleDays, wordsOf } from './zod-arbitrary.ts';

/**
 * Property-based requests against every route's request schema (params, querystring, body),
 * sent as a caller the route lets in, so the body is really parsed. No answer is ever 5xx; every 400 is Chinese
 * (no ASCII word but the schema's own field names and values, or a file format), short, and names the field
 * when the schema refused it. FUZZ_RUNS sets the cases per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** ASCII words a Chinese message may carry besides field names: file formats, the upload encoding, booleans. */
const FORMAT_WORDS = new Set([
  'JPG',
  'PNG',
  'JPEG',
  'PDF',
  'ZIP',
  'Word',
  'Excel',
  'JSON',
  'multipart',
  'form',
  'data',
  'M',
  'true',
  'false',
]);
const MAX_MESSAGE = 100;
const ASCII_WORD = /[A-Za-z][A-Za-z0-9_]*/g;

// One app and database for the whole file, seeded once (the routes are read from it to name the tests).
const opened = await openTestDatabase();
const ctx: TestContext = {
  database: opened.database,
  sms: new MemorySmsProvider(),
} as TestContext;
ctx.app = await buildApp(testConfig(), { database: ctx.database, sms: ctx.sms });
await ensureRoleTypes(ctx.database.db);
await seedDemoData(ctx.database.db);
let personas: Persona[] = [];
let cases = 0;

/** Routes with a request schema. */
const fuzzed = ctx.app
  .registeredRoutes()
  .filter((r) => r.method !== 'HEAD' && r.access && Object.values(r.schema).some(Boolean))
  .map((r) => [`${r.method} ${r.url}`, r] as const);

const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();
const asText = (v: unknown): string =>
  wellFormed(typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The querystring as the server will parse it: every value a string (or a list of them). */
function queryOf(value: unknown): Record<string, string | string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    // One value under a key is parsed back as a string, several as a list.
    out[k] = Array.isArray(v) ? (v.length === 1 ? asText(v[0]) : v.map(asText)) : asText(v);
  }
  return out;
}

/** The field path of a zod issue as the errors plugin writes it: sites[0].name. */
const pathOf = (path: readonly PropertyKey[]) =>
  path
    .map((k, i) =>
      typeof k === 'number' || /^\d+$/.test(String(k)) ? `[${String(k)}]` : i ? `.${String(k)}` : String(k),
    )
    .join('');

const PART_LABELS = { params: '路径参数', body: '请求内容', querystring: '查询参数' } as const;

/**
 * What the server must say when the request fails its schema, by the same order the server checks (a NUL first,
 * then params, body, querystring): null when the schemas accept it.
 */
function expectedRefusal(
  route: RegisteredRoute,
  parts: { params: unknown; body: unknown; querystring: unknown },
) {
  const json = JSON.stringify([parts.params, parts.querystring, parts.body]) ?? '';
  if (json.includes('\\u0000')) return { nul: true as const };
  for (const part of ['params', 'body', 'querystring'] as const) {
    const schema = route.schema[part] as ZodType | undefined;
    if (!schema) continue;
    const parsed = schema.safeParse(parts[part]);
    if (parsed.success) continue;
    const issue = parsed.error.issues[0];
    const own = [zodIssueText(issue as never, true), zodIssueText(issue as never, false)].includes(
      issue.message,
    );
    return { part, issue, own };
  }
  return null;
}

afterAll(async () => {
  console.info(`fuzz: ${cases} cases over ${fuzzed.length} routes (${RUNS} per route)`);
  await ctx.app.close();
  await opened.dispose();
});

beforeAll(async () => {
  ({ personas } = await makePersonas(ctx));
}, 120_000);

/** Routes whose query or body has a date field, with those fields. */
const dated = fuzzed.flatMap(([name, route]) => {
  const query = dateFieldsOf(route.schema.querystring as ZodType | undefined);
  const body = dateFieldsOf(route.schema.body as ZodType | undefined);
  return query.length || body.length ? [[name, route, query, body] as const] : [];
});

// First: the fuzz below signs its callers out (logout, password changes) on the way.
describe('impossible dates (2026-02-30, 2026-04-31, 0000-01-01, …)', () => {
  it('the contract has date fields to try', () => {
    expect(dated.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'GET /api/certificates',
        'GET /api/certificates/export',
        'POST /api/certificateGrants',
      ]),
    );
  });

  it.each(dated)(
    '%s: a date query alone is 400 naming the field; a body of only a date is 400, never 5xx',
    async (_name, route, queryFields, bodyFields) => {
      const persona = [...personas.filter((p) => p.token && !p.tenantB), personas[0]].find((p) =>
        satisfies(route.access!, p),
      )!;
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-7000-8000-000000000000');
      for (const day of impossibleDays) {
        for (const field of queryFields) {
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: `${url}?${field}=${day}`,
            headers: auth(persona),
          });
          expect([field, day, res.statusCode], res.body.slice(0, 200)).toEqual([field, day, 400]);
          expect(res.json().message).toMatch(/日期/);
        }
        for (const field of bodyFields) {
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            payload: JSON.stringify({ [field]: day }),
            headers: { 'content-type': 'application/json', ...auth(persona) },
          });
          expect([field, day, res.statusCode], res.body.slice(0, 200)).toEqual([field, day, 400]);
        }
      }
    },
    120_000,
  );
});

describe('request fuzzing', () => {
  it.each(fuzzed)(
    '%s: never 5xx, every 400 Chinese, short and naming the field',
    async (_name, route) => {
      const access = route.access!;
      const order = [...personas.filter((p) => p.token && !p.tenantB), personas[0]];
      const persona = order.find((p) => satisfies(access, p))!;
      const words = new Set(
        [
          ...FORMAT_WORDS,
          ...wordsOf(route.schema.params),
          ...wordsOf(route.schema.querystring),
          ...wordsOf(route.schema.body),
        ].flatMap((w) => w.match(ASCII_WORD) ?? []),
      );
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const withBody = Boolean(route.schema.body);

      await fc.assert(
        fc.asyncProperty(
          fc.record({
            params: fc.tuple(...paramNames.map(() => hostileString)),
            query: route.schema.querystring ? arbitraryOf(route.schema.querystring) : fc.constant(undefined),
            body: withBody ? arbitraryOf(route.schema.body!) : fc.constant(undefined),
          }),
          async ({ params, query, body }) => {
            cases++;
            const paramValues = Object.fromEntries(
              paramNames.map((n, i) => [n, wellFormed(params[i] ?? '')]),
            );
            const querystring = queryOf(query);
            const url =
              route.url.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(paramValues[n])) +
              (Object.keys(querystring).length
                ? `?${new URLSearchParams(Object.entries(querystring).flatMap(([k, v]) => [v].flat().map((x): [string, string] => [k, x])))}`
                : '');
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url,
              ...(withBody && body !== undefined
                ? {
                    payload: JSON.stringify(body),
                    headers: { 'content-type': 'application/json', ...auth(persona) },
                  }
                : { headers: auth(persona) }),
            });
            expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
            if (res.statusCode !== 400) return;
            const { message } = res.json() as { message: string };
            expect(message, 'a 400 is Chinese').toMatch(/[\u4e00-\u9fff]/);
            expect([...message].length, `a 400 is short: ${message.slice(0, 200)}`).toBeLessThanOrEqual(
              MAX_MESSAGE,
            );
            // A message may quote a short excerpt of what was sent (at most its first 20 characters).
            const quoted = new Set(
              stringsIn([paramValues, querystring, body]).flatMap(
                (t) => [...t].slice(0, 20).join('').match(ASCII_WORD) ?? [],
              ),
            );
            const english = (message.match(ASCII_WORD) ?? []).filter((w) => !words.has(w) && !quoted.has(w));
            expect(english, `no English in "${message}"`).toEqual([]);
            const refusal = expectedRefusal(route, { params: paramValues, body, querystring });
            if (!refusal) return;
            if ('nul' in refusal) expect(message).toMatch(/不能包含空字符$/);
            else if (!refusal.own) expect(message).toBe(refusal.issue.message);
            else {
              const field = pathOf(refusal.issue.path);
              expect(message).toBe(
                `${field ? `「${field}」` : PART_LABELS[refusal.part]}${refusal.issue.message}`,
              );
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});

/** Every string in a request part, keys too. */
function stringsIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || depth > 8) return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v, depth + 1)]);
}

function auth(persona: Persona): Record<string, string> {
  return persona.token ? { authorization: `Bearer ${persona.token}` } : {};
}
