import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** 新闻公告: articles the platform writes for every portal or chosen ones (DOMAIN.md "Platform"). */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: idColumn(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    coverFileId: uuid('cover_file_id'),
    /** Rich text, sanitised when saved (packages/shared sanitize-html). */
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<{ file_id: string; name: string }[]>().notNull().default([]),
    /** Shown in every portal; else only in `audience` (role type ids). */
    audienceAll: boolean('audience_all').notNull().default(true),
    audience: smallint('audience').array().notNull().default(sql`'{}'::smallint[]`),
    /** 0 草稿, 1 已发布, 2 已下线 (NewsStatus). */
    status: smallint('status').notNull().default(0),
    top: boolean('top').notNull().default(false),
    /** Tell the audience by a message when it is first published. */
    notify: boolean('notify').notNull().default(false),
    /** A draft publishes itself at this time (the `news-publish` job); null once published. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Distinct readers (`news_reads`). */
    readCount: integer('read_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_articles_reader_idx').on(t.status, t.top, t.publishedAt)],
);

/** Who has read which article, once each: the read count counts readers, not page views. */
export const newsReads = pgTable(
  'news_reads',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
