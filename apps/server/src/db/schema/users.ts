import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { organisations } from './organisations';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    /** sign-in name, unique regardless of case */
    username: text('username').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** "1" male (default), "2" female */
    sex: text('sex').notNull().default('1'),
    /** Argon2id PHC string */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * A user's membership of an organisation (a school or an area, or a college directly) with an identity
 * type. `leafOrganisationId` is the college or class inside it. One membership per user and organisation.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    organisationId: ownerRef('organisation_id', () => organisations.id),
    leafOrganisationId: ownerRef('leaf_organisation_id', () => organisations.id),
    /** Student, Teacher or Business */
    identityType: text('identity_type').notNull(),
    /** the membership a new sign-in starts in */
    isDefault: boolean('is_default').notNull().default(false),
    majorName: text('major_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_organisation_idx').on(t.userId, t.organisationId),
    check('memberships_identity_type_check', sql`${t.identityType} in ('Student', 'Teacher', 'Business')`),
  ],
);

/** Permission bit masks per module (course, qom) per membership. */
export const membershipPermissions = pgTable(
  'membership_permissions',
  {
    membershipId: ownerRef('membership_id', () => memberships.id),
    module: text('module').notNull(),
    mask: bigint('mask', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.module] }),
    index('membership_permissions_idx').on(t.membershipId),
  ],
);
