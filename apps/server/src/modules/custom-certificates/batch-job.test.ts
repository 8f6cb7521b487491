import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CustomCertificateBatch } from '@skill-cert/shared/custom-certificates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEADER, jpeg, personRow, rawZip, xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  createTemplate,
  enterpriseToken,
  upload,
  waitForBatch,
  watchProgress,
} from '../../../test/fixtures/custom-certificates.ts';
import { api, openTestDatabase } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed.ts';
import { CHUNK_ROWS, TASK_ROWS } from '../certificate-engine/batch-runner.ts';
import { RenderPoolClosed } from '../certificate-engine/render-pool.ts';
import { ensureRoleTypes } from '../users/service.ts';

let database: Database;
let dispose: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await ensureRoleTypes(database.db);
  await seedDemoData(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'sc-job-'));
});
afterAll(async () => {
  await dispose?.();
  rmSync(dataDir, { recursive: true, force: true });
});

// The files live in the data folder, so the second app finds what the first one stored.
const start = () => buildApp(testConfig({ dataDir }), { database });

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the batch render job', () => {
  it('stopped mid-batch by closing the app, it resumes in a new app and completes once, nothing twice or lost', async () => {
    const ROWS = CHUNK_ROWS + 60;
    let app: FastifyInstance = await start();
    // The first two render tasks go through; later ones wait until the app closes and then find the pool closed,
    // as renders do when the process stops. Without this the stop landed wherever timing put it: on PostgreSQL in
    // CI every certificate was done before the close (160 of 160).
    const passing = 2;
    let calls = 0;
    let closingApp!: () => void;
    const appClosing = new Promise<void>((resolve) => {
      closingApp = resolve;
    });
    const renderMany = app.renderPool.renderMany;
    app.renderPool.renderMany = async (jobs, storeRoot) => {
      if (++calls <= passing) return renderMany(jobs, storeRoot);
      await appClosing;
      throw new RenderPoolClosed();
    };
    const progress = watchProgress();
    const token = await enterpriseToken(app);
    const template = await createTemplate(app, token);
    const rows = Array.from({ length: ROWS }, (_, i) => personRow(i + 1));
    const sheet = await upload(app, token, '名单.xlsx', await xlsx(DEFAULT_HEADER, rows));
    const photo = jpeg(120, 160);
    const zip = await upload(
      app,
      token,
      '照片.zip',
      rawZip(rows.map((r) => ({ name: `${r[2]}.jpg`, data: photo }))),
    );
    const created = await api<CustomCertificateBatch>(
      app,
      'POST',
      '/api/customCertificateBatchUploadRecords',
      {
        token,
        body: {
          name: '重启测试',
          custom_certificate_template_id: template._id,
          file_id: sheet,
          photo_zip_file_id: zip,
        },
      },
    );
    expect(created.status).toBe(200);
    const batchId = created.body.data._id;

    // Close the app while it renders: some certificates done, others still waiting.
    await progress.recorded(batchId, 1);
    progress.stop();
    const closed = app.close();
    closingApp();
    await closed;
    const before = await rowsOf<{ id: string; file_id: string }>(
      sql`select id, file_id from certificates where source_id = ${batchId} and produce_status = 1`,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(passing * TASK_ROWS);
    const stillActive = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'custom-certificate-render' and state = 'active'`,
    );
    expect(stillActive[0].n).toBe(0);

    app = await start();
    try {
      // Two apps in turn, each starting its render threads: at load 15–22 the resumed batch took over 120 s.
      const done = await waitForBatch(app, token, batchId, 180_000);
      expect(done).toMatchObject({
        certificate_handle_status: 1,
        total: ROWS,
        success_count: ROWS,
        failed_count: 0,
      });

      const certificates = await rowsOf<{ id: string; file_id: string; status: number }>(
        sql`select id, file_id, produce_status as status from certificates where source_id = ${batchId}`,
      );
      expect(certificates).toHaveLength(ROWS);
      expect(new Set(certificates.map((c) => c.file_id)).size).toBe(ROWS);
      // Those done before the restart were not rendered again.
      const fileOf = new Map(certificates.map((c) => [c.id, c.file_id]));
      for (const b of before) expect(fileOf.get(b.id)).toBe(b.file_id);
      // One PDF file per certificate, none extra.
      const pdfFiles = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from files where kind = 'pdf'`,
      );
      expect(pdfFiles[0].n).toBe(ROWS);
      const messages = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from messages where template_key = 'create_custom_certificate_done' and related_id = ${batchId}`,
      );
      expect(messages[0].n).toBe(1);
    } finally {
      await app.close();
    }
  }, 300_000);
});
