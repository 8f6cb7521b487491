import { errorEnvelope, isSuccessCode } from '@skill-cert/shared/envelope';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/** Answers that did not match their route's response schema (tests fail on any: `test/harness.ts`). */
const violations: string[] = [];
/** Empties and returns the violations recorded since the last call. */
export const takeContractViolations = (): string[] => violations.splice(0);

/** A route's answers with the failure envelope, declared once here for every route (4xx, 5xx). */
export const withFailures = <T extends object>(response: T) => ({
  '4xx': errorEnvelope,
  '5xx': errorEnvelope,
  ...response,
});

/**
 * The response half of the API contract: every route declares its answer (a zod schema from packages/shared);
 * the failure envelope is added here to each. With `validateResponses` (tests) every JSON answer is checked
 * against its schema on its way out, and a field the schema does not declare counts as a mismatch too;
 * otherwise answers are written with JSON.stringify, as without schemas (docs/decisions.md).
 */
export const contractPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const response = route.schema?.response as object | undefined;
      if (response) route.schema = { ...route.schema, response: withFailures(response) };
    });
    app.setSerializerCompiler(
      app.config.validateResponses
        ? ({ schema, method, url, httpStatus }) =>
            checkedSerializer(schema as z.ZodType, `${method} ${url} ${httpStatus}`)
        : () => (data) => JSON.stringify(data),
    );
  },
  { name: 'contract', dependencies: ['config'] },
);

function checkedSerializer(schema: z.ZodType, route: string) {
  return (data: unknown): string => {
    const text = JSON.stringify(data);
    // The answer as the client reads it (dates as strings, undefined fields gone).
    const wire = text === undefined ? undefined : JSON.parse(text);
    // Code 61 and other failures may leave with HTTP 200: they are failure envelopes.
    const failed = isEnvelope(wire) && !isSuccessCode(wire.code);
    const problem = mismatch(failed ? errorEnvelope : schema, wire);
    if (problem) {
      const message = `应答不符合接口契约：${route} ${problem}`;
      violations.push(message);
      throw new Error(message);
    }
    return text;
  };
}

const isEnvelope = (v: unknown): v is { code: number } =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

/** What is wrong with an answer: the first schema issue, or the first value the schema would drop or change. */
export function mismatch(schema: z.ZodType, wire: unknown): string | null {
  const result = schema.safeParse(wire);
  if (!result.success) {
    const issue = result.error.issues[0];
    return `字段 ${issue.path.join('.') || '(整体)'}：${issue.message}`;
  }
  const differs = firstDifference(wire, result.data, '');
  return differs === null ? null : `字段 ${differs || '(整体)'} 未在契约中声明`;
}

function firstDifference(sent: unknown, kept: unknown, path: string): string | null {
  if (sent === kept) return null;
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return path;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of Object.keys(sent)) {
    if (!(key in kept)) return at(key);
    const found = firstDifference(
      (sent as Record<string, unknown>)[key],
      (kept as Record<string, unknown>)[key],
      at(key),
    );
    if (found !== null) return found;
  }
  return null;
}
