import type { CustomCertificateBatch, CustomCertificateRow } from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HEADER, jpeg, personRow, rawZip, xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  createTemplate,
  enterpriseToken,
  upload,
  waitForBatch,
  watchProgress,
  within,
} from '../../../test/fixtures/custom-certificates.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { GAVE_UP_REASON, ROW_ATTEMPTS, SYSTEM_FAILURE_REASON } from '../certificate-engine/batch-runner.ts';
import { RenderError, type RenderJob } from '../certificate-engine/render/types.ts';
import type { RenderManyItem } from '../certificate-engine/render-pool.ts';

// Renders batches in worker threads, through retries: long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();
let progress = watchProgress();
beforeEach(() => {
  progress = watchProgress();
});

type Render = (job: RenderJob) => Promise<Uint8Array>;

/**
 * Puts `wrap` between each certificate's render and the real render pool (the app's decorator is looked up at
 * each call), for single renders and for the several-certificate tasks a batch sends alike.
 */
function interceptRenders(wrap: (job: RenderJob, real: Render) => Promise<Uint8Array>) {
  const pool = ctx.app.renderPool;
  const real: Render = (job) => pool.render(job);
  const one = async (job: RenderJob): Promise<RenderManyItem> => {
    try {
      return { pdf: await wrap(job, real) };
    } catch (err) {
      if (err instanceof RenderError) return { renderError: err.message };
      return { systemError: (err as Error).message };
    }
  };
  (ctx.app as { renderPool: typeof pool }).renderPool = {
    ...pool,
    render: (job: RenderJob) => wrap(job, real),
    renderMany: async (jobs: RenderJob[]) => {
      const items: RenderManyItem[] = [];
      for (const job of jobs) items.push(await one(job));
      return items;
    },
  };
  restore = () => {
    (ctx.app as { renderPool: typeof pool }).renderPool = pool;
  };
}
let restore = () => {};
afterEach(() => {
  restore();
  restore = () => {};
  progress.stop();
});

/** The holder's name of a render job (its PDF title is `{template} - {name}`). */
const holderOf = (job: RenderJob) => job.title?.split(' - ')[1] ?? '';

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const doneMessages = async (batchId: string) =>
  (
    await rowsOf<{ content: string }>(
      sql`select content from messages where template_key = 'create_custom_certificate_done' and related_id = ${batchId}`,
    )
  ).map((m) => m.content);

/** A batch of `n` people with photos named by ID number; answers the created batch. */
async function startBatch(token: string, n: number, name = '故障测试批次') {
  const template = await createTemplate(ctx.app, token);
  const rows = Array.from({ length: n }, (_, i) => personRow(i + 1));
  const sheet = await upload(ctx.app, token, '名单.xlsx', await xlsx(DEFAULT_HEADER, rows));
  const photo = jpeg(90, 120);
  const zip = await upload(
    ctx.app,
    token,
    '照片.zip',
    rawZip(rows.map((r) => ({ name: `${r[2]}.jpg`, data: photo }))),
  );
  const res = await api<CustomCertificateBatch>(ctx.app, 'POST', '/api/customCertificateBatchUploadRecords', {
    token,
    body: { name, custom_certificate_template_id: template._id, file_id: sheet, photo_zip_file_id: zip },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const getBatch = async (token: string, id: string) =>
  (
    await api<CustomCertificateBatch>(ctx.app, 'GET', `/api/customCertificateBatchUploadRecords/${id}`, {
      token,
    })
  ).body.data;

async function certificates(token: string, batchId: string) {
  const res = await api<Paged<CustomCertificateRow>>(
    ctx.app,
    'GET',
    `/api/customCertificateBatchUploadRecords/${batchId}/certificateList?per_page=50`,
    { token },
  );
  return res.body.data.list;
}

describe('a render that fails for a reason of the system (not the row)', () => {
  it('is retried alone: a passing fault recovers, a lasting one fails only its row with a reason, and the batch ends with its message', async () => {
    const attempts = new Map<string, number>();
    interceptRenders(async (job, real) => {
      const holder = holderOf(job);
      const n = (attempts.get(holder) ?? 0) + 1;
      attempts.set(holder, n);
      if (holder === '学员2') throw new Error('render worker exited (simulated crash)');
      if (holder === '学员3' && n === 1) throw new Error('ENOSPC (simulated storage fault)');
      return real(job);
    });
    const token = await enterpriseToken(ctx.app);
    const created = await startBatch(token, 4);
    const done = await waitForBatch(ctx.app, token, created._id);
    expect(done).toMatchObject({
      certificate_handle_status: 2,
      total: 4,
      success_count: 3,
      failed_count: 1,
      progress: 100,
    });
    expect(attempts.get('学员2')).toBe(ROW_ATTEMPTS);
    expect(attempts.get('学员3')).toBe(2);
    expect(attempts.get('学员1')).toBe(1);
    const list = await certificates(token, created._id);
    expect(list.map((c) => [c.blanks[0].val, c.custom_certificate_produce_status, c.fail_reason])).toEqual([
      ['学员1', 1, null],
      ['学员2', 2, SYSTEM_FAILURE_REASON],
      ['学员3', 1, null],
      ['学员4', 1, null],
    ]);
    expect(await doneMessages(created._id)).toEqual([
      '「故障测试批次」证书生成完成：成功 3 张，失败 1 张，失败的证书可修改后重新生成',
    ]);
  });

  it('a pool that fails everything fails every row after its retries; the batch still ends as 部分失败 with its message', async () => {
    let calls = 0;
    interceptRenders(async () => {
      calls++;
      throw new Error('piscina: worker terminated (simulated)');
    });
    const token = await enterpriseToken(ctx.app);
    const created = await startBatch(token, 3);
    const done = await waitForBatch(ctx.app, token, created._id);
    expect(done).toMatchObject({
      certificate_handle_status: 2,
      success_count: 0,
      failed_count: 3,
      progress: 100,
    });
    expect(calls).toBe(3 * ROW_ATTEMPTS);
    const list = await certificates(token, created._id);
    expect(list.every((c) => c.fail_reason === SYSTEM_FAILURE_REASON)).toBe(true);
    expect(await doneMessages(created._id)).toHaveLength(1);
  });
});

describe('a render job that fails for good', () => {
  it('when its retries are spent, the rows it left waiting fail with a reason and the batch finishes with its message', async () => {
    // The database refuses to mark any certificate generated: every attempt of the job fails as a whole.
    await ctx.database.db.execute(
      sql.raw(
        'alter table certificates add constraint test_never_done check (source <> 3 or produce_status <> 1)',
      ),
    );
    try {
      const token = await enterpriseToken(ctx.app);
      const created = await startBatch(token, 3);
      // Its job may be retried once more at most (rather than 20 times, 3 s apart).
      await ctx.database.db.execute(
        sql`update pgboss.job set retry_limit = least(retry_limit, retry_count + 1) where name = 'custom-certificate-render' and data->>'batchId' = ${created._id}`,
      );
      const done = await waitForBatch(ctx.app, token, created._id, 120_000);
      expect(done).toMatchObject({ certificate_handle_status: 2, success_count: 0, failed_count: 3 });
      const list = await certificates(token, created._id);
      expect(list.map((c) => c.fail_reason)).toEqual([GAVE_UP_REASON, GAVE_UP_REASON, GAVE_UP_REASON]);
      expect(await doneMessages(created._id)).toHaveLength(1);
    } finally {
      await ctx.database.db.execute(
        sql.raw('alter table certificates drop constraint if exists test_never_done'),
      );
    }
  });

  it('a batch is never left finished without its message: storing the message failing keeps it 生成中 until it can be sent once', async () => {
    await ctx.database.db.execute(
      sql.raw(
        "alter table messages add constraint test_no_done_message check (template_key is distinct from 'create_custom_certificate_done')",
      ),
    );
    let dropped = false;
    const drop = async () => {
      if (dropped) return;
      dropped = true;
      await ctx.database.db.execute(
        sql.raw('alter table messages drop constraint if exists test_no_done_message'),
      );
    };
    try {
      // The finishing transaction stores the done message; here storing it fails, and with it the whole transaction.
      let attempted!: () => void;
      const finishingFailed = new Promise<void>((resolve) => {
        attempted = resolve;
      });
      const messenger = ctx.app.messenger;
      const finishAndTell = messenger.finishAndTell;
      messenger.finishAndTell = (...args) =>
        finishAndTell(...args).catch((err) => {
          attempted();
          throw err;
        });
      restore = () => {
        messenger.finishAndTell = finishAndTell;
      };
      const token = await enterpriseToken(ctx.app);
      const created = await startBatch(token, 2, '消息测试批次');
      await progress.recorded(created._id, 2);
      await within(finishingFailed, 75_000, () => 'the batch never tried to finish');
      // The finishing transaction failed as a whole: still 生成中, no message.
      expect(await getBatch(token, created._id)).toMatchObject({
        certificate_handle_status: 0,
        success_count: 2,
      });
      expect(await doneMessages(created._id)).toEqual([]);
      await drop();
      const done = await waitForBatch(ctx.app, token, created._id, 75_000);
      expect(done.certificate_handle_status).toBe(1);
      expect(await doneMessages(created._id)).toEqual(['「消息测试批次」证书生成完成：共 2 张']);
    } finally {
      await drop();
    }
  });
});

describe('while a batch runs', () => {
  it('GET .../{id} and the certificate list show the counts and progress so far', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    interceptRenders(async (job, real) => {
      // 学员3 and 学员4 wait until the test has looked at the batch half-way.
      if (['学员3', '学员4'].includes(holderOf(job))) await gate;
      return real(job);
    });
    const token = await enterpriseToken(ctx.app);
    const created = await startBatch(token, 4);
    try {
      await progress.recorded(created._id, 2);
      const half = await getBatch(token, created._id);
      expect(half).toMatchObject({
        certificate_handle_status: 0,
        certificate_handle_status_value: '生成中',
        total: 4,
        success_count: 2,
        failed_count: 0,
        progress: 50,
        finish_time_str: null,
      });
      const list = await certificates(token, created._id);
      expect(list.map((c) => c.custom_certificate_produce_status_value)).toEqual([
        '生成成功',
        '生成成功',
        '待生成',
        '待生成',
      ]);
      expect(list[2].custom_certificate_file_info).toBeNull();
    } finally {
      release();
    }
    const done = await waitForBatch(ctx.app, token, created._id);
    expect(done).toMatchObject({ certificate_handle_status: 1, success_count: 4, progress: 100 });
  });
});
