import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** the company's description (shown folded at 3 lines on a job) */
    introduction: text('introduction').notNull().default(''),
    /** the short name job seekers see on cards (companyNickName); '' : the name */
    nickname: text('nickname').notNull().default(''),
    /** FINANCING_ROUNDS code (issue 14); null: not given */
    financingRound: text('financing_round'),
    /** INDUSTRIES code; null: not given */
    industry: text('industry'),
    /** COMPANY_SCALES code; null: not given */
    scale: text('scale'),
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

/** A company's videos (宣传视频; the video badge on a company card). */
export const companyVideos = pgTable(
  'company_videos',
  {
    id: identityId(),
    companyId: ownerRef('company_id', () => companies.id),
    fileId: ownerRef('file_id', () => files.id),
    title: text('title').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('company_videos_company_idx').on(t.companyId, t.sort, t.id)],
);
