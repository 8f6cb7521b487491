import {
  type NewsBody,
  type NewsDetail,
  type NewsRow,
  NewsStatus,
  type NewsStatusValue,
  type newsBody,
  newsStatusNames,
  type PublishedNews,
  type PublishedNewsRow,
} from '@skill-cert/shared/news';
import { type Paged, type PageQuery, pageMeta } from '@skill-cert/shared/pagination';
import { richTextPlain, sanitizeHtml } from '@skill-cert/shared/sanitize-html';
import { TemplateKey } from '@skill-cert/shared/template-keys';
import { formatDateTime, toTimestamp } from '@skill-cert/shared/time';
import { and, arrayContains, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { findFiles } from '../files/service.ts';
import { userIdsHolding } from '../users/service.ts';
import { newsArticles, newsReads } from './tables.ts';

/** The durable job that publishes a draft at its `publish_at`. */
export const NEWS_PUBLISH_QUEUE = 'news-publish';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    /** `at`: the time asked when the job was queued; a job whose time was changed since does nothing. */
    [NEWS_PUBLISH_QUEUE]: { articleId: string; at: string };
  }
}

type Article = typeof newsArticles.$inferSelect;
type SavedBody = z.output<typeof newsBody>;

const NOT_FOUND = '新闻不存在或已删除';
const str = (d: Date | null) => (d ? formatDateTime(d) : null);
const coverUrl = (a: Article) => (a.coverFileId ? `/api/files/${a.coverFileId}` : null);

function common(a: Article) {
  return {
    _id: a.id,
    title: a.title,
    category: a.category,
    cover_file_id: a.coverFileId,
    cover_url: coverUrl(a),
    top: a.top,
    read_count: a.readCount,
    publish_time_str: str(a.publishedAt),
  };
}

export function toNewsRow(a: Article): NewsRow {
  const status = a.status as NewsStatusValue;
  return {
    ...common(a),
    status,
    status_name: newsStatusNames[status],
    audience_all: a.audienceAll,
    audience: a.audience,
    notify: a.notify,
    publish_at_str: str(a.publishAt),
    create_time_str: formatDateTime(a.createdAt),
    update_time_str: formatDateTime(a.updatedAt),
  };
}

const toDetail = (a: Article): NewsDetail => ({
  ...toNewsRow(a),
  content: a.content,
  attachments: a.attachments,
});

const SUMMARY_LENGTH = 120;
const toPublishedRow = (a: Article): PublishedNewsRow => ({
  ...common(a),
  summary: richTextPlain(a.content).slice(0, SUMMARY_LENGTH),
});

async function findArticle(db: DbOrTx, id: string): Promise<Article> {
  const [a] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!a) throw notFound(NOT_FOUND);
  return a;
}

export async function listNews(
  db: DbOrTx,
  q: PageQuery & { title?: string; category?: string; status?: number },
): Promise<Paged<NewsRow>> {
  const where = and(
    q.title ? sql`${newsArticles.title} ilike ${containsPattern(q.title)}` : undefined,
    q.category ? eq(newsArticles.category, q.category) : undefined,
    q.status === undefined ? undefined : eq(newsArticles.status, q.status),
  );
  const rows = await db
    .select({ article: newsArticles, total: totalOf(newsArticles, where) })
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.top), desc(newsArticles.updatedAt), desc(newsArticles.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const total = rows[0]?.total ?? (q.page === 1 ? 0 : await countNews(db, where));
  return { list: rows.map((r) => toNewsRow(r.article)), meta: pageMeta(Number(total), q) };
}

async function countNews(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(newsArticles).where(where);
  return n;
}

export const newsDetail = async (db: DbOrTx, id: string) => toDetail(await findArticle(db, id));

/** The cover must be an image and every file one the writer uploaded (or already an article's). */
async function checkFiles(db: DbOrTx, body: SavedBody): Promise<void> {
  const ids = [
    ...(body.cover_file_id ? [body.cover_file_id] : []),
    ...body.attachments.map((f) => f.file_id),
  ];
  if (ids.length === 0) return;
  const found = await findFiles(db, ids);
  const kindOf = new Map(found.map((f) => [f.id, f.kind]));
  if (body.cover_file_id) {
    const kind = kindOf.get(body.cover_file_id);
    if (!kind) throw badRequest('封面图片不存在，请重新上传');
    if (!['jpg', 'png'].includes(kind)) throw badRequest('封面只能是 JPG 或 PNG 图片');
  }
  for (const f of body.attachments)
    if (!kindOf.has(f.file_id)) throw badRequest(`附件 ${f.name} 不存在，请重新上传`);
}

/** A scheduled time: later than now, and only for a draft. */
function publishAtOf(body: SavedBody, status: number): Date | null {
  if (!body.publish_at) return null;
  if (status !== NewsStatus.DRAFT) throw badRequest('只有草稿可以定时发布');
  const at = new Date(toTimestamp(body.publish_at));
  if (at.getTime() <= Date.now()) throw badRequest('定时发布时间应晚于当前时间');
  return at;
}

const columnsOf = (body: SavedBody) => ({
  title: body.title,
  category: body.category,
  coverFileId: body.cover_file_id,
  content: sanitizeHtml(body.content),
  attachments: body.attachments,
  audienceAll: body.audience_all,
  audience: body.audience_all ? [] : [...new Set(body.audience)].sort(),
  top: body.top,
  notify: body.notify,
});

async function schedule(app: FastifyInstance, tx: DbOrTx, article: Article): Promise<void> {
  if (!article.publishAt) return;
  await app.jobs.send(
    NEWS_PUBLISH_QUEUE,
    { articleId: article.id, at: article.publishAt.toISOString() },
    { tx, startAfter: article.publishAt },
  );
}

/** A new article: a draft, scheduled when `publish_at` is given. */
export async function createNews(app: FastifyInstance, userId: string, body: SavedBody): Promise<NewsDetail> {
  const publishAt = publishAtOf(body, NewsStatus.DRAFT);
  await checkFiles(app.db, body);
  const article = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsArticles)
      .values({ ...columnsOf(body), status: NewsStatus.DRAFT, publishAt, createdBy: userId })
      .returning();
    await schedule(app, tx, row);
    return row;
  });
  return toDetail(article);
}

/** Saves an article in any status; a draft's scheduled time is replaced (the job of the old time does nothing). */
export async function updateNews(app: FastifyInstance, id: string, body: SavedBody): Promise<NewsDetail> {
  await checkFiles(app.db, body);
  const article = await app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(newsArticles).where(eq(newsArticles.id, id)).for('update');
    if (!current) throw notFound(NOT_FOUND);
    const publishAt = publishAtOf(body, current.status);
    const [row] = await tx
      .update(newsArticles)
      .set({ ...columnsOf(body), publishAt })
      .where(eq(newsArticles.id, id))
      .returning();
    if (publishAt && publishAt.getTime() !== current.publishAt?.getTime()) await schedule(app, tx, row);
    return row;
  });
  return toDetail(article);
}

/** 草稿 or 已下线 → 已发布 now; a draft asking for it tells its audience. */
export async function publishNews(app: FastifyInstance, id: string): Promise<NewsRow> {
  const current = await findArticle(app.db, id);
  if (current.status === NewsStatus.PUBLISHED) throw badRequest('该新闻已发布');
  const [row] = await app.db
    .update(newsArticles)
    .set({ status: NewsStatus.PUBLISHED, publishedAt: new Date(), publishAt: null })
    .where(and(eq(newsArticles.id, id), inArray(newsArticles.status, [NewsStatus.DRAFT, NewsStatus.OFFLINE])))
    .returning();
  if (!row) throw badRequest('该新闻已发布');
  if (current.status === NewsStatus.DRAFT) await tellAudience(app, row);
  return toNewsRow(row);
}

export const NEWS_MESSAGE_CATEGORY = '新闻公告';

/** The message of a first publication, to every user of the article's portals (when the article asks for it). */
async function tellAudience(app: FastifyInstance, a: Article): Promise<void> {
  if (!a.notify) return;
  const message = {
    category: NEWS_MESSAGE_CATEGORY,
    content: `新闻公告：${a.title}`,
    templateKey: TemplateKey.NEWS_PUBLISHED,
    relatedId: a.id,
  };
  try {
    if (a.audienceAll) {
      await app.messenger.toEveryone(message);
      return;
    }
    const readers = await userIdsHolding(app.db, a.audience);
    if (readers.length) await app.messenger.toUsers(readers, message);
  } catch (err) {
    // The article is published either way; a lost message is logged, not the publication's failure.
    app.log.error({ err, articleId: a.id }, '新闻发布通知发送失败');
  }
}

/** 已发布 → 已下线: readers no longer see it. */
export async function takeNewsOffline(db: DbOrTx, id: string): Promise<NewsRow> {
  await findArticle(db, id);
  const [row] = await db
    .update(newsArticles)
    .set({ status: NewsStatus.OFFLINE })
    .where(and(eq(newsArticles.id, id), eq(newsArticles.status, NewsStatus.PUBLISHED)))
    .returning();
  if (!row) throw badRequest('只有已发布的新闻可以下线');
  return toNewsRow(row);
}

/** A draft or an article taken offline; a published one is taken offline first. */
export async function deleteNews(db: DbOrTx, id: string): Promise<void> {
  await findArticle(db, id);
  const gone = await db
    .delete(newsArticles)
    .where(and(eq(newsArticles.id, id), inArray(newsArticles.status, [NewsStatus.DRAFT, NewsStatus.OFFLINE])))
    .returning({ id: newsArticles.id });
  if (gone.length === 0) throw badRequest('已发布的新闻请先下线再删除');
}

/** The job: publishes the draft if it still waits for this very time (edited, published or deleted: nothing). */
export async function publishScheduled(db: DbOrTx, articleId: string, at: string): Promise<Article | null> {
  const [row] = await db
    .update(newsArticles)
    .set({ status: NewsStatus.PUBLISHED, publishedAt: sql`now()`, publishAt: null })
    .where(
      and(
        eq(newsArticles.id, articleId),
        eq(newsArticles.status, NewsStatus.DRAFT),
        eq(newsArticles.publishAt, new Date(at)),
      ),
    )
    .returning();
  return row ?? null;
}

const scheduledListeners = new Set<(articleId: string) => void>();

/** Told each article the job published, in this process (tests wait on it); answers the unsubscribe. */
export function onScheduledPublish(listener: (articleId: string) => void): () => void {
  scheduledListeners.add(listener);
  return () => scheduledListeners.delete(listener);
}

export async function registerNewsPublishing(app: FastifyInstance): Promise<void> {
  await app.jobs.work(
    NEWS_PUBLISH_QUEUE,
    async ({ articleId, at }) => {
      const published = await publishScheduled(app.db, articleId, at);
      if (!published) return;
      app.log.info({ articleId }, '定时发布新闻');
      await tellAudience(app, published);
      for (const listener of scheduledListeners) listener(articleId);
    },
    { retryLimit: 5, retryDelay: 30 },
  );
}

/** Articles shown in a portal: published, for every portal or for this one. */
function shownIn(portal: number | null | undefined): SQL {
  const forPortal = portal ? arrayContains(newsArticles.audience, [portal]) : undefined;
  return and(
    eq(newsArticles.status, NewsStatus.PUBLISHED),
    forPortal ? or(eq(newsArticles.audienceAll, true), forPortal) : eq(newsArticles.audienceAll, true),
  )!;
}

/** `/news/index`: the published articles of the reader's portal, top ones first, newest first. */
export async function listPublished(
  db: DbOrTx,
  portal: number | null | undefined,
  q: PageQuery & { title?: string; category?: string },
): Promise<Paged<PublishedNewsRow>> {
  const where = and(
    shownIn(portal),
    q.title ? sql`${newsArticles.title} ilike ${containsPattern(q.title)}` : undefined,
    q.category ? eq(newsArticles.category, q.category) : undefined,
  );
  const rows = await db
    .select({ article: newsArticles, total: totalOf(newsArticles, where) })
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.top), desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const total = rows[0]?.total ?? (q.page === 1 ? 0 : await countNews(db, where));
  return { list: rows.map((r) => toPublishedRow(r.article)), meta: pageMeta(Number(total), q) };
}

/**
 * One published article of the reader's portal, counted once per reader. Another portal's article, a draft and an
 * article taken offline answer the same 404 as an unknown id.
 */
export async function readPublished(
  db: DbOrTx,
  portal: number | null | undefined,
  userId: string,
  id: string,
): Promise<PublishedNews> {
  const [a] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), shownIn(portal)));
  if (!a) throw notFound(NOT_FOUND);
  const first = await db
    .insert(newsReads)
    .values({ articleId: id, userId })
    .onConflictDoNothing()
    .returning({ id: newsReads.articleId });
  let readCount = a.readCount;
  if (first.length) {
    const [counted] = await db
      .update(newsArticles)
      .set({ readCount: sql`${newsArticles.readCount} + 1`, updatedAt: a.updatedAt })
      .where(eq(newsArticles.id, id))
      .returning({ readCount: newsArticles.readCount });
    readCount = counted.readCount;
  }
  return {
    ...toPublishedRow({ ...a, readCount }),
    content: a.content,
    attachments: a.attachments.map((f) => ({ ...f, url: `/api/files/${f.file_id}` })),
  };
}

/** Whether a file is the cover or an attachment of an article this portal may read (files module: readers). */
export async function newsFileShownIn(db: DbOrTx, fileId: string, portal: number | null): Promise<boolean> {
  const [hit] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(and(shownIn(portal), isNewsFile(fileId)))
    .limit(1);
  return Boolean(hit);
}

/** Whether a file belongs to any article (the platform's writers read every article's files). */
export async function isAnyNewsFile(db: DbOrTx, fileId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(isNewsFile(fileId))
    .limit(1);
  return Boolean(hit);
}

const isNewsFile = (fileId: string) =>
  or(
    eq(newsArticles.coverFileId, fileId),
    sql`${newsArticles.attachments} @> ${JSON.stringify([{ file_id: fileId }])}::jsonb`,
  );

export type { NewsBody };
