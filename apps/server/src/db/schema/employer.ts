import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { files } from './files';
import { users } from './users';

/*
 * Employers (issue 12): a company and the business users who act for it. Internship groups, open courses'
 * partner enterprises and certificates name a company; its logo is an uploaded file.
 */
export const companies = pgTable(
  'companies',
  {
    id: identityId(),
    name: text('name').notNull(),
    /** the logo (an uploaded image); null: the product's default logo */
    logoFileId: bigint('logo_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    introduction: text('introduction').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_name_idx').on(t.name)],
);

/** A business user acting for a company (one company per user; a company may have several users). */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: ownerRef('company_id', () => companies.id),
    userId: ownerRef('user_id', () => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);
