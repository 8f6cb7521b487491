import type { GrantDetail } from '@skill-cert/shared/certificate-grants';
import { NATIONAL_TEMPLATE_ID, parseCertificateNumber } from '@skill-cert/shared/certificates';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectConsecutive,
  seedFilingWithCodes,
  seedGrantablePlan,
} from '../../../test/fixtures/certificate-grants.ts';
import { enterpriseToken } from '../../../test/fixtures/custom-certificates.ts';
import { companyOf } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { certificateGrants } from '../certificate-grants/tables.ts';
import { allocateCertificateNumbers, type NumberPrefix } from './numbers.ts';
import { certificateNumberCounters, certificates } from './tables.ts';

const ctx = useTestApp();

const prefix = (over: Partial<NumberPrefix> = {}): NumberPrefix => ({
  kind: 'Y',
  institutionCode: '0001',
  provinceCode: '11',
  siteCode: '000001',
  ...over,
});

const take = (p: NumberPrefix, year: number, level: number, n: number) =>
  ctx.app.db.transaction((tx) => allocateCertificateNumbers(tx, p, year, level, n));

describe('certificate numbers', () => {
  it('are 22 characters: Y + institution (4) + province (2) + site (6) + year (2) + level (1) + serial (6) from 000001', async () => {
    const numbers = await take(prefix(), 2026, 4, 2);
    expect(numbers).toEqual(['Y000111000001264000001', 'Y000111000001264000002']);
    expect(parseCertificateNumber(numbers[1])).toEqual({
      kind: 'Y',
      institutionCode: '0001',
      provinceCode: '11',
      siteCode: '000001',
      year: 2026,
      level: 4,
      serial: 2,
    });
  });

  it('count per prefix, year and level: each starts at 000001 and continues where it stopped', async () => {
    expect(await take(prefix(), 2026, 4, 3)).toEqual([
      'Y000111000001264000001',
      'Y000111000001264000002',
      'Y000111000001264000003',
    ]);
    expect(await take(prefix(), 2026, 3, 1)).toEqual(['Y000111000001263000001']);
    expect(await take(prefix(), 2027, 4, 1)).toEqual(['Y000111000001274000001']);
    expect(await take(prefix({ siteCode: '000002' }), 2026, 4, 1)).toEqual(['Y000111000002264000001']);
    expect(await take(prefix({ institutionCode: '0002' }), 2026, 4, 1)).toEqual(['Y000211000001264000001']);
    expect(await take(prefix(), 2026, 4, 2)).toEqual(['Y000111000001264000004', 'Y000111000001264000005']);
  });

  it('a transaction that fails gives its serials back: no gap', async () => {
    await take(prefix(), 2026, 4, 1);
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await allocateCertificateNumbers(tx, prefix(), 2026, 4, 5);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await take(prefix(), 2026, 4, 1)).toEqual(['Y000111000001264000002']);
  });

  it('are never reused: a revoked certificate keeps its number and the next one continues after it', async () => {
    const admin = await enterpriseToken(ctx.app);
    const companyId = await companyOf(ctx.app.db, 'qiye');
    const { planId } = await seedGrantablePlan(ctx.app.db, companyId, { passed: 2 });
    const grant = await api<GrantDetail>(ctx.app, 'POST', '/api/certificateGrants', {
      token: admin,
      body: { evaluation_id: planId, template_id: NATIONAL_TEMPLATE_ID, issue_date: '2026-11-20' },
    });
    expect(grant.body.data.last_no).toBe('Y000111000001264000002');
    // Revoked (status 2): the row and its number stay; the counter never goes down.
    await ctx.app.db
      .update(certificates)
      .set({ status: 2, revokeReason: '测试' })
      .where(eq(certificates.certificateNo, 'Y000111000001264000002'));
    expect(await take(prefix(), 2026, 4, 1)).toEqual(['Y000111000001264000003']);
    await ctx.app.db.delete(certificateGrants).where(eq(certificateGrants.id, grant.body.data._id));
  });

  it('are refused past 999999 serials, in Chinese, taking nothing', async () => {
    await ctx.app.db
      .insert(certificateNumberCounters)
      .values({ prefix: 'Y000111000001', year: 26, level: 4, lastSerial: 999_998 });
    await expect(take(prefix(), 2026, 4, 2)).rejects.toThrow(
      '证书编号已用尽：该评价机构、考核站点2026年4级证书的流水号最多999999个，本次需要2个',
    );
    expect(await take(prefix(), 2026, 4, 1)).toEqual(['Y000111000001264999999']);
  });

  it('8 grants of 1,000 certificates started at once on one prefix get 8,000 distinct consecutive serials', async () => {
    const admin = await enterpriseToken(ctx.app);
    const companyId = await companyOf(ctx.app.db, 'qiye');
    const filing = await seedFilingWithCodes(ctx.app.db, companyId);
    const plans: string[] = [];
    for (let i = 0; i < 8; i++)
      plans.push(
        (await seedGrantablePlan(ctx.app.db, companyId, { passed: 1000, filing, firstId: i * 1001 })).planId,
      );
    const answers = await Promise.all(
      plans.map((evaluation_id) =>
        api<GrantDetail>(ctx.app, 'POST', '/api/certificateGrants', {
          token: admin,
          body: { evaluation_id, template_id: NATIONAL_TEMPLATE_ID, issue_date: '2026-11-20' },
        }),
      ),
    );
    const ids = answers.map((a) => {
      expect(a.body.code, a.body.message).toBe(200);
      return a.body.data._id;
    });
    // The proof needs the numbers, not the PDFs: the grants are removed, so their render jobs find nothing to do.
    const rows = await ctx.app.db
      .select({ no: certificates.certificateNo, sourceId: certificates.sourceId })
      .from(certificates)
      .where(inArray(certificates.sourceId, ids));
    await ctx.app.db.delete(certificateGrants).where(inArray(certificateGrants.id, ids));
    expectConsecutive(rows);
    // 8,000 candidates seeded and numbered in 8 transactions at once: long work (test/time-limits.ts).
  }, 90_000);
});
