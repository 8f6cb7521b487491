import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';
import { users } from '../users/tables.ts';

/** 轮播图: images with a link shown on the login page and the learner app (DOMAIN.md "Platform"). */
export const banners = pgTable(
  'banners',
  {
    id: idColumn(),
    /** null: the platform's; an institution's company id for its own banners. */
    ownerCompanyId: uuid('owner_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    imageFileId: uuid('image_file_id').notNull(),
    /** An http(s) URL or a path of this site (shared banners.ts isBannerLink), or null. */
    link: text('link'),
    /** 1 登录页, 2 学员端首页 (BannerPosition). */
    position: smallint('position').notNull(),
    /** Smaller first. */
    sort: integer('sort').notNull().default(0),
    /** Shown from / until (null: no limit on that side). */
    showFrom: timestamp('show_from', { withTimezone: true }),
    showUntil: timestamp('show_until', { withTimezone: true }),
    /** 0 停用, 1 启用 (BannerStatus). */
    status: smallint('status').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_shown_idx').on(t.ownerCompanyId, t.position, t.status, t.sort)],
);
