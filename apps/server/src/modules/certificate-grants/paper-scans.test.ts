import type { PaperAnalysis, PaperMissingRow, PaperScanResult } from '@skill-cert/shared/certificate-grants';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawZip, xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  blankPhoto,
  encryptedPdf,
  publicLink,
  scanOf,
  scanPdf,
  seedGrant,
} from '../../../test/fixtures/certificate-grants-paper.ts';
import { enterpriseToken, upload, within } from '../../../test/fixtures/custom-certificates.ts';
import { otherCompanyUser, postFile } from '../../../test/fixtures/level-evaluations-app.ts';
import { api, type TestContext, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { uuidv7 } from '../../lib/id.ts';
import { GRANT_NOT_FOUND } from './grants.ts';
import { certificateIdOf, judgePages } from './paper-job.ts';
import {
  ENTRY_ENCRYPTED,
  ENTRY_NOT_SCAN,
  IMAGE_BROKEN,
  NO_QR,
  PDF_BROKEN,
  PDF_ENCRYPTED,
} from './paper-problems.ts';
import { STILL_GENERATING, tooManyPages } from './paper-scans.ts';

// Renders certificates and reads scans of them (rasterised, turned, decoded): long work (test/time-limits.ts).
allowRendering();

const ctx: TestContext = useTestApp();
let token = '';
beforeEach(async () => {
  token = await enterpriseToken(ctx.app);
});

const scansUrl = (grantId: string) => `/api/certificateGrants/${grantId}/paperScans`;
const analysisUrl = (grantId: string) => `/api/certificateGrants/${grantId}/paperAnalysis`;
const missingUrl = (grantId: string) => `/api/certificateGrants/${grantId}/paperAnalysis/missing`;

/** Resolves once `n` uploads of the grant have ended: each stores paper_certificate_parse_done, naming the grant. */
// A failure detector, not an expectation: at load 28 (a whole run beside two CPU hogs and other work) reading the
// two pages of a PDF took over 120 s.
function parsed(app: FastifyInstance, grantId: string, n = 1, ms = 150_000): Promise<void> {
  let seen = 0;
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = app.messenger.onStored((rows) => {
      seen += rows.filter(
        (r) => r.templateKey === TemplateKey.PAPER_CERTIFICATE_PARSED && r.relatedId === grantId,
      ).length;
      if (seen >= n) resolve();
    });
  });
  return within(ended, ms, () => `${seen} of ${n} uploads of grant ${grantId} parsed`).finally(stop);
}

async function analysis(grantId: string): Promise<PaperAnalysis> {
  const res = await api<PaperAnalysis>(ctx.app, 'GET', analysisUrl(grantId), { token });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

async function missingOf(grantId: string, query = ''): Promise<Paged<PaperMissingRow>> {
  const res = await api<Paged<PaperMissingRow>>(ctx.app, 'GET', `${missingUrl(grantId)}${query}`, { token });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

async function postScans(grantId: string, fileIds: string[]) {
  return api<PaperScanResult>(ctx.app, 'POST', scansUrl(grantId), { token, body: { file_ids: fileIds } });
}

// Scans of real certificates are made once for the file: rendering and rasterising take a while.
const scans: Record<string, Buffer> = {};
const certificateIds = [uuidv7(), uuidv7(), uuidv7()];
beforeAll(async () => {
  scans.turned = await scanOf(publicLink(certificateIds[0]), { turn: 90, skew: 3 });
  scans.skewed = await scanOf(publicLink(certificateIds[1]), { skew: -4 });
  scans.upsideDown = await scanOf(publicLink(certificateIds[2]), { turn: 270, skew: 2 });
  scans.foreign = await scanOf(publicLink(uuidv7()), { skew: 2 });
  scans.blank = blankPhoto();
});

/** A grant whose certificates have the ids the scans were made for. */
const grantOfScans = async () =>
  (await seedGrant(ctx.app.db, 'qiye', { count: 3, ids: certificateIds })).grantId;

describe('certificateIdOf', () => {
  it('takes the id from a public page link or a bare id, and nothing from any other text', () => {
    const id = '0192f3a4-1111-7222-8333-444455556666';
    expect(certificateIdOf(`https://cert.example.cn/information-link/${id}`)).toBe(id);
    expect(certificateIdOf(`http://localhost:3000/information-link/${id.toUpperCase()}/`)).toBe(id);
    expect(certificateIdOf(` ${id} `)).toBe(id);
    expect(certificateIdOf('https://example.com/pay?order=1')).toBeNull();
    expect(certificateIdOf(`https://example.com/other/${id}`)).toBeNull();
  });
});

describe('judgePages', () => {
  it('a page is 无法识别 without a code, 非本批证书 for another code, 重复 after a match (earlier upload too), else 匹配', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `0192f3a4-1111-7222-8333-44445555666${x}`);
    const page = (text: string | null, i: number) => ({
      seq: [0, i] as [number, number],
      sourceName: `p${i}`,
      text,
    });
    const judged = judgePages(
      [
        page(publicLink(a), 1),
        page(null, 2),
        page('hello', 3),
        page(publicLink(a), 4),
        page(c, 5),
        page(b, 6),
      ],
      new Set([a, b, c]),
      new Set([b]),
    );
    expect(judged.map((p) => [p.outcome, p.certificateId])).toEqual([
      [1, a],
      [3, null],
      [2, null],
      [4, a],
      [1, c],
      [4, b],
    ]);
  });
});

describe('POST /api/certificateGrants/{id}/paperScans and GET .../paperAnalysis', () => {
  it('scans of printed certificates turned by 90° or 270° and skewed by a few degrees all match', async () => {
    const grantId = await grantOfScans();
    const ids = [
      await upload(ctx.app, token, '扫描1.jpg', scans.turned),
      await upload(ctx.app, token, '扫描2.jpg', scans.skewed),
      await upload(ctx.app, token, '扫描3.jpg', scans.upsideDown),
    ];
    const done = parsed(ctx.app, grantId);
    const res = await postScans(grantId, ids);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.file_count).toBe(3);
    expect((await analysis(grantId)).parsing).toBe(1);
    await done;

    const result = await analysis(grantId);
    expect(result).toMatchObject({ parsing: 0, uploads: 1, pages: 3, matched: 3, missing: 0 });
    expect(result.items.map((i) => [i.source_name, i.outcome_text, i.certificate_id, i.holder_name])).toEqual(
      [
        ['扫描1.jpg', '匹配', certificateIds[0], '学员1'],
        ['扫描2.jpg', '匹配', certificateIds[1], '学员2'],
        ['扫描3.jpg', '匹配', certificateIds[2], '学员3'],
      ],
    );
  });

  it('a zip: a foreign code is 非本批证书, a photo without a code or a broken picture 无法识别, a certificate seen twice 重复, also in a later upload', async () => {
    const grantId = await grantOfScans();
    const zip = rawZip([
      { name: '批次/1.jpg', data: scans.turned },
      { name: '批次/2.jpg', data: scans.foreign },
      { name: '批次/3.jpg', data: scans.blank },
      { name: '批次/4.jpg', data: scans.turned },
      { name: '批次/5.jpg', data: Buffer.from('not a picture, though named one') },
      { name: '__MACOSX/._1.jpg', data: Buffer.from('resource fork') },
      { name: '说明.txt', data: Buffer.from('not a scan') },
    ]);
    let done = parsed(ctx.app, grantId);
    const res = await postScans(grantId, [await upload(ctx.app, token, '扫描件.zip', zip)]);
    expect(res.body.data.file_count).toBe(5);
    await done;
    let result = await analysis(grantId);
    expect(result.items.map((i) => [i.source_name, i.outcome])).toEqual([
      ['扫描件.zip/批次/1.jpg', 1],
      ['扫描件.zip/批次/2.jpg', 2],
      ['扫描件.zip/批次/3.jpg', 3],
      ['扫描件.zip/批次/4.jpg', 4],
      ['扫描件.zip/批次/5.jpg', 3],
    ]);
    expect(result).toMatchObject({ matched: 1, foreign: 1, unreadable: 2, duplicate: 1, missing: 2 });

    done = parsed(ctx.app, grantId);
    await postScans(grantId, [await upload(ctx.app, token, '补扫.jpg', scans.turned)]);
    await done;
    result = await analysis(grantId);
    expect(result.items[0]).toMatchObject({
      source_name: '补扫.jpg',
      outcome: 4,
      certificate_id: certificateIds[0],
    });
    expect(result).toMatchObject({ uploads: 2, matched: 1, duplicate: 2, missing: 2 });
  });

  it('every 无法识别 page says why: no code, a broken picture or PDF, an encrypted PDF or zip entry, no scan', async () => {
    const grantId = await grantOfScans();
    const brokenJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const zip = rawZip([
      { name: '1.jpg', data: scans.turned },
      { name: '2.jpg', data: scans.blank },
      { name: '3.jpg', data: brokenJpeg },
      { name: '4.jpg', data: Buffer.from('not a picture, though named one') },
      { name: '5.pdf', data: encryptedPdf() },
      { name: '6.pdf', data: Buffer.from('%PDF-1.4 but nothing after') },
      // General purpose flag bit 0: the entry is encrypted (bit 11: a UTF-8 name); its bytes are never unpacked.
      { name: '7.jpg', data: Buffer.alloc(64, 1), claimedSize: 4096, deflated: true, flags: 0x0801 },
      { name: '8.jpg', data: scans.foreign },
    ]);
    const done = parsed(ctx.app, grantId);
    const res = await postScans(grantId, [await upload(ctx.app, token, '扫描件.zip', zip)]);
    expect(res.body.data.file_count).toBe(8);
    await done;
    const result = await analysis(grantId);
    expect(
      result.items.map((i) => [i.source_name.replace('扫描件.zip/', ''), i.outcome_text, i.reason]),
    ).toEqual([
      ['1.jpg', '匹配', null],
      ['2.jpg', '无法识别', NO_QR],
      ['3.jpg', '无法识别', IMAGE_BROKEN],
      ['4.jpg', '无法识别', ENTRY_NOT_SCAN],
      ['5.pdf 第1页', '无法识别', PDF_ENCRYPTED],
      ['6.pdf 第1页', '无法识别', PDF_BROKEN],
      ['7.jpg', '无法识别', ENTRY_ENCRYPTED],
      ['8.jpg', '非本批证书', null],
    ]);
    expect(result).toMatchObject({ matched: 1, unreadable: 6, foreign: 1, missing: 2 });
  });

  it('the certificates no scan matched are listed in number order, paged, searchable by name or number', async () => {
    const { grantId } = await seedGrant(ctx.app.db, 'qiye', { count: 12 });
    let page = await missingOf(grantId);
    expect(page.meta).toMatchObject({ total: 12, last_page: 2 });
    expect(page.list.map((c) => c.holder_name)).toEqual(Array.from({ length: 10 }, (_, i) => `学员${i + 1}`));
    const numbers = page.list.map((c) => c.certificate_no!);
    expect(numbers).toEqual([...numbers].sort());
    page = await missingOf(grantId, '?page=2');
    expect(page.list.map((c) => c.holder_name)).toEqual(['学员11', '学员12']);

    page = await missingOf(grantId, `?keyword=${encodeURIComponent('学员1')}`);
    expect(page.list.map((c) => c.holder_name)).toEqual(['学员1', '学员10', '学员11', '学员12']);
    page = await missingOf(grantId, `?keyword=${numbers[2]}`);
    expect(page.list.map((c) => c.holder_name)).toEqual(['学员3']);

    const res = await api(ctx.app, 'GET', `${missingUrl(grantId)}?per_page=7`, { token });
    expect([res.status, res.body.message]).toEqual([400, '每页条数应为 10、20、30 或 50']);
  });

  it('a multi-page PDF sent to the route itself is read page by page (第n页)', async () => {
    const grantId = await grantOfScans();
    const pdf = await scanPdf([scans.skewed, scans.upsideDown]);
    const done = parsed(ctx.app, grantId);
    const res = await postFile<PaperScanResult>(ctx.app, scansUrl(grantId), '扫描.pdf', pdf, token);
    expect(res.body.code, res.body.message).toBe(200);
    await done;
    const result = await analysis(grantId);
    expect(result.items.map((i) => [i.source_name, i.outcome, i.certificate_id])).toEqual([
      ['扫描.pdf 第1页', 1, certificateIds[1]],
      ['扫描.pdf 第2页', 1, certificateIds[2]],
    ]);
    expect(result.missing).toBe(1);
    // The one certificate no page matched is listed, with its number and holder.
    const missing = await missingOf(grantId);
    expect(missing.list.map((c) => [c._id, c.holder_name])).toEqual([[certificateIds[0], '学员1']]);
    expect(missing.list[0]!.certificate_no).toMatch(/^Y\d{21}$/);
    expect(missing.meta.total).toBe(1);
  });

  it('a scan of more pages than the grant allows (twice its certificates and 10) is refused before it is read', async () => {
    const { grantId } = await seedGrant(ctx.app.db, 'qiye', { count: 3 });
    const pdf = await scanPdf(Array.from({ length: 17 }, () => scans.blank));
    const res = await postFile<PaperScanResult>(ctx.app, scansUrl(grantId), '扫描.pdf', pdf, token);
    expect([res.status, res.body.message]).toEqual([400, tooManyPages(17, 16)]);
    expect((await analysis(grantId)).uploads).toBe(0);
  });

  it('a PDF inside a zip with more pages than allowed stops its reading and fails the upload, saying why', async () => {
    const { grantId } = await seedGrant(ctx.app.db, 'qiye', { count: 3 });
    const pdf = await scanPdf(Array.from({ length: 17 }, () => scans.blank));
    const zip = await upload(ctx.app, token, '扫描.zip', rawZip([{ name: '扫描.pdf', data: pdf }]));
    const told = new Promise<string>((resolve) => {
      const stop = ctx.app.messenger.onStored((rows) => {
        const row = rows.find(
          (r) => r.templateKey === TemplateKey.PAPER_CERTIFICATE_PARSED && r.relatedId === grantId,
        );
        if (row) {
          stop();
          resolve(row.content);
        }
      });
    });
    const res = await postScans(grantId, [zip]);
    expect(res.body.code, res.body.message).toBe(200);
    expect(await within(told, 150_000, () => 'no message')).toBe(`纸质证书识别失败：${tooManyPages(17, 16)}`);
  });

  it("another company's grant is 发证记录不存在或已删除 on every route", async () => {
    const { grantId } = await seedGrant(ctx.app.db, 'qiye');
    const other = await otherCompanyUser(ctx.app);
    const fileId = await upload(ctx.app, other, 'a.jpg', scans.blank);
    for (const [method, url, body] of [
      ['POST', scansUrl(grantId), { file_ids: [fileId] }],
      ['GET', analysisUrl(grantId), undefined],
      ['GET', missingUrl(grantId), undefined],
    ] as const) {
      const res = await api(ctx.app, method, url, { token: other, body });
      expect([res.status, res.body.message]).toEqual([404, GRANT_NOT_FOUND]);
    }
  });

  it('scans are refused while the certificates are generated, without a file, and for a file that is no scan', async () => {
    const generating = await seedGrant(ctx.app.db, 'qiye', { status: 0 });
    const ready = await seedGrant(ctx.app.db, 'qiye');
    const photo = await upload(ctx.app, token, 'a.jpg', scans.blank);
    let res = await postScans(generating.grantId, [photo]);
    expect([res.status, res.body.message]).toEqual([400, STILL_GENERATING]);

    res = await postScans(ready.grantId, []);
    expect([res.status, res.body.message]).toEqual([400, '请上传纸质证书扫描件']);

    const sheet = await upload(ctx.app, token, '名单.xlsx', await xlsx(['姓名'], [['张三']]));
    res = await postScans(ready.grantId, [sheet]);
    expect([res.status, res.body.message]).toEqual([
      400,
      '扫描件「名单.xlsx」不是 JPG/PNG 图片、PDF 或 ZIP 压缩包',
    ]);

    const emptyZip = await upload(
      ctx.app,
      token,
      '空.zip',
      rawZip([{ name: 'a.txt', data: Buffer.from('x') }]),
    );
    res = await postScans(ready.grantId, [emptyZip]);
    expect([res.status, res.body.message]).toEqual([
      400,
      '扫描件压缩包「空.zip」中没有 JPG/PNG 图片或 PDF 文件',
    ]);

    // Another user's file is not the caller's to use.
    const other = await otherCompanyUser(ctx.app);
    const theirs = await upload(ctx.app, other, 'b.jpg', scans.blank);
    res = await postScans(ready.grantId, [theirs]);
    expect(res.status).toBe(404);
    expect((await analysis(ready.grantId)).uploads).toBe(0);
  });
});
