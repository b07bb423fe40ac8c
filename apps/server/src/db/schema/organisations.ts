import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';

/** Organisation tree: area > school > college > class (an area may also hold colleges directly). */
export const organisations = pgTable(
  'organisations',
  {
    id: identityId(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** area, school, college or class */
    type: text('type').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => organisations.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisations_parent_idx').on(t.parentId),
    check('organisations_type_check', sql`${t.type} in ('platform', 'area', 'school', 'college', 'class')`),
  ],
);

/** Modules an organisation has switched on (exam, graduation, obe, course...). */
export const organisationModules = pgTable(
  'organisation_modules',
  {
    organisationId: ownerRef('organisation_id', () => organisations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.code] })],
);

/** Organisation permissions by key (qabot = 2 enables the assistant, and others). */
export const organisationPermissions = pgTable(
  'organisation_permissions',
  {
    organisationId: ownerRef('organisation_id', () => organisations.id),
    key: text('key').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.key] })],
);
