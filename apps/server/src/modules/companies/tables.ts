import { index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';

/** A tenant: an enterprise or an institution (DOMAIN.md). */
export const companies = pgTable('companies', {
  id: idColumn(),
  name: text('name').notNull(),
  /** 1 企业 (enterprise), 2 培训评价机构 (institution). */
  type: smallint('type').notNull().default(1),
  creditCode: text('credit_code').unique(),
  subName: text('sub_name'),
  enName: text('en_name'),
  /** County-level GB/T 2260 code; its first two digits are the province code of certificate numbers. */
  regionCode: text('region_code'),
  /**
   * 评价机构代码: 4 digits, assigned by the platform when it approves the company's first record application
   * (certificate numbers); unique.
   */
  institutionCode: text('institution_code').unique(),
  address: text('address'),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  licenceFileId: uuid('licence_file_id'),
  logoFileId: uuid('logo_file_id'),
  /** Invite code for join requests, and whether joining is open (1) or closed (0). */
  initiateCode: text('initiate_code').unique(),
  initiateStatus: smallint('initiate_status').notNull().default(1),
  /** 1 normal, 0 frozen by the platform. */
  status: smallint('status').notNull().default(1),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who belongs to a company and as what: 1 administrator, 2 member. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: smallint('role').notNull().default(2),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/** A user's request to join a company by its invite code; the administrator decides. */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** 0 pending, 1 approved, 2 rejected, 3 withdrawn. */
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('join_requests_company_idx').on(t.companyId, t.status),
    index('join_requests_user_idx').on(t.userId),
  ],
);

/**
 * A company administrator's invitation of an existing account without a company (added by phone on /user-list):
 * the person joins only by accepting it on /join. Status 0 pending, 1 accepted, 2 declined, 3 void (the person
 * joined a company otherwise).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    invitedBy: uuid('invited_by'),
    status: smallint('status').notNull().default(0),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_invitations_user_idx').on(t.userId, t.status)],
);
