import type {
  CustomCertificateBatch,
  CustomCertificateTemplate,
  DefaultBlank,
} from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEADER,
  jpeg,
  jpegClaiming,
  personRow,
  png,
  unzip,
  xlsx,
} from '../../../test/fixtures/certificate-engine.ts';
import { countPixels, inspectPdf, pngClaiming } from '../../../test/fixtures/certificate-engine-render.ts';
import {
  createTemplate,
  defaultBlanks,
  enterpriseToken,
  otherCompanyToken,
  upload,
  waitForBatch,
} from '../../../test/fixtures/custom-certificates.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';

// Renders templates, previews and their batch sheets in worker threads: long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();

const fileCount = async () =>
  (
    (await ctx.database.db.execute(sql`select count(*)::int as n from files`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

describe('GET /api/defaultBlanks', () => {
  it('lists the fields of a skill certificate, placed on a landscape A4 page', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await api<DefaultBlank[]>(ctx.app, 'GET', '/api/defaultBlanks', { token });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.data.map((b) => [b.name, b]));
    expect([...byName.keys()]).toEqual([
      'name',
      'id_card',
      'certificate_no',
      'photo',
      'issue_date',
      'gender',
      'occupation',
      'work_type',
      'level',
      'organization',
      'id_type',
    ]);
    expect(byName.get('name')).toMatchObject({ cn_name: '姓名', blank_type: 1, required: 1 });
    expect(byName.get('id_type')).toMatchObject({ cn_name: '证件类型', blank_type: 1, required: 0 });
    expect(byName.get('photo')).toMatchObject({ cn_name: '照片', blank_type: 2 });
    expect(byName.get('work_type')?.cn_name).toBe('工种/职业方向');
    for (const b of res.body.data) {
      expect(b.x + b.width).toBeLessThanOrEqual(1);
      expect(b.y + b.height).toBeLessThanOrEqual(1);
    }
    // The text boxes do not overlap one another.
    const texts = res.body.data.filter((b) => b.blank_type === 1).sort((a, b) => a.y - b.y);
    for (let i = 1; i < texts.length; i++)
      expect(texts[i]!.y).toBeGreaterThanOrEqual(texts[i - 1]!.y + texts[i - 1]!.height);
  });

  it('is for the enterprise role only', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const res = await api(ctx.app, 'GET', '/api/defaultBlanks', { token });
    expect(res.status).toBe(403);
  });
});

describe('templates', () => {
  it('creates a template: blanks get ids, the QR gets its default corner, the background a rendering JPEG', async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    expect(t).toMatchObject({
      template_name: '电工职业技能等级证书',
      company_name: '示例智能制造有限公司',
      page_size: 'A4',
      orientation: 'landscape',
    });
    expect(t.blanks).toHaveLength(11);
    expect(new Set(t.blanks.map((b) => b._id)).size).toBe(11);
    expect(t.qr.size).toBeCloseTo(0.1);
    expect(t.qr.x + t.qr.size).toBeLessThanOrEqual(1);
    const bg = await ctx.app.inject({
      method: 'GET',
      url: t.background_web_path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bg.headers['content-type']).toBe('image/jpeg');
  });

  it('converts a PNG background once into a JPEG for rendering and reuses it', async () => {
    const token = await enterpriseToken(ctx.app);
    const background = await upload(ctx.app, token, '底图.png', png(1200, 848), 'image');
    const body = { template_name: 'PNG 底图', background_file_id: background, blanks: defaultBlanks() };
    const a = await api<CustomCertificateTemplate>(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body,
    });
    const b = await api<CustomCertificateTemplate>(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body,
    });
    expect(a.body.data.background_file_id).toBe(background);
    expect(a.body.data.background_web_path).not.toBe(`/api/files/${background}`);
    expect(b.body.data.background_web_path).toBe(a.body.data.background_web_path);
    const res = await ctx.app.inject({
      method: 'GET',
      url: a.body.data.background_web_path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses a background too big to decode from its header, before decoding it', async () => {
    const token = await enterpriseToken(ctx.app);
    const bomb = await upload(ctx.app, token, '底图.png', pngClaiming(30_000, 30_000), 'image');
    const res = await api(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body: { template_name: 'x', background_file_id: bomb, blanks: defaultBlanks() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '证书底图尺寸过大（30000×30000 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传',
    );
    const wide = await upload(ctx.app, token, '底图.jpg', jpegClaiming(12_000, 1_000), 'image');
    const res2 = await api(ctx.app, 'POST', '/api/customCertificateTemplates/preview', {
      token,
      body: { template_name: 'x', background_file_id: wide, blanks: defaultBlanks() },
    });
    expect(res2.status).toBe(400);
    expect(res2.body.message).toContain('证书底图尺寸过大（12000×1000 像素）');
  });

  it('refuses a background that is not an image, with a Chinese message', async () => {
    const token = await enterpriseToken(ctx.app);
    const pdf = await upload(ctx.app, token, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const res = await api(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body: { template_name: 'x', background_file_id: pdf, blanks: defaultBlanks() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('证书底图应为 JPG/PNG 图片');
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const token = await enterpriseToken(ctx.app);
    const background = await upload(ctx.app, token, '底图.jpg', jpeg(400, 283), 'image');
    const post = (body: unknown) => api(ctx.app, 'POST', '/api/customCertificateTemplates', { token, body });
    expect((await post({ background_file_id: background, blanks: defaultBlanks() })).body.message).toBe(
      '请输入模板名称',
    );
    expect((await post({ template_name: 'x', blanks: defaultBlanks() })).body.message).toBe('请上传证书底图');
    expect(
      (await post({ template_name: 'x', background_file_id: background, blanks: [] })).body.message,
    ).toBe('请至少添加一个证书字段');
    const twice = [...defaultBlanks(), defaultBlanks()[0]];
    const dup = await post({ template_name: 'x', background_file_id: background, blanks: twice });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('字段名不能重复');
    const outside = defaultBlanks();
    outside[0] = { ...outside[0], x: 0.9, width: 0.3 };
    expect(
      (await post({ template_name: 'x', background_file_id: background, blanks: outside })).body.message,
    ).toBe('字段超出页面范围');
    // A square code 0.2 page widths wide is 0.28 page heights tall on landscape A4: from y 0.75 it leaves the page.
    const low = await post({
      template_name: 'x',
      background_file_id: background,
      blanks: defaultBlanks(),
      qr: { x: 0.7, y: 0.75, size: 0.2 },
    });
    expect([low.status, low.body.message]).toEqual([400, '二维码超出页面底部，请上移或缩小二维码']);
  });

  it('lists the company templates newest first with search and pagination', async () => {
    const token = await enterpriseToken(ctx.app);
    await createTemplate(ctx.app, token, { template_name: '电工证书' });
    await createTemplate(ctx.app, token, { template_name: '焊工证书' });
    await createTemplate(ctx.app, token, { template_name: '电工高级证书' });
    const all = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      '/api/customCertificateTemplates?per_page=10',
      { token },
    );
    expect(all.body.data.list.map((t) => t.template_name)).toEqual(['电工高级证书', '焊工证书', '电工证书']);
    expect(all.body.data.meta.total).toBe(3);
    const search = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      `/api/customCertificateTemplates?template_name=${encodeURIComponent('电工')}`,
      { token },
    );
    expect(search.body.data.list.map((t) => t.template_name)).toEqual(['电工高级证书', '电工证书']);
    const page2 = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      '/api/customCertificateTemplates?per_page=10&page=2',
      { token },
    );
    expect(page2.body.data.list).toEqual([]);
    // A colleague of the same company sees them; another company does not.
    const colleague = await enterpriseToken(ctx.app, 'duojuese');
    const theirs = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      '/api/customCertificateTemplates',
      {
        token: colleague,
      },
    );
    expect(theirs.body.data.meta.total).toBe(3);
    const other = await otherCompanyToken(ctx.app);
    const none = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      '/api/customCertificateTemplates',
      {
        token: other,
      },
    );
    expect(none.body.data.meta.total).toBe(0);
  });

  it('GET and PATCH one template; blank ids are kept across edits', async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    const got = await api<CustomCertificateTemplate>(
      ctx.app,
      'GET',
      `/api/customCertificateTemplates/${t._id}`,
      {
        token,
      },
    );
    expect(got.body.data).toEqual(t);
    const blanks = t.blanks
      .filter((b) => b.name !== 'gender')
      .map((b) => (b.name === 'name' ? { ...b, font_size: 20 } : b));
    const patched = await api<CustomCertificateTemplate>(
      ctx.app,
      'PATCH',
      `/api/customCertificateTemplates/${t._id}`,
      {
        token,
        body: {
          template_name: '改名后的模板',
          background_file_id: t.background_file_id,
          page_size: 'A4',
          orientation: 'landscape',
          blanks,
          qr: { x: 0.05, y: 0.05, size: 0.12 },
        },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.message).toBe('模板保存成功');
    expect(patched.body.data.template_name).toBe('改名后的模板');
    expect(patched.body.data.blanks.map((b) => b._id)).toEqual(blanks.map((b) => b._id));
    expect(patched.body.data.blanks.find((b) => b.name === 'name')?.font_size).toBe(20);
    expect(patched.body.data.qr).toEqual({ x: 0.05, y: 0.05, size: 0.12 });
  });

  it("another company's template is 404 for GET, PATCH and zipTemplate", async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    const other = await otherCompanyToken(ctx.app);
    const get = await api(ctx.app, 'GET', `/api/customCertificateTemplates/${t._id}`, { token: other });
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('证书模板不存在或已删除');
    const otherBackground = await upload(ctx.app, other, 'b.jpg', jpeg(200, 141), 'image');
    const patch = await api(ctx.app, 'PATCH', `/api/customCertificateTemplates/${t._id}`, {
      token: other,
      body: { template_name: 'x', background_file_id: otherBackground, blanks: defaultBlanks() },
    });
    expect(patch.status).toBe(404);
    const zip = await api(ctx.app, 'GET', `/api/customCertificateTemplates/${t._id}/zipTemplate`, {
      token: other,
    });
    expect(zip.status).toBe(404);
    // Using the other company's background in one's own template is refused too.
    const mine = await api(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body: { template_name: 'x', background_file_id: otherBackground, blanks: defaultBlanks() },
    });
    expect(mine.status).toBe(404);
  });

  it('is for the enterprise role only, and needs a company', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    expect((await api(ctx.app, 'GET', '/api/customCertificateTemplates', { token })).status).toBe(403);
    const noCompany = await login(ctx.app, 'xinqiye');
    const res = await api(ctx.app, 'GET', '/api/customCertificateTemplates', { token: noCompany.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您还没有加入企业');
  });
});

describe('DELETE /api/customCertificateTemplates/{id}', () => {
  const remove = (token: string, id: string) =>
    api<null>(ctx.app, 'DELETE', `/api/customCertificateTemplates/${id}`, { token });

  it('deletes a template no certificate was made from: gone from the list and from GET', async () => {
    const token = await enterpriseToken(ctx.app);
    const kept = await createTemplate(ctx.app, token, { template_name: '保留的模板' });
    const gone = await createTemplate(ctx.app, token, { template_name: '要删除的模板' });
    const res = await remove(token, gone._id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('模板已删除');
    const list = await api<Paged<CustomCertificateTemplate>>(
      ctx.app,
      'GET',
      '/api/customCertificateTemplates',
      {
        token,
      },
    );
    expect(list.body.data.list.map((t) => t._id)).toEqual([kept._id]);
    const get = await api(ctx.app, 'GET', `/api/customCertificateTemplates/${gone._id}`, { token });
    expect(get.status).toBe(404);
    expect((await remove(token, gone._id)).status).toBe(404);
  });

  it('refuses a template batches were generated from, naming how many batches and certificates', async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    for (const [name, rows] of [
      ['六月批次', [personRow(1), personRow(2)]],
      ['七月批次', [personRow(3)]],
    ] as const) {
      const sheet = await upload(ctx.app, token, '学员名单.xlsx', await xlsx(DEFAULT_HEADER, [...rows]));
      const res = await api<CustomCertificateBatch>(
        ctx.app,
        'POST',
        '/api/customCertificateBatchUploadRecords',
        {
          token,
          body: { name, custom_certificate_template_id: t._id, file_id: sheet, photo_zip_file_id: null },
        },
      );
      expect(res.status).toBe(200);
      await waitForBatch(ctx.app, token, res.body.data._id);
    }
    const res = await remove(token, t._id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '模板“电工职业技能等级证书”已用于 2 个批量生成批次（共 3 张证书），不能删除',
    );
    const get = await api(ctx.app, 'GET', `/api/customCertificateTemplates/${t._id}`, { token });
    expect(get.status).toBe(200);
  });

  it("another company's template is 404 and stays", async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    const other = await otherCompanyToken(ctx.app);
    const res = await remove(other, t._id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('证书模板不存在或已删除');
    expect((await api(ctx.app, 'GET', `/api/customCertificateTemplates/${t._id}`, { token })).status).toBe(
      200,
    );
  });
});

describe('POST /api/customCertificateTemplates/preview', () => {
  it('answers the PDF of an unsaved template with the sample values (and a placeholder photo), storing nothing', async () => {
    const token = await enterpriseToken(ctx.app);
    const background = await upload(ctx.app, token, '底图.jpg', jpeg(1600, 1131), 'image');
    const filesBefore = await fileCount();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customCertificateTemplates/preview',
      headers: { authorization: `Bearer ${token}` },
      payload: { template_name: '预览模板', background_file_id: background, blanks: defaultBlanks() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('预览模板-预览.pdf'));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeLessThan(200 * 1024);
    const page = await inspectPdf(res.rawPayload);
    expect(page.title).toBe('预览模板 - 张三');
    for (const sample of [
      '张三',
      '居民身份证',
      '110101199003071234',
      '四级/中级工',
      '电工',
      '示例智能制造有限公司',
    ])
      expect(page.texts).toContain(sample);
    // The photo box holds the grey placeholder (#b8c2d3 outline on #e8ecf3).
    const photo = defaultBlanks().find((b) => b.name === 'photo')!;
    const grey = countPixels(
      page,
      (r, g, b) => Math.abs(r - 0xb8) < 20 && Math.abs(g - 0xc2) < 20 && b > 190,
      photo,
    );
    expect(grey.count).toBeGreaterThan(100);
    // Only the converted background was stored: previews leave nothing behind.
    expect(await fileCount()).toBe(filesBefore + 1);
  });

  it('validates the body like a save', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await api(ctx.app, 'POST', '/api/customCertificateTemplates/preview', {
      token,
      body: { template_name: '预览模板', blanks: defaultBlanks() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请上传证书底图');
  });
});

describe('GET /api/customCertificateTemplates/{id}/zipTemplate', () => {
  it('is a zip of 模板.xlsx (序号 + one column per text blank, required marked) and 说明.txt; the cookie works', async () => {
    const token = await enterpriseToken(ctx.app);
    const t = await createTemplate(ctx.app, token);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/customCertificateTemplates/${t._id}/zipTemplate`,
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('电工职业技能等级证书'));
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['模板.xlsx', '说明.txt']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(files.get('模板.xlsx')! as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(DEFAULT_HEADER);
    const text = files.get('说明.txt')!.toString('utf8');
    expect(text).toContain('照片文件名 = 身份证号');
    expect(text).toContain('序号');
    expect(text).toContain('.jpg');
  });
});
