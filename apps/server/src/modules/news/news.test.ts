import type { MessagePage } from '@skill-cert/shared/messages';
import type {
  NewsBody,
  NewsDetail,
  NewsPage,
  NewsRow,
  PublishedNews,
  PublishedNewsPage,
} from '@skill-cert/shared/news';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDateTime } from '@skill-cert/shared/time';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadAs } from '../../../test/fixtures/companies.ts';
import { within } from '../../../test/fixtures/custom-certificates.ts';
import { api, login, samples, useTestApp } from '../../../test/harness.ts';
import { defaultMenus, ensureDefaultAccess } from '../access/defaults.ts';
import { accessSeededMenus, menus } from '../access/tables.ts';
import { seedNewsDemo } from './demo.ts';
import { NEWS_PUBLISH_QUEUE, onScheduledPublish } from './service.ts';
import { newsArticles } from './tables.ts';

const ctx = useTestApp();

let platform: string;
beforeEach(async () => {
  platform = (await login(ctx.app, 'pingtai')).token;
});

const article = (over: Partial<NewsBody> = {}): NewsBody => ({
  title: '关于开展2027年职业技能等级认定工作的通知',
  category: '平台公告',
  content: '<p>各单位：请按要求开展认定工作。</p>',
  audience_all: true,
  audience: [],
  top: false,
  ...over,
});

async function create(over: Partial<NewsBody> = {}, token = platform) {
  return api<NewsDetail>(ctx.app, 'POST', '/api/news', { token, body: article(over) });
}

/** A published article, made and published by the platform. */
async function published(over: Partial<NewsBody> = {}): Promise<string> {
  const made = await create(over);
  expect(made.body.code, made.body.message).toBe(200);
  const res = await api<NewsRow>(ctx.app, 'POST', `/api/news/${made.body.data._id}/publish`, {
    token: platform,
  });
  expect(res.body.code, res.body.message).toBe(200);
  return made.body.data._id;
}

const readerList = async (token: string, query = '') =>
  (await api<PublishedNewsPage>(ctx.app, 'GET', `/api/news/published${query}`, { token })).body;

describe('writing news is the platform’s, by permission key', () => {
  it('an enterprise user cannot create, edit, publish or delete news (403)', async () => {
    const id = await published();
    const { token } = await login(ctx.app, 'qiye');
    expect((await create({}, token)).body.code).toBe(403);
    expect((await api(ctx.app, 'PUT', `/api/news/${id}`, { token, body: article() })).body.code).toBe(403);
    expect((await api(ctx.app, 'POST', `/api/news/${id}/offline`, { token })).body.code).toBe(403);
    expect((await api(ctx.app, 'DELETE', `/api/news/${id}`, { token })).body.code).toBe(403);
    expect((await api(ctx.app, 'GET', '/api/news', { token })).body.code).toBe(403);
  });

  it('the 新闻公告 menu has the buttons 新增, 修改, 发布/下线 and 删除, and 运营人员 holds them', async () => {
    const news = defaultMenus[RoleType.PLATFORM].find((m) => m.key === 'platform:news:list');
    expect(news?.children?.map((c) => c.key)).toEqual([
      'platform:news:add',
      'platform:news:edit',
      'platform:news:publish',
      'platform:news:delete',
    ]);
    const { token } = await login(ctx.app, 'yunying');
    const made = await create({}, token);
    expect(made.body.code, made.body.message).toBe(200);
  });

  it('the news buttons reach a database made before them, under 新闻公告, granted to 运营人员', async () => {
    const { db } = ctx.app;
    const NEWS_BUTTONS = [
      'platform:news:add',
      'platform:news:edit',
      'platform:news:publish',
      'platform:news:delete',
    ];
    // A database of the release before: the page without its buttons, which were never added.
    await db.delete(menus).where(inArray(menus.key, NEWS_BUTTONS));
    await db.delete(accessSeededMenus).where(inArray(accessSeededMenus.key, NEWS_BUTTONS));
    const added: string[] = [];
    await ensureDefaultAccess(db, (_portal, items) => added.push(...items));
    expect(added).toEqual([
      '新增新闻（platform:news:add）',
      '修改新闻（platform:news:edit）',
      '发布/下线新闻（platform:news:publish）',
      '删除新闻（platform:news:delete）',
    ]);
    const [page] = await db.select().from(menus).where(eq(menus.key, 'platform:news:list'));
    const buttons = await db.select().from(menus).where(inArray(menus.key, NEWS_BUTTONS));
    expect(buttons.map((b) => b.parentId)).toEqual(NEWS_BUTTONS.map(() => page.id));
    const { token } = await login(ctx.app, 'yunying');
    expect((await create({}, token)).body.code).toBe(200);
  });
});

describe('POST /api/news', () => {
  it('saves a new article as a draft (草稿) with its fields', async () => {
    const res = await create({ audience_all: false, audience: [RoleType.ENTERPRISE, RoleType.INSTITUTION] });
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe('已保存为草稿');
    expect(res.body.data).toMatchObject({
      status: 0,
      status_name: '草稿',
      audience_all: false,
      audience: [1, 3],
      read_count: 0,
      publish_time_str: null,
      create_time_str: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('sanitises the rich text when it is saved', async () => {
    const res = await create({
      content:
        '<p onclick="alert(1)">正文</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
    });
    expect(res.body.data.content).toBe('<p>正文</p><a target="_blank" rel="noopener noreferrer">链接</a>');
  });

  it('a missing title is 400 请输入标题', async () => {
    const res = await create({ title: '  ' });
    expect([res.status, res.body.message]).toEqual([400, '请输入标题']);
  });

  it('chosen portals with none chosen is 400 请选择可见端', async () => {
    const res = await create({ audience_all: false, audience: [] });
    expect([res.status, res.body.message]).toEqual([400, '请选择可见端']);
  });

  it('a portal that does not exist is 400 naming the portals', async () => {
    const res = await create({ audience_all: false, audience: [7 as 1] });
    expect([res.status, res.body.message]).toEqual([400, '可见端只能是企业端、平台端、机构端或考评员端']);
  });

  it('rich text with no text is 400 请输入正文', async () => {
    const res = await create({ content: '<p> </p><script>x</script>' });
    expect([res.status, res.body.message]).toEqual([400, '请输入正文']);
  });

  it('a cover that is not an uploaded image is 400', async () => {
    const pdf = await uploadAs(ctx, platform, '通知.pdf', samples.pdf);
    const res = await create({ cover_file_id: pdf });
    expect([res.status, res.body.message]).toEqual([400, '封面只能是 JPG 或 PNG 图片']);
    const unknown = await create({ cover_file_id: '0190a0a0-0000-7000-8000-000000000000' });
    expect([unknown.status, unknown.body.message]).toEqual([400, '封面图片不存在，请重新上传']);
  });

  it('a scheduled time in the past is 400 定时发布时间应晚于当前时间', async () => {
    const res = await create({ publish_at: '2020-01-01 08:00:00' });
    expect([res.status, res.body.message]).toEqual([400, '定时发布时间应晚于当前时间']);
  });
});

describe('status: 草稿 → 已发布 → 已下线 → 已发布', () => {
  it('publishing a draft makes it 已发布 with its time', async () => {
    const id = (await create()).body.data._id;
    const res = await api<NewsRow>(ctx.app, 'POST', `/api/news/${id}/publish`, { token: platform });
    expect(res.body.data).toMatchObject({ status: 1, status_name: '已发布' });
    expect(res.body.data.publish_time_str).toMatch(/^\d{4}-/);
  });

  it('publishing a published article is 400 该新闻已发布', async () => {
    const id = await published();
    const res = await api(ctx.app, 'POST', `/api/news/${id}/publish`, { token: platform });
    expect([res.status, res.body.message]).toEqual([400, '该新闻已发布']);
  });

  it('taking a published article offline makes it 已下线; a draft cannot be taken offline', async () => {
    const id = await published();
    const res = await api<NewsRow>(ctx.app, 'POST', `/api/news/${id}/offline`, { token: platform });
    expect(res.body.data).toMatchObject({ status: 2, status_name: '已下线' });
    const draft = (await create()).body.data._id;
    const again = await api(ctx.app, 'POST', `/api/news/${draft}/offline`, { token: platform });
    expect([again.status, again.body.message]).toEqual([400, '只有已发布的新闻可以下线']);
  });

  it('an article taken offline may be published again', async () => {
    const id = await published();
    await api(ctx.app, 'POST', `/api/news/${id}/offline`, { token: platform });
    const res = await api<NewsRow>(ctx.app, 'POST', `/api/news/${id}/publish`, { token: platform });
    expect(res.body.data.status).toBe(1);
  });

  it('a published article cannot be deleted (400); a draft and one taken offline can', async () => {
    const id = await published();
    const refused = await api(ctx.app, 'DELETE', `/api/news/${id}`, { token: platform });
    expect([refused.status, refused.body.message]).toEqual([400, '已发布的新闻请先下线再删除']);
    await api(ctx.app, 'POST', `/api/news/${id}/offline`, { token: platform });
    expect((await api(ctx.app, 'DELETE', `/api/news/${id}`, { token: platform })).body.code).toBe(200);
    const draft = (await create()).body.data._id;
    expect((await api(ctx.app, 'DELETE', `/api/news/${draft}`, { token: platform })).body.code).toBe(200);
    const gone = await api(ctx.app, 'GET', `/api/news/${draft}`, { token: platform });
    expect([gone.status, gone.body.message]).toEqual([404, '新闻不存在或已删除']);
  });

  it('only a draft may be scheduled: a scheduled time on a published article is 400', async () => {
    const id = await published();
    const res = await api(ctx.app, 'PUT', `/api/news/${id}`, {
      token: platform,
      body: article({ publish_at: formatDateTime(Date.now() + 3_600_000) }),
    });
    expect([res.status, res.body.message]).toEqual([400, '只有草稿可以定时发布']);
  });
});

describe('GET /api/news (the platform’s list)', () => {
  it('filters by title, category and status', async () => {
    await published({ title: '认定结果公示' });
    await create({ title: '操作手册', category: '操作指南' });
    const list = async (q: string) =>
      (await api<NewsPage>(ctx.app, 'GET', `/api/news${q}`, { token: platform })).body.data.list.map(
        (r) => r.title,
      );
    expect(await list('?title=公示')).toEqual(['认定结果公示']);
    expect(await list(`?category=${encodeURIComponent('操作指南')}`)).toEqual(['操作手册']);
    expect(await list('?status=0')).toEqual(['操作手册']);
  });
});

describe('reading news: every signed-in user of the portals it is meant for', () => {
  it('an enterprise user reads an article for the enterprise portal, and for all portals', async () => {
    await published({ title: '给企业', audience_all: false, audience: [RoleType.ENTERPRISE] });
    await published({ title: '给所有人' });
    const { token } = await login(ctx.app, 'qiye');
    expect((await readerList(token)).data.list.map((r) => r.title).sort()).toEqual(
      ['给企业', '给所有人'].sort(),
    );
  });

  it('an enterprise user cannot list or read an article whose audience excludes its portal (404)', async () => {
    const id = await published({ title: '给机构', audience_all: false, audience: [RoleType.INSTITUTION] });
    const { token } = await login(ctx.app, 'qiye');
    expect((await readerList(token)).data.list).toEqual([]);
    const res = await api(ctx.app, 'GET', `/api/news/published/${id}`, { token });
    expect([res.status, res.body.message]).toEqual([404, '新闻不存在或已删除']);
    const jigou = (await login(ctx.app, 'jigou')).token;
    expect((await api(ctx.app, 'GET', `/api/news/published/${id}`, { token: jigou })).body.code).toBe(200);
  });

  it('a user of several portals reads what is published for the active one', async () => {
    await published({ title: '给机构', audience_all: false, audience: [RoleType.INSTITUTION] });
    const { token } = await login(ctx.app, 'duojuese');
    const as = async (role: number) => {
      const switched = await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role } });
      expect(switched.body.code, switched.body.message).toBe(200);
      return (await readerList(token)).data.list.map((r) => r.title);
    };
    expect(await as(RoleType.ENTERPRISE)).toEqual([]);
    expect(await as(RoleType.INSTITUTION)).toEqual(['给机构']);
  });

  it('a draft and an article taken offline are not shown to readers', async () => {
    const draft = (await create({ title: '草稿' })).body.data._id;
    const offline = await published({ title: '下线' });
    await api(ctx.app, 'POST', `/api/news/${offline}/offline`, { token: platform });
    const { token } = await login(ctx.app, 'kaoping');
    expect((await readerList(token)).data.list).toEqual([]);
    for (const id of [draft, offline])
      expect((await api(ctx.app, 'GET', `/api/news/published/${id}`, { token })).status).toBe(404);
  });

  it('top articles come first, then the newest', async () => {
    await published({ title: '旧的置顶', top: true });
    await published({ title: '较早' });
    await published({ title: '最新' });
    const { token } = await login(ctx.app, 'qiye');
    expect((await readerList(token)).data.list.map((r) => r.title)).toEqual(['旧的置顶', '最新', '较早']);
  });

  it('the read count counts each reader once', async () => {
    const id = await published();
    const qiye = (await login(ctx.app, 'qiye')).token;
    const jigou = (await login(ctx.app, 'jigou')).token;
    await api(ctx.app, 'GET', `/api/news/published/${id}`, { token: qiye });
    await api(ctx.app, 'GET', `/api/news/published/${id}`, { token: qiye });
    const res = await api<PublishedNews>(ctx.app, 'GET', `/api/news/published/${id}`, { token: jigou });
    expect(res.body.data.read_count).toBe(2);
    const row = (await api<NewsDetail>(ctx.app, 'GET', `/api/news/${id}`, { token: platform })).body.data;
    expect(row.read_count).toBe(2);
  });

  it('a reader reads the cover and attachments of an article shown to its portal, not of one that is not', async () => {
    const cover = await uploadAs(ctx, platform, '封面.png', samples.png);
    const file = await uploadAs(ctx, platform, '附件.pdf', samples.pdf);
    const forEnterprise = await published({
      cover_file_id: cover,
      attachments: [{ file_id: file, name: '附件.pdf' }],
      audience_all: false,
      audience: [RoleType.ENTERPRISE],
    });
    const qiye = (await login(ctx.app, 'qiye')).token;
    const read = (
      await api<PublishedNews>(ctx.app, 'GET', `/api/news/published/${forEnterprise}`, { token: qiye })
    ).body.data;
    expect(read.attachments).toEqual([{ file_id: file, name: '附件.pdf', url: `/api/files/${file}` }]);
    for (const id of [cover, file]) {
      const res = await ctx.app.inject({
        url: `/api/files/${id}`,
        headers: { authorization: `Bearer ${qiye}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const jigou = (await login(ctx.app, 'jigou')).token;
    const refused = await ctx.app.inject({
      url: `/api/files/${cover}`,
      headers: { authorization: `Bearer ${jigou}` },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('scheduled publishing (the news-publish job)', () => {
  it('a scheduled draft is published by the job at its time', async () => {
    const at = formatDateTime(Date.now() + 3_600_000);
    const made = await create({ publish_at: at });
    expect(made.body.message).toBe(`已保存，将于 ${at} 发布`);
    const id = made.body.data._id;
    expect(made.body.data).toMatchObject({ status: 0, publish_at_str: at });
    const fired = new Promise<void>((resolve) => {
      const stop = onScheduledPublish((articleId) => {
        if (articleId !== id) return;
        stop();
        resolve();
      });
    });
    // The hour passes: the queued job becomes due.
    await ctx.app.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${NEWS_PUBLISH_QUEUE} and data->>'articleId' = ${id}`,
    );
    ctx.app.jobs.notify(NEWS_PUBLISH_QUEUE);
    await within(fired, 30_000, () => 'the scheduled article was not published');
    const [row] = await ctx.app.db.select().from(newsArticles).where(eq(newsArticles.id, id));
    expect([row.status, row.publishAt]).toEqual([1, null]);
  });

  it('a job whose time was changed since does nothing', async () => {
    const { publishScheduled } = await import('./service.ts');
    const first = new Date(Date.now() + 3_600_000);
    const id = (await create({ publish_at: formatDateTime(first) })).body.data._id;
    await api(ctx.app, 'PUT', `/api/news/${id}`, {
      token: platform,
      body: article({ publish_at: formatDateTime(Date.now() + 7_200_000) }),
    });
    first.setMilliseconds(0);
    expect(await publishScheduled(ctx.app.db, id, first.toISOString())).toBeNull();
    const [row] = await ctx.app.db.select().from(newsArticles).where(eq(newsArticles.id, id));
    expect(row.status).toBe(0);
  });
});

describe('a message to the audience when first published (notify)', () => {
  const newsMessages = async (account: string) => {
    const { token } = await login(ctx.app, account);
    const page = (await api<MessagePage>(ctx.app, 'GET', '/api/message', { token })).body.data;
    const news = page.list.filter((m) => m.message_category_name === '新闻公告');
    // The message opens the article (its template key and id).
    for (const m of news) expect(m.data.template_key).toBe('news_published');
    return news.map((m) => m.content);
  };

  it('publishing a draft that asks for it tells the users of its portals, and only them', async () => {
    await published({
      title: '企业须知',
      notify: true,
      audience_all: false,
      audience: [RoleType.ENTERPRISE],
    });
    expect(await newsMessages('qiye')).toEqual(['新闻公告：企业须知']);
    expect(await newsMessages('jigou')).toEqual([]);
  });

  it('publishing again after 下线 sends no second message', async () => {
    const id = await published({
      title: '企业须知',
      notify: true,
      audience_all: false,
      audience: [RoleType.ENTERPRISE],
    });
    await api(ctx.app, 'POST', `/api/news/${id}/offline`, { token: platform });
    await api(ctx.app, 'POST', `/api/news/${id}/publish`, { token: platform });
    expect(await newsMessages('qiye')).toEqual(['新闻公告：企业须知']);
  });

  it('an article that does not ask for it sends no message', async () => {
    await published({ title: '安静发布', audience_all: true });
    expect(await newsMessages('qiye')).toEqual([]);
  });
});

describe('demo news', () => {
  it('every portal reads its own demo article beside the one for all; one draft; seeding twice adds nothing', async () => {
    await seedNewsDemo(ctx.app.db);
    await seedNewsDemo(ctx.app.db);
    for (const account of ['qiye', 'pingtai', 'jigou', 'kaoping']) {
      const { token } = await login(ctx.app, account);
      const list = (await readerList(token)).data.list;
      expect(list.map((r) => r.title)[0], account).toBe('职业技能等级认定服务平台上线公告');
      expect(list.length, account).toBe(2);
    }
    const drafts = (await api<NewsPage>(ctx.app, 'GET', '/api/news?status=0', { token: platform })).body.data;
    expect(drafts.meta.total).toBe(1);
  });
});
