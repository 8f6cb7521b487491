import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';

export const roleTypes = pgTable('role_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Login name. */
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    introduction: text('introduction'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    activeRoleTypeId: integer('active_role_type_id').references(() => roleTypes.id),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_name_key').on(t.name), uniqueIndex('users_phone_key').on(t.phone)],
);

export const userRoleTypes = pgTable(
  'user_role_types',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleTypeId: integer('role_type_id')
      .notNull()
      .references(() => roleTypes.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleTypeId] }),
    index('user_role_types_role_idx').on(t.roleTypeId),
  ],
);
