import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Member profiles (issue 12, spec 001 sections 2.14, 3, 5): the personal and study facts a student completes
 * once (and the resume reads later), and the school and major catalogues they pick from.
 */

/** A school (university or college) a student can name in their profile (GET schools); not the site's `schools`. */
export const schoolCatalog = pgTable(
  'school_catalog',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** the province or municipality, shown beside the name */
    province: text('province').notNull().default(''),
  },
  (t) => [index('school_catalog_name_idx').on(t.name)],
);

/** A major (专业) from the national catalogue. */
export const majorCatalog = pgTable(
  'major_catalog',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** the discipline category (门类), e.g. 工学 */
    category: text('category').notNull().default(''),
  },
  (t) => [index('major_catalog_name_idx').on(t.name)],
);

/** One profile per user. A field is null until the member fills it in. */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** Male or Female */
    sex: text('sex'),
    birthday: timestamp('birthday', { withTimezone: true }),
    /** College, Bachelor, Master, Doctor or Other */
    degree: text('degree'),
    schoolCode: text('school_code').references(() => schoolCatalog.code, { onDelete: 'set null' }),
    majorCode: text('major_code').references(() => majorCatalog.code, { onDelete: 'set null' }),
    enrolmentAt: timestamp('enrolment_at', { withTimezone: true }),
    graduateAt: timestamp('graduate_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_profiles_sex_check', sql`${t.sex} is null or ${t.sex} in ('Male', 'Female')`),
    check(
      'member_profiles_degree_check',
      sql`${t.degree} is null or ${t.degree} in ('College', 'Bachelor', 'Master', 'Doctor', 'Other')`,
    ),
  ],
);
