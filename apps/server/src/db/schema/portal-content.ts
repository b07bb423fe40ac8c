import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns';
import { users } from './users';

/** A PostgreSQL `tsvector` column (written with to_tsvector('simple', …) from the shared n-gram tokens). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The kinds listed newest first (shared DATED_KINDS): news, notice, recruit. */
const DATED_KIND = sql`kind in ('news', 'notice', 'recruit')`;

/*
 * Portal content (issue 15, portal spec 2.1 and 7): one content model behind every public page of a site.
 * A row belongs to one site (`owner_code` = the deployment code: the product site `uplus`, a school site,
 * an area site) and has a kind (course, experiment, project, case, lab, news, notice, member, recruit,
 * page, courseSystem). The kind-specific fields are in `attrs` (checked by the shared zod schema of the
 * kind); `body` is sanitized HTML. A site shows its own published rows and the product site's.
 * `search` holds the n-gram tokens of title, summary and body text (Chinese has no spaces: see
 * docs/decisions/0019-portal-content.md) for PostgreSQL full-text search on both PGlite and a server.
 */
export const portalContents = pgTable(
  'portal_contents',
  {
    id: identityId(),
    ownerCode: text('owner_code').notNull(),
    kind: text('kind').notNull(),
    /** page and lab rows: their address key (about, qualification, harmony …), unique per site and kind */
    slug: text('slug'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    coverFileId: bigint('cover_file_id', { mode: 'number' }),
    body: text('body').notNull().default(''),
    attrs: jsonb('attrs').notNull().default({}),
    /** lab platform keys the row is tagged to (an experiment or course shown on a lab page) */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Draft | Published */
    status: text('status').notNull().default('Draft'),
    sort: integer('sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    // The list orders (portal-content.repo.ts), one site at a time: public lists read a site's published
    // rows of a kind by sort (then newest id) or, for the dated kinds, newest first; the console reads all
    // of a site's rows of a kind in the same orders (drafts first in the dated one: their publishedAt is
    // null). Descending columns are NULLS FIRST, as `order by x desc` sorts, so the index gives the order.
    index('portal_contents_public_idx').on(t.ownerCode, t.kind, t.status, t.sort, t.id.desc().nullsFirst()),
    index('portal_contents_public_dated_idx')
      .on(t.ownerCode, t.kind, t.status, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(DATED_KIND),
    index('portal_contents_console_idx').on(t.ownerCode, t.kind, t.sort, t.id.desc().nullsFirst()),
    index('portal_contents_console_dated_idx')
      .on(t.ownerCode, t.kind, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(DATED_KIND),
    uniqueIndex('portal_contents_slug_idx').on(t.ownerCode, t.kind, t.slug).where(sql`${t.slug} is not null`),
    index('portal_contents_search_idx').using('gin', t.search),
    index('portal_contents_tags_idx').using('gin', t.tags),
    check('portal_contents_status_check', sql`${t.status} in ('Draft', 'Published')`),
    // the public dated order (published_at desc) relies on it
    check(
      'portal_contents_published_at_check',
      sql`${t.status} <> 'Published' or ${t.publishedAt} is not null`,
    ),
    check(
      'portal_contents_kind_check',
      sql`${t.kind} in ('course', 'experiment', 'project', 'case', 'lab', 'news', 'notice', 'member', 'recruit', 'page', 'courseSystem')`,
    ),
  ],
);
