import { boolean, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';

/**
 * 职业目录: the occupations of the national catalogue the platform keeps (DOMAIN.md "Reference data"), seeded from the
 * catalogue shipped in catalogue.ts. Filings, evaluations, test plans and qualifications store an occupation's code
 * (and its name as it was), so a code in use never changes and an occupation in use is disabled, never deleted.
 */
export const occupations = pgTable(
  'occupations',
  {
    id: idColumn(),
    /** 'N-NN-NN-NN' (大类-中类-小类-细类); the 大类 is its first digit. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The levels it may be evaluated at (5 五级 … 1 一级), lowest first. */
    levels: smallint('levels').array().notNull(),
    /** Whether evaluations at levels 2 and 1 must include 综合评审. */
    comprehensiveReview: boolean('comprehensive_review').notNull().default(true),
    /** 0 停用, 1 启用 (OccupationStatus). */
    status: smallint('status').notNull().default(1),
    /** Smaller first; then by code. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('occupations_order_idx').on(t.sort, t.code)],
);

/** 工种 / 职业方向 of an occupation: stored by name where used, so a name in use is disabled, never removed. */
export const occupationWorkTypes = pgTable(
  'occupation_work_types',
  {
    id: idColumn(),
    occupationId: uuid('occupation_id')
      .notNull()
      .references(() => occupations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 工种, 2 职业方向 (WorkTypeKind). */
    kind: smallint('kind').notNull().default(1),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('occupation_work_types_name_idx').on(t.occupationId, t.name)],
);

/**
 * What the shipped catalogue has seeded, by key (an occupation's code, or code + '/' + 工种 name): the seed adds only
 * what it never added, so what the platform edited or deleted stays as it left it.
 */
export const occupationSeeds = pgTable('occupation_seeds', {
  key: text('key').primaryKey(),
  seededAt: createdAt(),
});
