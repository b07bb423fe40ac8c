import { and, arrayContains, count, desc, eq, inArray, min, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { portalContents as t } from '../../db/schema';

/*
 * Portal content rows (issue 15). Lists read one site at a time in the order of an index:
 * portal_contents_public_idx (owner_code, kind, status, sort, id desc) and, for news, notices and
 * recruitment, portal_contents_public_dated_idx (… status, published_at desc, id desc); the console the same
 * without status (portal_contents_console_idx, portal_contents_console_dated_idx). Tags use the GIN
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
/** The longest part of a body read for a search hit's excerpt. */
const EXCERPT_BODY_CHARS = 20_000;
/** A list row: no body (a search hit has the start of its body for the excerpt). */
const { body: _body, ...cardRow } = row;
export type ContentCardRow = Omit<ContentRow, 'body'> & { body?: string };
/** A search hit: a list row with the start of its body (for the excerpt). */
const hitRow = { ...cardRow, body: sql<string>`left(${t.body}, ${EXCERPT_BODY_CHARS})` };

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
  /** courses: of this type (Theory, Train); other kinds are not filtered */
  courseType?: string;
  ids?: readonly number[];
  /** a to_tsquery text of quoted lexemes */
  tsquery?: string;
  /** with `tsquery`: the query as typed; hits with it in their title come first */
  titleText?: string;
  /** newest first (news, notice, recruit) instead of the console order */
  dated: boolean;
};

/** The filter of a public read on the given site codes (all of `f.codes` or one of them). */
const publicWhere = (f: PublicFilter, codes: readonly string[] = f.codes): SQL | undefined =>
  and(
    codes.length === 1 ? eq(t.ownerCode, codes[0]!) : inArray(t.ownerCode, [...codes]),
    f.kinds.length === 1 ? eq(t.kind, f.kinds[0]!) : inArray(t.kind, [...f.kinds]),
    eq(t.status, 'Published'),
    f.tag ? arrayContains(t.tags, [f.tag]) : undefined,
    f.category === undefined
      ? undefined
      : sql`(case when ${t.kind} in ('project', 'case') then ${t.attrs}->>'industry' else ${t.attrs}->>'category' end) = ${f.category}`,
    f.vocational === undefined
      ? undefined
      : sql`(${t.kind} <> 'course' or coalesce(${t.attrs}->>'vocational', 'false') = ${String(f.vocational)})`,
    f.courseType === undefined
      ? undefined
      : sql`(${t.kind} <> 'course' or coalesce(${t.attrs}->>'courseType', 'Theory') = ${f.courseType})`,
    f.ids ? inArray(t.id, [...f.ids]) : undefined,
    f.tsquery ? sql`${t.search} @@ ${tsQuery(f.tsquery)}` : undefined,
  );

/**
 * The order of one site's list, as its indexes give it: news-like kinds newest first (published rows always
 * have a publishedAt: portal_contents_published_at_check), else sort; then the newest id.
 */
const listOrder = (dated: boolean): SQL[] =>
  dated ? [sql`${t.publishedAt} desc`, sql`${t.id} desc`] : [sql`${t.sort} asc`, sql`${t.id} desc`];

/** The same order backwards (the last row first). */
const listOrderReversed = (dated: boolean): SQL[] =>
  dated ? [sql`${t.publishedAt} asc`, sql`${t.id} asc`] : [sql`${t.sort} desc`, sql`${t.id} asc`];

/**
 * Rows `offset`..`offset + limit - 1` in `order` of those `where` picks, with `columns`: the ids are found
 * first (on the index alone where the order is an index's), the columns read for the page's rows only.
 */
const pageRows = async (
  db: Db,
  o: {
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
    columns: typeof cardRow | typeof hitRow;
  },
): Promise<ContentCardRow[]> => {
  if (o.limit <= 0) return [];
  const page = db
    .select({ pageId: t.id })
    .from(t)
    .where(o.where)
    .orderBy(...o.order)
    .limit(o.limit)
    .offset(o.offset)
    .as('page');
  return db
    .select(o.columns)
    .from(t)
    .innerJoin(page, eq(t.id, page.pageId))
    .orderBy(...o.order);
};

const countOf = async (db: Db, where: SQL | undefined) =>
  Number((await db.select({ n: count() }).from(t).where(where))[0]?.n ?? 0);

/**
 * A page of a site's published rows: its own rows first, then the product site's, each in the list order.
 * The sites are read one at a time so that each branch is an index-ordered scan with a LIMIT: the own rows
 * for the page's window, then the product site's for the rest of it (its offset shifted by the own count).
 */
const pageBySite = async (
  db: Db,
  f: PublicFilter & { limit: number; offset: number },
): Promise<{ rows: ContentCardRow[]; total: number }> => {
  const [own, ...others] = f.codes;
  const order = listOrder(f.dated);
  const page = (code: string, limit: number, offset: number) =>
    pageRows(db, { where: publicWhere(f, [code]), order, limit, offset, columns: cardRow });
  const [ownTotal, otherTotals, ownRows] = await Promise.all([
    countOf(db, publicWhere(f, [own ?? ''])),
    Promise.all(others.map((code) => countOf(db, publicWhere(f, [code])))),
    page(own ?? '', f.limit, f.offset),
  ]);
  const rows = [...ownRows];
  let before = ownTotal;
  for (const [i, code] of others.entries()) {
    const offset = Math.max(0, f.offset - before);
    const n = otherTotals[i] ?? 0;
    if (rows.length < f.limit && offset < n) rows.push(...(await page(code, f.limit - rows.length, offset)));
    before += n;
  }
  return { rows, total: before };
};

/**
 * A search's page: hits of the site's own first, then those with the query in their title, then the list
 * order (no ts_rank: it would read every hit's search vector). The start of the body (for the excerpt) is
 * read for the page's rows only. A search visits every hit (to count and sort them): one pass.
 */
const pageSearch = async (
  db: Db,
  f: PublicFilter & { limit: number; offset: number },
): Promise<{ rows: ContentCardRow[]; total: number }> => {
  const where = publicWhere(f);
  const order = [
    ...(f.codes.length > 1
      ? [sql`(case when ${t.ownerCode} = ${f.codes[0] ?? ''} then 0 else 1 end) asc`]
      : []),
    ...(f.titleText
      ? [sql`(case when position(lower(${f.titleText}) in lower(${t.title})) > 0 then 0 else 1 end) asc`]
      : []),
    ...listOrder(f.dated),
  ];
  // the hits are sorted whatever the page: counted in the same pass (a window count before the LIMIT)
  const page = db
    .select({ pageId: t.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(f.limit)
    .offset(f.offset)
    .as('page');
  const found = await db
    .select({ ...hitRow, total: page.total })
    .from(t)
    .innerJoin(page, eq(t.id, page.pageId))
    .orderBy(...order);
  const rows = found.map(({ total: _total, ...r }) => r);
  const total = found.length ? Number(found[0]!.total) : f.offset > 0 ? await countOf(db, where) : 0;
  return { rows, total };
};

/** A page of a site's published rows (a search hit with the start of its body). */
export const pagePublic = async (
  db: Db,
  f: PublicFilter & { limit: number; offset: number },
): Promise<{ rows: ContentCardRow[]; total: number }> => (f.tsquery ? pageSearch(db, f) : pageBySite(db, f));

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

export type Neighbour = { id: number; title: string } | null;

/** The row the neighbours are found around (its sort keys read in SQL, exact whatever their precision). */
const current = alias(t, 'current');

/**
 * The rows before and after a published row in its kind's list on a site (上一篇 / 下一篇): the site's own
 * rows first, then the product site's, each in the list order. Each is one index seek (a LIMIT 1 scan from
 * the row's place, bounded by its sort key); past the end of the own list comes the product site's first
 * row, before the start of the product site's list the own list's last one.
 */
export const neighbours = async (
  db: Db,
  opts: { codes: readonly string[]; row: { id: number; ownerCode: string; kind: string }; dated: boolean },
): Promise<{ prev: Neighbour; next: Neighbour }> => {
  const { id, kind } = opts.row;
  const list = (code: string) => and(eq(t.ownerCode, code), eq(t.kind, kind), eq(t.status, 'Published'));
  const one = async (where: SQL | undefined, order: SQL[]): Promise<Neighbour> =>
    (
      await db
        .select({ id: t.id, title: t.title })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(1)
    )[0] ?? null;
  const key = sql`(${db
    .select({ key: opts.dated ? current.publishedAt : current.sort })
    .from(current)
    .where(eq(current.id, id))})`;
  const column = opts.dated ? t.publishedAt : t.sort;
  // before: earlier in the order (dated: newer, or as new with a larger id; else a smaller sort, or the
  // same with a larger id), the nearest first; after: later, the nearest first. The bound on the sort key
  // alone lets the scan start at the row's place in the index.
  const [earlier, earlierOrSame, later, laterOrSame] = (
    opts.dated ? ['>', '>=', '<', '<='] : ['<', '<=', '>', '>=']
  ).map((op) => sql.raw(op)) as [SQL, SQL, SQL, SQL];
  const before = (code: string) =>
    one(
      and(
        list(code),
        sql`${column} ${earlierOrSame} ${key}`,
        sql`(${column} ${earlier} ${key} or ${t.id} > ${id})`,
      ),
      listOrderReversed(opts.dated),
    );
  const after = (code: string) =>
    one(
      and(
        list(code),
        sql`${column} ${laterOrSame} ${key}`,
        sql`(${column} ${later} ${key} or ${t.id} < ${id})`,
      ),
      listOrder(opts.dated),
    );
  const i = opts.codes.indexOf(opts.row.ownerCode);
  const [prev, next] = await Promise.all([before(opts.row.ownerCode), after(opts.row.ownerCode)]);
  // across the sites: the previous site's last row, the next site's first one
  const crossBack = async () => {
    for (let j = i - 1; j >= 0; j--) {
      const found = await one(list(opts.codes[j]!), listOrderReversed(opts.dated));
      if (found) return found;
    }
    return null;
  };
  const crossOn = async () => {
    for (let j = i + 1; j < opts.codes.length; j++) {
      const found = await one(list(opts.codes[j]!), listOrder(opts.dated));
      if (found) return found;
    }
    return null;
  };
  return { prev: prev ?? (await crossBack()), next: next ?? (await crossOn()) };
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
  // portal_contents_console_dated_idx / portal_contents_console_idx (drafts, with no publishedAt, first)
  const order = opts.dated
    ? [sql`${t.publishedAt} desc nulls first`, sql`${t.id} desc`]
    : [sql`${t.sort} asc`, sql`${t.id} desc`];
  const [rows, total] = await Promise.all([
    pageRows(db, { where, order, limit: opts.limit, offset: opts.offset, columns: cardRow }),
    countOf(db, where),
  ]);
  return { rows, total };
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
