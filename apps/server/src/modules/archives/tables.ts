import type { ArchiveKindValue, ArchiveStatusValue } from '@skill-cert/shared/archives';
import {
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';

/**
 * An archive (档案): one per evaluation plan (kind 1, opened when the plan is approved) or offline
 * certificate batch (kind 2). What the list shows and filters of its source is copied at opening: a plan cannot
 * change any of it once approved. Generated documents are never stored: they are produced from the records.
 */
export const archives = pgTable(
  'archives',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1 等级评价, 2 证书生成 (ArchiveKind). */
    kind: smallint('kind').$type<ArchiveKindValue>().notNull(),
    /** The plan's (or the batch's) id. */
    sourceId: uuid('source_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    occupationName: text('occupation_name'),
    workType: text('work_type'),
    level: smallint('level'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** 0 整理中, 1 已归档 (ArchiveStatus). */
    status: smallint('status').$type<ArchiveStatusValue>().notNull().default(0),
    paperYears: integer('paper_years').notNull().default(3),
    electronicYears: integer('electronic_years').notNull().default(5),
    /** Set by the seal, with the retention dates it starts. */
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    sealedBy: uuid('sealed_by'),
    sealedByName: text('sealed_by_name'),
    paperUntil: date('paper_until', { mode: 'string' }),
    electronicUntil: date('electronic_until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('archives_source_idx').on(t.kind, t.sourceId),
    index('archives_company_idx').on(t.companyId, t.status, t.createdAt),
    // The list's order (newest first, then id) read backwards, without a status filter.
    index('archives_company_order_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** Material a user added to volume 3 or 4 of an archive: a stored file under a name. */
export const archiveItems = pgTable(
  'archive_items',
  {
    id: idColumn(),
    archiveId: uuid('archive_id')
      .notNull()
      .references(() => archives.id, { onDelete: 'cascade' }),
    volume: smallint('volume').notNull(),
    fileId: uuid('file_id').notNull(),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('archive_items_archive_idx').on(t.archiveId, t.volume, t.createdAt)],
);

/** The archive's own steps (ArchiveAction): opened, material added or removed, retention changed, sealed. */
export const archiveLogs = pgTable(
  'archive_logs',
  {
    id: idColumn(),
    archiveId: uuid('archive_id')
      .notNull()
      .references(() => archives.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('archive_logs_archive_idx').on(t.archiveId, t.createdAt)],
);
