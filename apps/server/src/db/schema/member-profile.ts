import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './employer';
import { files } from './files';
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
    // issue 13 (career spec 3): the resume's personal information, first education, job intention, status
    /** Top10, Top30, Medium, Lower or Secrecy (the first education's grading rank) */
    gradingRank: text('grading_rank'),
    /** the avatar (an uploaded image, purpose memberMaterial) */
    portraitFileId: bigint('portrait_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    email: text('email'),
    mobile: text('mobile'),
    /** CommunistPartyMember, LeagueMember, Masses, DemocraticParties or Nonparty; null: not given (cleared) */
    politicalStatus: text('political_status'),
    domicileProvinceCode: text('domicile_province_code'),
    domicileCityCode: text('domicile_city_code'),
    /** expected monthly salary, in thousands (999 = negotiable) */
    minSalary: integer('min_salary'),
    maxSalary: integer('max_salary'),
    /** job-seeking status: Seeking or Accepted (null: never chosen, shown as Seeking) */
    status: text('status'),
    /** where an Accepted member works (free text, or a company of the platform) */
    companyName: text('company_name'),
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, {
      onDelete: 'set null',
    }),
    occupationName: text('occupation_name'),
    occupationId: text('occupation_id'),
    /** the privacy switch: false hides the resume from HR */
    visible: boolean('visible').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_profiles_sex_check', sql`${t.sex} is null or ${t.sex} in ('Male', 'Female', 'Secrecy')`),
    check(
      'member_profiles_grading_rank_check',
      sql`${t.gradingRank} is null or ${t.gradingRank} in ('Top10', 'Top30', 'Medium', 'Lower', 'Secrecy')`,
    ),
    check(
      'member_profiles_political_check',
      sql`${t.politicalStatus} is null or ${t.politicalStatus} in ('CommunistPartyMember', 'LeagueMember', 'Masses', 'DemocraticParties', 'Nonparty')`,
    ),
    check('member_profiles_status_check', sql`${t.status} is null or ${t.status} in ('Seeking', 'Accepted')`),
    check(
      'member_profiles_degree_check',
      sql`${t.degree} is null or ${t.degree} in ('College', 'Bachelor', 'Master', 'Doctor', 'Other')`,
    ),
  ],
);

/**
 * Divisions (行政区划, GB/T 2260): provinces (level 1) and prefecture-level cities (level 2), with the
 * first letter of their pinyin (the city selector's letter groups) and the hot flag (热门城市).
 */
export const divisionCatalog = pgTable(
  'division_catalog',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** '' for a province */
    parentCode: text('parent_code').notNull().default(''),
    /** 1 province, 2 city */
    level: smallint('level').notNull(),
    /** A-Z */
    letter: text('letter').notNull(),
    hot: boolean('hot').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    index('division_catalog_parent_idx').on(t.parentCode, t.sequence),
    index('division_catalog_level_idx').on(t.level, t.letter, t.sequence),
  ],
);

/** The occupation classification (职业分类大典): three levels, 大类 > 中类 > 小类; parentCode '0' at the top. */
export const occupationCatalog = pgTable(
  'occupation_catalog',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code').notNull(),
    /** 1, 2 or 3 */
    level: smallint('level').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('occupation_catalog_parent_idx').on(t.parentCode, t.sequence)],
);

/** A member's job intention: at most 3 positions (level-3 occupations), in the order picked. */
export const memberIntentions = pgTable(
  'member_intentions',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    standardOccupationCode: text('standard_occupation_code')
      .notNull()
      .references(() => occupationCatalog.code, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.standardOccupationCode] })],
);

/** A member's intended cities: at most 3; the code '' means the whole nation (全国). */
export const memberCities = pgTable(
  'member_cities',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cityCode: text('city_code').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cityCode] })],
);
