import { TemplateKey } from '@skill-cert/shared/messages';
import type { OfflineBatchRow, OfflineDraftRow } from '@skill-cert/shared/offline-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { describe, expect, it } from 'vitest';
import { enterpriseToken } from '../../../test/fixtures/custom-certificates.ts';
import { watchMessages } from '../../../test/fixtures/offline-certificates.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { seedEvaluationDemo } from '../level-evaluations/demo.ts';
import { findUserByAccount } from '../users/service.ts';
import { DEMO_PUBLISHED_BATCH, DEMO_TO_CONFIRM_BATCH, seedOfflineBatches } from './demo.ts';

// Renders the demo batch of 20 certificates in worker threads: long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();

describe('demo content (SEED_DEMO)', () => {
  it('qiye has a batch published with the national template (20 holders, verifiable) and one 待确认 with two drafts with problems', async () => {
    await seedEvaluationDemo(ctx.app.db);
    const admin = await findUserByAccount(ctx.app.db, 'qiye');
    const published = watchMessages(ctx.app, TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED);
    const token = await enterpriseToken(ctx.app);
    try {
      await seedOfflineBatches(ctx.app, admin!);
      const list = async () =>
        (await api<Paged<OfflineBatchRow>>(ctx.app, 'GET', '/api/offlineCertificateBatches', { token })).body
          .data.list;
      const byName = new Map((await list()).map((b) => [b.name, b]));
      await published.about(byName.get(DEMO_PUBLISHED_BATCH)!._id);
      const after = new Map((await list()).map((b) => [b.name, b]));
      expect(after.get(DEMO_PUBLISHED_BATCH)).toMatchObject({ status: 3, total: 20, rendered_count: 20 });
      const toConfirm = after.get(DEMO_TO_CONFIRM_BATCH)!;
      expect(toConfirm).toMatchObject({ status: 1, problem_count: 2 });
      const drafts = await api<Paged<OfflineDraftRow>>(
        ctx.app,
        'GET',
        `/api/offlineCertificateBatches/${toConfirm._id}/drafts?problem=1`,
        { token },
      );
      expect(drafts.body.data.list.map((d) => d.problems)).toEqual([
        ['证件号码校验不通过，请核对'],
        ['请填写技能操作考核结果'],
      ]);
      // Seeded once: a second start leaves it as it is.
      await seedOfflineBatches(ctx.app, admin!);
      expect(await list()).toHaveLength(2);
    } finally {
      published.stop();
    }
  });
});
