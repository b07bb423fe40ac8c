import { and, arrayContains, asc, count, desc, eq, inArray, min, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalContents as t } from '../../db/schema';

/*
 * Portal content rows (issue 15). Every list filters on the site's codes, the kind(s) and the status, in
 * the columns of portal_contents_list_idx (owner_code, kind, status, sort, id); tags use the GIN
 * portal_contents_tags_idx, a search the GIN portal_contents_search_idx, slugs portal_contents_slug_idx.
 * The `search` column is never read back (it can be large); it is written from the text the service gives.
 */

/** A row as the service sees it (no search column). */
export type ContentRow = Omit<typeof t.$inferSelect, 'search'>;
export type NewContent = Omit<typeof t.$inferInsert, 'id' | 'search' | 'createdAt'>;

const row = {
  id: t.id,
  ownerCode: t.ownerCode,
  kind: t.kind,
  slug: t.slug,
  title: t.title,
  summary: t.summary,
  coverFileId: t.coverFileId,
  body: t.body,
  attrs: t.attrs,
  tags: t.tags,
  status: t.status,
  sort: t.sort,
  publishedAt: t.publishedAt,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};
/** A list row: no body (a search hit has the start of its body for the excerpt). */
const { body: _body, ...cardRow } = row;
export type ContentCardRow = Omit<ContentRow, 'body'> & { body?: string };

/** The longest part of a body read for a search hit's excerpt. */
const EXCERPT_BODY_CHARS = 20_000;

/** The search column's value: the `simple` tsvector of space-joined search tokens. */
const searchVector = (text: string) => sql`to_tsvector('simple', ${text})`;
/** A tsquery built by the service from quoted lexemes ('软件' & 'pyth':*), passed as one parameter. */
const tsQuery = (query: string) => sql`to_tsquery('simple', ${query})`;

export const insertContent = async (db: Db, values: NewContent, searchText: string): Promise<ContentRow> => {
  const [created] = await db
    .insert(t)
    .values({ ...values, search: searchVector(searchText) })
    .returning(row);
  return created!;
};

export const updateContentRow = async (
  db: Db,
  id: number,
  values: Partial<NewContent>,
  searchText?: string,
): Promise<ContentRow | null> => {
  const [updated] = await db
    .update(t)
    .set(searchText === undefined ? values : { ...values, search: searchVector(searchText) })
    .where(eq(t.id, id))
    .returning(row);
  return updated ?? null;
};

export const findContent = async (db: Db, id: number): Promise<ContentRow | null> =>
  (await db.select(row).from(t).where(eq(t.id, id)).limit(1))[0] ?? null;

export const deleteContentRow = async (db: Db, id: number) => {
  await db.delete(t).where(eq(t.id, id));
};

/** The site and kind of rows by id (unknown ids left out). */
export const ownersOf = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .select({ id: t.id, ownerCode: t.ownerCode, kind: t.kind })
        .from(t)
        .where(inArray(t.id, [...ids]))
    : Promise.resolve([]);

/** The row of a site with this kind and slug (another than `exceptId`), or null. */
export const findSlugRow = async (
  db: Db,
  opts: { ownerCode: string; kind: string; slug: string; exceptId?: number },
): Promise<{ id: number } | null> =>
  (
    await db
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.ownerCode, opts.ownerCode),
          eq(t.kind, opts.kind),
          eq(t.slug, opts.slug),
          opts.exceptId ? ne(t.id, opts.exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0] ?? null;

/** The smallest sort of a site's rows of a kind (null when it has none). */
export const minSort = async (db: Db, ownerCode: string, kind: string): Promise<number | null> => {
  const [found] = await db
    .select({ n: min(t.sort) })
    .from(t)
    .where(and(eq(t.ownerCode, ownerCode), eq(t.kind, kind)));
  return found?.n ?? null;
};

/**
 * Sets the sort of a site's rows of a kind to their place in `ids` (0..n-1), when `ids` are exactly
 * those rows; false (nothing changed) otherwise. Checked and written in one transaction.
 */
export const reorder = async (
  db: Db,
  opts: { ownerCode: string; kind: string; ids: readonly number[] },
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const where = and(eq(t.ownerCode, opts.ownerCode), eq(t.kind, opts.kind));
    const current = await tx.select({ id: t.id }).from(t).where(where).for('update');
    const wanted = new Set(opts.ids);
    if (wanted.size !== opts.ids.length || current.length !== wanted.size) return false;
    if (!current.every((r) => wanted.has(r.id))) return false;
    const place = sql.join(
      opts.ids.map((id, i) => sql`when ${id}::bigint then ${i}::integer`),
      sql` `,
    );
    await tx
      .update(t)
      .set({ sort: sql`case ${t.id} ${place} end` })
      .where(and(where, inArray(t.id, [...opts.ids])));
    return true;
  });

// ---------------------------------------------------------------------------------------------------------
// Public reads

export type PublicFilter = {
  /** the site's own code first, then the product site's */
  codes: readonly string[];
  kinds: readonly string[];
  tag?: string;
  /** attrs.category (course, experiment) or attrs.industry (project, case) */
  category?: string;
  /** courses: vocational or not (other kinds are not filtered) */
  vocational?: boolean;
  ids?: readonly number[];
  /** a to_tsquery text of quoted lexemes */
  tsquery?: string;
  /** newest first (news, notice, recruit) instead of the console order */
  dated: boolean;
};

const publicWhere = (f: PublicFilter): SQL | undefined =>
  and(
    f.codes.length === 1 ? eq(t.ownerCode, f.codes[0]!) : inArray(t.ownerCode, [...f.codes]),
    f.kinds.length === 1 ? eq(t.kind, f.kinds[0]!) : inArray(t.kind, [...f.kinds]),
    eq(t.status, 'Published'),
    f.tag ? arrayContains(t.tags, [f.tag]) : undefined,
    f.category === undefined
      ? undefined
      : sql`(case when ${t.kind} in ('project', 'case') then ${t.attrs}->>'industry' else ${t.attrs}->>'category' end) = ${f.category}`,
    f.vocational === undefined
      ? undefined
      : sql`(${t.kind} <> 'course' or coalesce(${t.attrs}->>'vocational', 'false') = ${String(f.vocational)})`,
    f.ids ? inArray(t.id, [...f.ids]) : undefined,
    f.tsquery ? sql`${t.search} @@ ${tsQuery(f.tsquery)}` : undefined,
  );

/** The site order: its own rows first; a search by rank; news-like kinds newest first, else sort, id desc. */
const publicOrder = (f: PublicFilter): SQL[] => [
  sql`(case when ${t.ownerCode} = ${f.codes[0] ?? ''} then 0 else 1 end) asc`,
  ...(f.tsquery ? [sql`ts_rank(${t.search}, ${tsQuery(f.tsquery)}) desc`] : []),
  ...(f.dated ? [sql`${t.publishedAt} desc nulls last`] : [sql`${t.sort} asc`]),
  sql`${t.id} desc`,
];

/** A page of a site's published rows (a search hit with the start of its body). */
export const pagePublic = async (
  db: Db,
  f: PublicFilter & { limit: number; offset: number },
): Promise<{ rows: ContentCardRow[]; total: number }> => {
  const where = publicWhere(f);
  const columns = f.tsquery
    ? { ...cardRow, body: sql<string>`left(${t.body}, ${EXCERPT_BODY_CHARS})` }
    : cardRow;
  const [rows, [n]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(...publicOrder(f))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows as ContentCardRow[], total: Number(n?.n ?? 0) };
};

/** A site's published rows by id (any kind or the given ones), in no particular order. */
export const publishedByIds = async (
  db: Db,
  opts: { codes: readonly string[]; ids: readonly number[]; kinds?: readonly string[] },
): Promise<ContentCardRow[]> =>
  opts.ids.length
    ? db
        .select(cardRow)
        .from(t)
        .where(
          and(
            inArray(t.id, [...opts.ids]),
            inArray(t.ownerCode, [...opts.codes]),
            eq(t.status, 'Published'),
            opts.kinds ? inArray(t.kind, [...opts.kinds]) : undefined,
          ),
        )
    : Promise.resolve([]);

/** The published page or lab row of a site by slug: its own one, else the product site's. */
export const findPublishedBySlug = async (
  db: Db,
  opts: { codes: readonly string[]; kind: string; slug: string },
): Promise<ContentRow | null> =>
  (
    await db
      .select(row)
      .from(t)
      .where(
        and(
          inArray(t.ownerCode, [...opts.codes]),
          eq(t.kind, opts.kind),
          eq(t.slug, opts.slug),
          eq(t.status, 'Published'),
        ),
      )
      .orderBy(sql`(case when ${t.ownerCode} = ${opts.codes[0] ?? ''} then 0 else 1 end) asc`, desc(t.id))
      .limit(1)
  )[0] ?? null;

/** The rows before and after `id` in its kind's list on a site (上一篇 / 下一篇). */
export const neighbours = async (
  db: Db,
  opts: { codes: readonly string[]; kind: string; id: number; dated: boolean },
): Promise<{ prev: { id: number; title: string } | null; next: { id: number; title: string } | null }> => {
  const f: PublicFilter = { codes: opts.codes, kinds: [opts.kind], dated: opts.dated };
  const w = sql`(order by ${sql.join(publicOrder(f), sql`, `)})`;
  const ordered = db.$with('ordered').as(
    db
      .select({
        id: t.id,
        prevId: sql<string | null>`lag(${t.id}) over ${w}`.as('prev_id'),
        prevTitle: sql<string | null>`lag(${t.title}) over ${w}`.as('prev_title'),
        nextId: sql<string | null>`lead(${t.id}) over ${w}`.as('next_id'),
        nextTitle: sql<string | null>`lead(${t.title}) over ${w}`.as('next_title'),
      })
      .from(t)
      .where(publicWhere(f)),
  );
  const [found] = await db.with(ordered).select().from(ordered).where(eq(ordered.id, opts.id));
  const link = (id: string | number | null | undefined, title: string | null | undefined) =>
    id == null ? null : { id: Number(id), title: title ?? '' };
  return {
    prev: link(found?.prevId, found?.prevTitle),
    next: link(found?.nextId, found?.nextTitle),
  };
};

// ---------------------------------------------------------------------------------------------------------
// Console reads

/** A page of one site's rows of a kind: drafts and newest first for news-like kinds, else the site order. */
export const pageConsole = async (
  db: Db,
  opts: {
    ownerCode: string;
    kind: string;
    status?: string;
    tsquery?: string;
    dated: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ContentCardRow[]; total: number }> => {
  const where = and(
    eq(t.ownerCode, opts.ownerCode),
    eq(t.kind, opts.kind),
    opts.status ? eq(t.status, opts.status) : undefined,
    opts.tsquery ? sql`${t.search} @@ ${tsQuery(opts.tsquery)}` : undefined,
  );
  const order = opts.dated ? [sql`${t.publishedAt} desc nulls first`, desc(t.id)] : [asc(t.sort), desc(t.id)];
  const [rows, [n]] = await Promise.all([
    db
      .select(cardRow)
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: Number(n?.n ?? 0) };
};

/**
 * The ids among `ids` of course rows a site may put in its course system: its own (any status) and the
 * product site's published ones.
 */
export const visibleCourseIds = async (
  db: Db,
  opts: { ownerCode: string; productCode: string | null; ids: readonly number[] },
): Promise<Set<number>> => {
  if (!opts.ids.length) return new Set();
  const found = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        inArray(t.id, [...opts.ids]),
        eq(t.kind, 'course'),
        opts.productCode && opts.productCode !== opts.ownerCode
          ? sql`(${t.ownerCode} = ${opts.ownerCode} or (${t.ownerCode} = ${opts.productCode} and ${t.status} = 'Published'))`
          : eq(t.ownerCode, opts.ownerCode),
      ),
    );
  return new Set(found.map((r) => r.id));
};
