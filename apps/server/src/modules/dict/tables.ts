import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';

/**
 * 字典项: the options `POST /api/dict` serves, edited by the platform (DOMAIN.md "Platform"). Seeded at start from the
 * code's dictionaries (modules/dict/dictionaries.ts) by name and value: what is missing is added, nothing is
 * overwritten.
 */
export const dictItems = pgTable(
  'dict_items',
  {
    id: idColumn(),
    dictName: text('dict_name').notNull(),
    label: text('label').notNull(),
    /** As text; `numeric` says whether the API answers it as a number. */
    value: text('value').notNull(),
    numeric: boolean('numeric').notNull().default(true),
    /** Smaller first. */
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** `#rrggbb` of the item's tag, or null. */
    color: text('color'),
    /** The code relies on this value: it never changes and the item is never deleted. */
    fixed: boolean('fixed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dict_items_name_value_idx').on(t.dictName, t.value)],
);

/**
 * The code's items added to `dict_items` once in the life of the database (by name and value): an item an
 * administrator deleted from a dictionary that is not fixed is not added again at the next start.
 */
export const dictSeededItems = pgTable(
  'dict_seeded_items',
  {
    dictName: text('dict_name').notNull(),
    value: text('value').notNull(),
    seededAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dictName, t.value] })],
);
