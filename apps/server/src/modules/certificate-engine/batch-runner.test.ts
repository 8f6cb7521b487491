import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import {
  type BatchChunk,
  chunksOf,
  type RenderOutcome,
  registerRenderBatch,
  type WaitingCertificate,
} from './batch-runner.ts';
import type { CertificateTemplate } from './types.ts';

// Renders a batch in worker threads: long work (test/time-limits.ts).
allowRendering();

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'engine-test-render': BatchChunk;
    'engine-test-render-gave-up': BatchChunk;
  }
}

const ctx = useTestApp();

const blank = (name: string, blank_type: 1 | 2, y: number) =>
  ({
    _id: name,
    name,
    cn_name: name,
    required: 1,
    blank_type,
    x: 0.1,
    y,
    width: 0.3,
    height: 0.05,
    font_size: 14,
    color: '#000000',
    align: 'left',
    bold: 0,
  }) as TemplateBlank;

const template: CertificateTemplate = {
  template_name: '引擎测试证书',
  page_size: 'A4',
  orientation: 'landscape',
  render_background_file_id: null,
  blanks: [blank('name', 1, 0.2), blank('photo', 2, 0.4)],
  qr: { x: 0.8, y: 0.8, size: 0.1 },
};

describe('the batch runner', () => {
  it('renders a batch from any row source into any result sink, each certificate once, then finishes it', async () => {
    const { app } = ctx;
    // Workers start with the app.
    await app.ready();
    // The user's rows: waiting until the sink records them.
    const rows = new Map<number, WaitingCertificate & { outcome?: RenderOutcome }>();
    for (let n = 1; n <= 5; n++)
      rows.set(n, {
        id: `cert-${n}`,
        // Row 4's photo is a file that does not exist.
        values: [
          { name: 'name', val: `学员${n}` },
          { name: 'photo', val: n === 4 ? '00000000-0000-4000-8000-000000000000' : '' },
        ],
        qrText: `https://cert.example.com/c/${n}`,
        fileName: `${n}.pdf`,
      });
    const waiting = () => [...rows.values()].filter((r) => !r.outcome);
    let rendered = 0;
    const renderMany = app.renderPool.renderMany;
    app.renderPool.renderMany = async (jobs, storeRoot) => {
      rendered += jobs.length;
      return renderMany(jobs, storeRoot);
    };
    // Each time a chunk ends with nothing of the batch waiting.
    const finishes: string[] = [];
    let finished = (_batchId: string) => {};
    const nextFinish = () =>
      new Promise<string>((resolve) => {
        finished = resolve;
      });
    let finishing = nextFinish();
    const recorded: RenderOutcome[] = [];

    await registerRenderBatch(app, {
      queue: 'engine-test-render',
      gaveUpQueue: 'engine-test-render-gave-up',
      async waiting(chunk) {
        const certificates = [...rows.entries()]
          .filter(([n, r]) => n >= chunk.fromRow && n <= chunk.toRow && !r.outcome)
          .map(([, r]) => r);
        return { batch: chunk.batchId, template, certificates, createdAt: new Date(0) };
      },
      async record(_batch, outcomes) {
        for (const o of outcomes) {
          const row = [...rows.values()].find((r) => r.id === o.id)!;
          if (row.outcome) continue;
          row.outcome = o;
          recorded.push(o);
        }
        return waiting().length > 0;
      },
      async giveUp() {
        throw new Error('no chunk should be given up');
      },
      async finish(batchId) {
        if (waiting().length > 0) return;
        finishes.push(batchId);
        finished(batchId);
      },
    });
    const enqueue = async () => {
      await app.jobs.insert(
        'engine-test-render',
        chunksOf('batch-1', [...rows.keys()]).map((data) => ({ data })),
      );
      app.jobs.notify('engine-test-render');
    };
    await enqueue();

    expect(await finishing).toBe('batch-1');
    expect(recorded.map((o) => o.id).sort()).toEqual(['cert-1', 'cert-2', 'cert-3', 'cert-4', 'cert-5']);
    const failed = recorded.filter((o) => !o.ok);
    expect(failed).toEqual([{ id: 'cert-4', ok: false, reason: '照片文件不存在，请重新上传' }]);
    // The row with a missing photo never reached the render pool.
    expect(rendered).toBe(4);
    for (const o of recorded) {
      if (!o.ok) continue;
      expect(o).toMatchObject({
        name: `${o.id.slice(5)}.pdf`,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // Stored by content: the sink records it under `fileId`.
      expect(await app.storage.exists(o.sha256)).toBe(true);
    }

    // The same chunk again (a job retried after a restart): nothing waits, so nothing renders or records twice.
    finishing = nextFinish();
    await enqueue();
    expect(await finishing).toBe('batch-1');
    expect(rendered).toBe(4);
    expect(recorded).toHaveLength(5);
    expect(finishes).toEqual(['batch-1', 'batch-1']);
    app.renderPool.renderMany = renderMany;
  });
});
