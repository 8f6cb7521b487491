import type { BannerBody, BannerPage, BannerRow, ShownBanner } from '@skill-cert/shared/banners';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadAs } from '../../../test/fixtures/companies.ts';
import { api, login, samples, useTestApp } from '../../../test/harness.ts';
import { defaultMenus, ensureDefaultAccess } from '../access/defaults.ts';
import { accessSeededMenus, menus } from '../access/tables.ts';
import { gradientPng, seedBannerDemo } from './demo.ts';
import { banners } from './tables.ts';

const ctx = useTestApp();

let platform: string;
let image: string;
beforeEach(async () => {
  platform = (await login(ctx.app, 'pingtai')).token;
  image = await uploadAs(ctx, platform, '横幅.png', samples.png);
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => formatDateTime(Date.now() + offsetMs);

const banner = (over: Partial<BannerBody> = {}): BannerBody => ({
  title: '平台上线',
  image_file_id: image,
  link: '/news/index',
  position: 1,
  sort: 0,
  show_from: null,
  show_until: null,
  status: 1,
  ...over,
});

const create = (over: Partial<BannerBody> = {}, token = platform) =>
  api<BannerRow>(ctx.app, 'POST', '/api/banners', { token, body: banner(over) });

async function made(over: Partial<BannerBody> = {}): Promise<string> {
  const res = await create(over);
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data._id;
}

const shown = async (position: number | string = 1) =>
  (await api<ShownBanner[]>(ctx.app, 'GET', `/api/banners/shown?position=${position}`)).body;

describe('banner links', () => {
  it.each([['https://www.example.com/a?b=1'], ['http://example.com'], ['/news/index']])(
    'accepts an http(s) URL or a path of this site: %s',
    async (link) => {
      const res = await create({ link });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data.link).toBe(link);
    },
  );

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,hi'],
    ['//evil.example.com'],
    ['www.example.com'],
    ['ftp://example.com'],
    ['https://user@evil.example.com'],
  ])('refuses any other link with 400 naming the link: %s', async (link) => {
    const res = await create({ link });
    expect([res.status, res.body.message]).toEqual([
      400,
      '链接只能是 http(s):// 开头的网址或以 / 开头的站内路径',
    ]);
  });

  it('an empty link saves a banner without a link', async () => {
    const res = await create({ link: '' });
    expect(res.body.data.link).toBeNull();
  });
});

describe('banner fields', () => {
  it('the end of the window must be after its start: 400 结束时间应晚于开始时间', async () => {
    const res = await create({ show_from: '2027-01-02 00:00:00', show_until: '2027-01-01 00:00:00' });
    expect([res.status, res.body.message]).toEqual([400, '结束时间应晚于开始时间']);
    const same = await create({ show_from: '2027-01-02 00:00:00', show_until: '2027-01-02 00:00:00' });
    expect(same.body.message).toBe('结束时间应晚于开始时间');
  });

  it('a window time not 年-月-日 时:分:秒 is 400 naming the field', async () => {
    const res = await create({ show_from: '2027-13-01 00:00:00' });
    expect([res.status, res.body.message]).toEqual([
      400,
      '开始时间应为“年-月-日 时:分:秒”格式，如 2026-12-01 09:00:00',
    ]);
  });

  it('the title (the image’s alt text) is required: 400 请输入标题', async () => {
    const res = await create({ title: '  ' });
    expect([res.status, res.body.message]).toEqual([400, '请输入标题']);
  });

  it('an unknown position is 400 位置只能是登录页或学员端首页', async () => {
    const res = await create({ position: 3 as 1 });
    expect([res.status, res.body.message]).toEqual([400, '位置只能是登录页或学员端首页']);
  });

  it('the image must be an uploaded JPG or PNG', async () => {
    const pdf = await uploadAs(ctx, platform, '通知.pdf', samples.pdf);
    expect((await create({ image_file_id: pdf })).body.message).toBe('图片只能是 JPG 或 PNG');
    const unknown = await create({ image_file_id: '0190a0a0-0000-7000-8000-000000000000' });
    expect([unknown.status, unknown.body.message]).toEqual([400, '图片不存在，请重新上传']);
  });

  it('an image another user uploaded is refused (a shown banner’s image is public)', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const theirs = await uploadAs(ctx, token, '执照.png', samples.png);
    const res = await create({ image_file_id: theirs });
    expect([res.status, res.body.message]).toEqual([400, '图片不存在，请重新上传']);
  });

  it('saves the fields and answers them with *_str times, the position’s name and whether it is shown now', async () => {
    const res = await create({
      sort: 5,
      show_from: '2026-01-01 08:00:00',
      show_until: '2099-01-01 08:00:00',
    });
    expect(res.body.data).toMatchObject({
      title: '平台上线',
      image_url: `/api/files/${image}`,
      position: 1,
      position_name: '登录页',
      sort: 5,
      show_from_str: '2026-01-01 08:00:00',
      show_until_str: '2099-01-01 08:00:00',
      status: 1,
      status_name: '启用',
      shown: true,
    });
  });
});

describe('writing banners is the platform’s, by permission key', () => {
  it('an enterprise user cannot list, create, edit, switch or delete banners (403)', async () => {
    const id = await made();
    const { token } = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'GET', '/api/banners', { token })).body.code).toBe(403);
    expect((await create({}, token)).body.code).toBe(403);
    expect((await api(ctx.app, 'PUT', `/api/banners/${id}`, { token, body: banner() })).body.code).toBe(403);
    expect(
      (await api(ctx.app, 'PATCH', `/api/banners/${id}/status`, { token, body: { status: 0 } })).body.code,
    ).toBe(403);
    expect((await api(ctx.app, 'DELETE', `/api/banners/${id}`, { token })).body.code).toBe(403);
  });

  it('the 轮播图 menu has the buttons 新增, 修改/启停 and 删除, and 运营人员 holds them', async () => {
    const page = defaultMenus[RoleType.PLATFORM].find((m) => m.key === 'platform:banner:list');
    expect(page?.path).toBe('/banner');
    expect(page?.children?.map((c) => c.key)).toEqual([
      'platform:banner:add',
      'platform:banner:edit',
      'platform:banner:delete',
    ]);
    const { token } = await login(ctx.app, 'yunying');
    const res = await create({ image_file_id: await uploadAs(ctx, token, '横幅.png', samples.png) }, token);
    expect(res.body.code, res.body.message).toBe(200);
    const id = res.body.data._id;
    expect((await api(ctx.app, 'GET', '/api/banners', { token })).body.code).toBe(200);
    expect(
      (await api(ctx.app, 'PATCH', `/api/banners/${id}/status`, { token, body: { status: 0 } })).body.code,
    ).toBe(200);
    expect((await api(ctx.app, 'DELETE', `/api/banners/${id}`, { token })).body.code).toBe(200);
  });

  it('the banner page and buttons reach a database made before them, granted to 运营人员', async () => {
    const { db } = ctx.app;
    const KEYS = [
      'platform:banner:list',
      'platform:banner:add',
      'platform:banner:edit',
      'platform:banner:delete',
    ];
    await db.delete(menus).where(inArray(menus.key, KEYS));
    await db.delete(accessSeededMenus).where(inArray(accessSeededMenus.key, KEYS));
    const added: string[] = [];
    await ensureDefaultAccess(db, (_portal, items) => added.push(...items));
    expect(added).toEqual([
      '轮播图（platform:banner:list）',
      '新增轮播图（platform:banner:add）',
      '修改/启停轮播图（platform:banner:edit）',
      '删除轮播图（platform:banner:delete）',
    ]);
    const { token } = await login(ctx.app, 'yunying');
    const own = await uploadAs(ctx, token, '横幅.png', samples.png);
    expect((await create({ image_file_id: own }, token)).body.code).toBe(200);
  });
});

describe('the platform’s list, status and delete', () => {
  it('lists by position, then order (smaller first), filtered by position, status and title', async () => {
    await made({ title: '第二张', sort: 2 });
    await made({ title: '第一张', sort: 1 });
    await made({ title: '学员端', position: 2, sort: 0 });
    await made({ title: '停用的', sort: 3, status: 0 });
    const list = async (q: string) =>
      (await api<BannerPage>(ctx.app, 'GET', `/api/banners${q}`, { token: platform })).body.data;
    expect((await list('')).list.map((b) => b.title)).toEqual(['第一张', '第二张', '停用的', '学员端']);
    expect((await list('?position=2')).list.map((b) => b.title)).toEqual(['学员端']);
    expect((await list('?status=0')).list.map((b) => b.title)).toEqual(['停用的']);
    expect((await list('?title=第一')).list.map((b) => b.title)).toEqual(['第一张']);
    const paged = await list('?page=2&per_page=10');
    expect([paged.list.length, paged.meta.total]).toEqual([0, 4]);
  });

  it('PATCH /status switches 启用 and 停用', async () => {
    const id = await made();
    const off = await api<BannerRow>(ctx.app, 'PATCH', `/api/banners/${id}/status`, {
      token: platform,
      body: { status: 0 },
    });
    expect([off.body.message, off.body.data.status_name, off.body.data.shown]).toEqual([
      '已停用',
      '停用',
      false,
    ]);
    const bad = await api(ctx.app, 'PATCH', `/api/banners/${id}/status`, {
      token: platform,
      body: { status: 2 },
    });
    expect([bad.status, bad.body.message]).toEqual([400, '状态只能是启用或停用']);
  });

  it('PUT saves the edited fields; DELETE removes the banner, then 404', async () => {
    const id = await made();
    const put = await api<BannerRow>(ctx.app, 'PUT', `/api/banners/${id}`, {
      token: platform,
      body: banner({ title: '改过的', sort: 9 }),
    });
    expect([put.body.data.title, put.body.data.sort]).toEqual(['改过的', 9]);
    expect((await api(ctx.app, 'DELETE', `/api/banners/${id}`, { token: platform })).body.message).toBe(
      '删除成功',
    );
    const again = await api(ctx.app, 'DELETE', `/api/banners/${id}`, { token: platform });
    expect([again.status, again.body.message]).toEqual([404, '轮播图不存在或已删除']);
  });
});

describe('tenant boundary', () => {
  it('an institution’s banner is not the platform’s: not listed, not edited, switched or deleted (404), not shown', async () => {
    const { company_id } = await login(ctx.app, 'jigou');
    const [theirs] = await ctx.app.db
      .insert(banners)
      .values({ ownerCompanyId: company_id, title: '机构的', imageFileId: image, position: 1, status: 1 })
      .returning();
    const list = await api<BannerPage>(ctx.app, 'GET', '/api/banners', { token: platform });
    expect(list.body.data.list).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/api/banners/${theirs.id}`, banner()],
      ['PATCH', `/api/banners/${theirs.id}/status`, { status: 0 }],
      ['DELETE', `/api/banners/${theirs.id}`, undefined],
    ] as const) {
      const res = await api(ctx.app, method, url, { token: platform, body });
      expect([res.status, res.body.message], `${method} ${url}`).toEqual([404, '轮播图不存在或已删除']);
    }
    expect((await shown()).data).toEqual([]);
    const [still] = await ctx.app.db.select().from(banners).where(eq(banners.id, theirs.id));
    expect([still.title, still.status]).toEqual(['机构的', 1]);
  });
});

describe('GET /api/banners/shown (no sign-in)', () => {
  it('answers only the enabled banners of that position inside their window, in order', async () => {
    const second = await made({ title: '第二', sort: 2, show_from: at(-HOUR), show_until: at(HOUR) });
    const first = await made({ title: '第一', sort: 1, link: 'https://example.com/' });
    await made({ title: '停用', sort: 0, status: 0 });
    await made({ title: '未开始', sort: 0, show_from: at(HOUR) });
    await made({ title: '已结束', sort: 0, show_from: at(-2 * HOUR), show_until: at(-HOUR) });
    await made({ title: '学员端', sort: 0, position: 2 });
    const res = await shown(1);
    expect(res.code).toBe(200);
    expect(res.data).toEqual([
      { _id: first, title: '第一', link: 'https://example.com/', image_url: `/api/banners/${first}/image` },
      { _id: second, title: '第二', link: '/news/index', image_url: `/api/banners/${second}/image` },
    ]);
    expect((await shown(2)).data.map((b) => b.title)).toEqual(['学员端']);
  });

  it('an unknown position is 400', async () => {
    const res = await shown('9');
    expect([res.code, res.message]).toEqual([400, '位置只能是 1（登录页）或 2（学员端首页）']);
  });

  it('the image of a shown banner reads without signing in; of one not shown it is 404', async () => {
    const id = await made();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/banners/${id}/image` });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(res.rawPayload.equals(samples.png)).toBe(true);
    await api(ctx.app, 'PATCH', `/api/banners/${id}/status`, { token: platform, body: { status: 0 } });
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/banners/${id}/image` });
    expect(gone.statusCode).toBe(404);
  });

  it('the platform’s writers read any banner’s image as a file (the list’s thumbnails)', async () => {
    await made();
    const { token } = await login(ctx.app, 'yunying');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${image}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('demo', () => {
  it('adds two enabled login-page banners with PNG images once', async () => {
    expect(gradientPng(4, 2, [0, 0, 0], [255, 255, 255]).subarray(1, 4).toString()).toBe('PNG');
    await seedBannerDemo(ctx.app);
    await seedBannerDemo(ctx.app);
    const res = await shown(1);
    expect(res.data).toHaveLength(2);
    const img = await ctx.app.inject({ method: 'GET', url: res.data[0].image_url });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
  });
});
