import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns';
import { organisations } from './organisations';

/** A deployment: the site a school, an area or the product itself runs as (spec 000 section 3.1). */
export const deployments = pgTable(
  'deployments',
  {
    id: identityId(),
    /** unique identifier (`code` in the app config) */
    code: text('code').notNull().unique(),
    /** `CODE` in the app config: school/college/area code, empty for the product site */
    siteCode: text('site_code').notNull().default(''),
    /** '' (product), 'school' or 'area' */
    type: text('type').notNull().default(''),
    name: text('name').notNull(),
    /** lower-case host names that select this deployment */
    hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
    /** the deployment used when neither host nor DEPLOYMENT_CODE picks one */
    isDefault: boolean('is_default').notNull().default(false),
    title: text('title').notNull().default(''),
    webIcon: text('web_icon').notNull().default(''),
    logo: text('logo').notNull().default(''),
    custompageLogo: text('custompage_logo').notNull().default(''),
    productCode: text('product_code').notNull().default('uplus'),
    userType: text('user_type').notNull().default('Student'),
    /** school record linked to the deployment (SCHOOL_CODE) */
    schoolCode: text('school_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deployments_single_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('deployments_type_check', sql`${t.type} in ('', 'school', 'area')`),
  ],
);

/** College configuration pairs that overwrite the app config for a code (`config/college?param=`). */
export const collegeConfigPairs = pgTable(
  'college_config_pairs',
  {
    code: text('code').notNull(),
    configKey: text('config_key').notNull(),
    configValue: text('config_value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.configKey] })],
);

/** School records (`GET /api/base/schools/{schoolCode}`). */
export const schools = pgTable('schools', {
  id: identityId(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  address: text('address').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  /** the organisation this school record describes, when there is one */
  organisationId: bigint('organisation_id', { mode: 'number' }).references(() => organisations.id, {
    onDelete: 'set null',
  }),
});

/**
 * College records (`GET /api/base/colleges/{code}`): the institution a deployment code names.
 * Keyed by its organisation, so a college id and an organisation id are the same string.
 */
export const colleges = pgTable('colleges', {
  organisationId: bigint('organisation_id', { mode: 'number' })
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  schoolId: bigint('school_id', { mode: 'number' }).references(() => schools.id, { onDelete: 'set null' }),
});

/** Area website configuration (`GET {portal}/website_configs/{code}`). */
export const areaWebsiteConfigs = pgTable('area_website_configs', {
  code: text('code').primaryKey(),
  /** JSON text: { menus: AreaMenuItem[], ... } */
  homepageConfig: text('homepage_config').notNull().default('{}'),
  browserTabTitle: text('browser_tab_title').notNull().default(''),
  browserTabIcon: text('browser_tab_icon').notNull().default(''),
  banner: text('banner').notNull().default(''),
  domainLogo: text('domain_logo').notNull().default(''),
});
