/**
 * What the grant tests, the numbering proof and the benchmark share: an approved plan ready to grant (the company's
 * codes, a filed site with its code, 合格 candidates), inserted directly, and waiting for a grant's rendering to end.
 */

import { parseCertificateNumber } from '@skill-cert/shared/certificate';
import type { GrantDetail } from '@skill-cert/shared/certificateGrant';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api } from '../../../test/harness.ts';
import { within } from '../custom-certificates/test-fixtures.ts';

export { seedFilingWithCodes, seedGrantablePlan } from '../level-evaluations/test-grant-plans.ts';

export async function getGrant(app: FastifyInstance, token: string, id: string): Promise<GrantDetail> {
  const res = await api<GrantDetail>(app, 'GET', `/api/certificateGrants/${id}`, { token });
  if (res.body.code !== 200) throw new Error(`grant ${id}: ${res.body.message}`);
  return res.body.data;
}

/** Resolves when the grant's rendering ended (its create_level_evaluate_certificate_done was stored). */
export async function waitForGrant(
  app: FastifyInstance,
  token: string,
  id: string,
  ms = 120_000,
): Promise<GrantDetail> {
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = app.messenger.onStored((rows) => {
      if (rows.some((r) => r.templateKey === TemplateKey.LEVEL_CERTIFICATE_DONE && r.relatedId === id))
        resolve();
    });
  });
  try {
    const now = await getGrant(app, token, id);
    if (now.status !== 0) return now;
    await within(ended, ms, () => `grant ${id} still generating after ${ms} ms`);
    return await getGrant(app, token, id);
  } finally {
    stop();
  }
}

/** 8,000 numbers of one prefix, year and level: serials 1..8000 once each, each grant's a consecutive run. */
export function expectConsecutive(rows: { no: string | null; sourceId: string }[]): void {
  expect(rows).toHaveLength(8000);
  const serials = rows.map((r) => parseCertificateNumber(r.no as string)?.serial as number);
  expect(new Set(rows.map((r) => (r.no as string).slice(0, 16))).size).toBe(1);
  expect([...serials].sort((a, b) => a - b)).toEqual(Array.from({ length: 8000 }, (_, i) => i + 1));
  const bySource = new Map<string, number[]>();
  for (const [i, r] of rows.entries())
    bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), serials[i]]);
  expect(bySource.size).toBe(8);
  for (const own of bySource.values()) {
    own.sort((a, b) => a - b);
    expect([own.length, own[own.length - 1] - own[0]]).toEqual([1000, 999]);
  }
}
