import { grantCreateBody } from '@skill-cert/shared/certificate-grants';
import { certificateListQuery, reissueBody } from '@skill-cert/shared/certificates';
import { levelEvaluationBody } from '@skill-cert/shared/level-evaluations';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { arbitraryOf, impossibleDays } from './zod-arbitrary.ts';

/** The values the fuzz sends to `field` of `schema` over many samples. */
function sentTo(schema: ZodType, field: string): unknown[] {
  return fc
    .sample(arbitraryOf(schema), { numRuns: 400, seed: 7 })
    .flatMap((v) =>
      v && typeof v === 'object' && field in v ? [(v as Record<string, unknown>)[field]] : [],
    );
}

describe('the fuzz sends impossible dates to every date field', () => {
  it.each([
    ['a date query (GET /api/certificates issue_date_end)', certificateListQuery, 'issue_date_end'],
    ['a required date (POST /api/certificateGrants issue_date)', grantCreateBody, 'issue_date'],
    ['an optional date of a body (the reissue issue_date)', reissueBody, 'issue_date'],
    ['a date of a draft (POST /api/levelEvaluations start_date)', levelEvaluationBody, 'start_date'],
  ] as const)('%s', (_name, schema, field) => {
    const sent = new Set(sentTo(schema as ZodType, field));
    for (const day of ['2026-02-30', '2026-04-31', '0000-01-01']) expect(impossibleDays).toContain(day);
    expect([...sent].filter((v) => impossibleDays.includes(v as string)).length).toBeGreaterThan(2);
  });
});
