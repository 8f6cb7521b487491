import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { rawZip } from '../../../test/fixtures/certificate-engine.ts';
import {
  imageBlank,
  inspectPdf,
  makeBackground,
  makePhoto,
  pngClaiming,
  tempDir,
  textBlank,
} from '../../../test/fixtures/certificate-engine-render.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { testConfig } from '../../config.ts';
import { contentPath } from '../../lib/content-store.ts';
import { configPlugin } from '../../plugins/config.ts';
import { tempFilesPlugin } from '../../plugins/temp-files.ts';
import { RENDER_THREAD_NICE, RenderError, type RenderJob } from './render/types.ts';
import { createRenderPool, createSheetThread, renderPoolPlugin } from './render-pool.ts';

// Starts render and sheet threads and renders in them: long work (test/time-limits.ts).
allowRendering();

const tmp = tempDir();
afterAll(() => tmp.remove());

const job = (name: string, over: Partial<RenderJob> = {}): RenderJob => ({
  pageSize: 'A5',
  orientation: 'portrait',
  backgroundPath: null,
  blanks: [
    textBlank({ text: name, font_size: 20 }),
    textBlank({ y: 0.3, text: '职业技能等级证书', bold: 1 }),
  ],
  qr: { text: `https://cert.example.com/information-link/${name}`, x: 0.7, y: 0.7, size: 0.2 },
  title: name,
  ...over,
});

describe('render pool', () => {
  it('renders several certificates in parallel on its threads', async () => {
    const pool = createRenderPool(2);
    try {
      expect(pool.threads).toBe(2);
      const names = ['张三', '李四', '王五', '赵六', '钱七', '孙八'];
      const pdfs = await Promise.all(names.map((n) => pool.render(job(n))));
      for (const pdf of pdfs) {
        expect(pdf).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      }
      const pages = await Promise.all(pdfs.slice(0, 2).map((pdf) => inspectPdf(pdf)));
      expect(pages[0].texts).toContain('张三');
      expect(pages[1].texts).toContain('李四');
    } finally {
      await pool.close();
    }
  });

  it('rejects a bad input of one certificate with a RenderError and keeps rendering the others', async () => {
    const pool = createRenderPool(1);
    try {
      const fake = tmp.file('fake.jpg', 'not an image at all');
      const results = await Promise.allSettled([
        pool.render(job('张三')),
        pool.render(job('李四', { blanks: [imageBlank({ imagePath: fake })] })),
        pool.render(job('王五')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const reason = (results[1] as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(RenderError);
      expect(reason.message).toMatch(/^[\u4e00-\u9fff]/);
    } finally {
      await pool.close();
    }
  });

  it('renderMany: each certificate of a task has its own outcome; with a store folder the worker writes the PDFs there', async () => {
    const pool = createRenderPool(1);
    try {
      const fake = tmp.file('fake-many.jpg', 'not an image at all');
      const store = path.join(tmp.dir, 'store');
      const items = await pool.renderMany(
        [job('张三'), job('李四', { blanks: [imageBlank({ imagePath: fake })] }), job('王五')],
        store,
      );
      expect(items.map((item) => Object.keys(item)[0])).toEqual(['stored', 'renderError', 'stored']);
      const first = items[0] as { stored: { sha256: string; size: number } };
      const pdf = readFileSync(contentPath(store, first.stored.sha256));
      expect(pdf.length).toBe(first.stored.size);
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(first.stored.sha256);
      expect((await inspectPdf(pdf)).texts).toContain('张三');
      expect((items[1] as { renderError: string }).renderError).toMatch(/^[\u4e00-\u9fff]/);

      const [inMemory] = await pool.renderMany([job('赵六')], null);
      expect(Buffer.from((inMemory as { pdf: Uint8Array }).pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'its threads run below the main thread (nice 10), so requests win the cores during a batch',
    async () => {
      const niceOfThreads = () =>
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      const before = niceOfThreads().filter((n) => n === RENDER_THREAD_NICE).length;
      const pool = createRenderPool(2);
      try {
        await Promise.all([pool.render(job('张三')), pool.render(job('李四'))]);
        expect(niceOfThreads().filter((n) => n === RENDER_THREAD_NICE).length - before).toBe(2);
        expect(getPriority()).toBe(0);
      } finally {
        await pool.close();
      }
    },
  );

  it('closes cleanly: renders under way finish, later ones are refused', async () => {
    const pool = createRenderPool(1);
    // The thread up first (it takes seconds on a loaded machine): a render still waiting for its thread is not
    // under way, and close() gives up on what has not finished after closeTimeout. With the thread up and idle,
    // render() hands the job to it at once (Piscina posts it in run()), so it is under way when close() is called.
    await pool.render(job('预热'));
    const running = pool.render(job('张三'));
    const closed = pool.close();
    await expect(running).resolves.toBeInstanceOf(Uint8Array);
    await closed;
    await expect(pool.render(job('李四'))).rejects.toThrow('证书生成服务已关闭');
  });

  it('a close that outlasts its timeout is reported to onError, stops the threads and resolves', async () => {
    const errors: Error[] = [];
    const pool = createRenderPool(1, { onError: (err) => errors.push(err), closeTimeoutMs: 1 });
    await pool.render(job('预热'));
    // Under way in the thread (it is up), so close() waits for it and times out after 1 ms: a 2-megapixel PNG
    // photo to decode and re-encode takes far longer than that.
    const photo = tmp.file('large-photo.png', makeBackground(1600, 1200, 'png'));
    const slow = job('张三', { blanks: [imageBlank({ imagePath: photo, width: 0.5, height: 0.5 })] });
    const running = pool.render(slow).catch((err: unknown) => err);
    await expect(pool.close()).resolves.toBeUndefined();
    expect(errors.map((e) => e.message)).toEqual(['Close operation timed out']);
    // The render was stopped with its thread: an error, not a PDF.
    expect(await running).toBeInstanceOf(Error);
  });

  it('the plugin decorates the app with the pool and closes it with the app', async () => {
    const app = Fastify();
    await app.register(configPlugin, { config: testConfig({ renderThreads: 1 }) });
    await app.register(tempFilesPlugin);
    await app.register(renderPoolPlugin);
    await app.ready();
    expect(app.renderPool.threads).toBe(1);
    const pdf = await app.renderPool.render(job('张三'));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    await app.close();
    await expect(app.renderPool.render(job('李四'))).rejects.toThrow('证书生成服务已关闭');
  });

  it('the render threads end when idle and start again with the next task', async () => {
    const app = Fastify();
    await app.register(configPlugin, { config: testConfig({ renderThreads: 1 }) });
    await app.register(tempFilesPlugin);
    await app.register(renderPoolPlugin, { idleMs: 50 });
    await app.ready();
    try {
      expect(app.renderPool.running).toBe(false);
      await app.renderPool.render(job('张三'));
      await vi.waitFor(() => expect(app.renderPool.running).toBe(false), { timeout: 60_000, interval: 20 });
      const pdf = await app.renderPool.render(job('李四'));
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(app.renderPool.running).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('converts a template background in a worker; an image too big to decode is refused before decoding', async () => {
    const pool = createRenderPool(1);
    try {
      const png = tmp.file('bg.png', makeBackground(1200, 848, 'png'));
      const converted = await pool.background(png);
      expect(Buffer.from(converted.jpeg.subarray(0, 3))).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect([converted.widthPx, converted.heightPx]).toEqual([1200, 848]);

      const bomb = tmp.file('bomb.png', pngClaiming(30_000, 30_000));
      const refused = await pool.background(bomb).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RenderError);
      expect((refused as Error).message).toBe(
        '证书底图尺寸过大（30000×30000 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传',
      );
      await expect(pool.background(tmp.file('text.png', 'not an image'))).rejects.toBeInstanceOf(RenderError);

      // A photo too big to decode fails its certificate with the reason; the worker lives on.
      const photoBomb = tmp.file('photo.png', pngClaiming(9_000, 9_000));
      const photoRefused = await pool
        .render(job('张三', { blanks: [imageBlank({ imagePath: photoBomb })] }))
        .catch((e: unknown) => e);
      expect(photoRefused).toBeInstanceOf(RenderError);
      expect((photoRefused as Error).message).toContain('照片尺寸过大（9000×9000 像素）');
      const fine = tmp.file('photo.jpg', makePhoto(90, 120));
      await expect(
        pool.render(job('李四', { blanks: [imageBlank({ imagePath: fine })] })),
      ).resolves.toBeInstanceOf(Uint8Array);
    } finally {
      await pool.close();
    }
  });

  it('the sheet thread starts with its first task, writes the zipTemplate workbook and ends when idle', async () => {
    const sheets = createSheetThread({ idleMs: 300 });
    try {
      expect(sheets.running).toBe(0);
      const workbook = await sheets.templateWorkbook([
        { name: 'name', cn_name: '姓名', required: 1, blank_type: 1 } as TemplateBlank,
      ]);
      expect(workbook.subarray(0, 2).toString()).toBe('PK');
      expect(sheets.running).toBe(1);
      await expect.poll(() => sheets.running, { timeout: 5000 }).toBe(0);
    } finally {
      await sheets.close();
    }
  });
});

describe('sheet thread, deadline', () => {
  it('a read past its deadline is refused naming 数据文件, its thread stopped', async () => {
    const sheets = createSheetThread({ idleMs: 300, readDeadlineMs: 1 });
    try {
      const file = tmp.file(
        'slow.xlsx',
        rawZip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]),
      );
      const refused = await sheets.read(file, [], tmp.dir).catch((e: unknown) => e);
      expect(refused).toMatchObject({
        statusCode: 400,
        message: '数据文件过于复杂，0.001 秒内未能读完，请使用下载的模板填写，数据多时请分批上传',
        data: { errors: [{ row: null, column: '数据文件' }] },
      });
    } finally {
      await sheets.close();
    }
  });
});

describe('sheet thread, unreadable spreadsheet', () => {
  it('refuses a spreadsheet exceljs cannot read with 无法读取 and hands the cause to the server log', async () => {
    const causes: string[] = [];
    const sheets = createSheetThread({ idleMs: 300, onUnreadable: (cause) => causes.push(cause) });
    const file = tmp.file(
      'broken.xlsx',
      rawZip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types') },
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="a" r:id="rId1"/>') },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<<<not xml') },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from('<worksheet><sheetData><row r="1"><c t="s"><v>9'),
        },
      ]),
    );
    try {
      const read = sheets.read(
        file,
        [{ name: 'name', cn_name: '姓名', required: 1, blank_type: 1 } as TemplateBlank],
        tmp.dir,
      );
      await expect(read).rejects.toMatchObject({
        message: 'Excel 文件无法读取，请使用下载的模板填写后重新上传',
      });
      expect(causes).toHaveLength(1);
      expect(causes[0]).toMatch(/\S/);
    } finally {
      await sheets.close();
    }
  });
});
