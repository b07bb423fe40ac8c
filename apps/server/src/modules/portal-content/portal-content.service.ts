import {
  CONTENT_ATTRS,
  type ConsoleDetail,
  type ConsoleListQuery,
  type ConsoleRow,
  type ConsoleScope,
  type ContentCard,
  type ContentDetail,
  type ContentInput,
  type ContentKind,
  type ContentListQuery,
  type ContentPage,
  type ContentStatus,
  contentInput,
  DATED_KINDS,
  htmlToText,
  type LabKey,
  type LabPage,
  PORTAL_CONTENT_MSG,
  queryTokens,
  readAttrs,
  searchTokens,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type FileUrlContext, fileById, fileUrl } from '../files/files.service';
import { defaultDeployment, resolveDeployment } from '../site/site.service';
import { assertOwnsContent } from './portal-content.policy';
import * as repo from './portal-content.repo';
import { sanitizeContentHtml } from './sanitize';

/*
 * Portal content (issue 15): the rules behind the public pages of a site and the content console.
 *
 * - A site shows its own published rows and the product site's (own first); the product site only its own.
 * - Lists: news, notice and recruit newest first (publishedAt), the other kinds in the console order (sort
 *   ascending, then newest id). A search (`q`) cuts the query into the same n-grams as the index
 *   (shared search.ts), all of which must match; hits are ordered own site first, then those with the query
 *   in their title, then the list order.
 * - Saving sanitizes the body and the rich fields of attrs, checks attrs with the kind's schema and keeps
 *   the parsed value, and rewrites the search column.
 * - A new row goes to the top of its kind's console order (sort = the smallest sort - 1).
 * - Updating keeps the status (a published row stays published with its publishedAt); publishing sets
 *   publishedAt only the first time, so unpublishing and publishing again keeps the date.
 */

/** The kinds a search without a kind runs across. */
export const SEARCH_KINDS: readonly ContentKind[] = [
  'course',
  'experiment',
  'project',
  'case',
  'news',
  'notice',
  'recruit',
  'lab',
];
/** The public address of a content image (a card's cover). */
export const contentImagePath = (fileId: number | string) => `/api/portal/images/${fileId}`;
/** Up to this many experiments, courses and projects on a lab page. */
export const LAB_LIST_SIZE = 12;
/** A tsvector holds at most 1 MB: at most this many distinct tokens are indexed. */
const MAX_SEARCH_TOKENS = 50_000;
const EXCERPT_CHARS = 80;

/** A site as public reads see it: its code first, then the product site's. */
export type SiteCodes = { codes: string[] };

const isDated = (kind: string) => DATED_KINDS.includes(kind as ContentKind);

/** The site codes a request reads: the site the host names (own code first), then the product site's. */
export const siteCodesFor = async (opts: {
  db: Db;
  host: string;
  deploymentCode: string | undefined;
}): Promise<string[]> => {
  const site = await resolveDeployment(opts);
  const product = await defaultDeployment({ db: opts.db });
  return product && product.code !== site.code ? [site.code, product.code] : [site.code];
};

/** The product site's code (null before the first start). */
export const productCode = async (db: Db): Promise<string | null> =>
  (await defaultDeployment({ db }))?.code ?? null;

// ---------------------------------------------------------------------------------------------------------
// Shapes

/** Attrs for a card: the kind's fields without the rich bodies (chapter sections, steps, samples). */
const cardAttrs = (kind: ContentKind, value: unknown): Record<string, unknown> => {
  const attrs = readAttrs(kind, value) as Record<string, unknown>;
  const steps = (list: unknown) => (list as { body: string }[]).map((s) => ({ ...s, body: '' }));
  switch (kind) {
    case 'course': {
      const course = readAttrs('course', value);
      return {
        ...course,
        chapters: course.chapters.map((c) => ({ ...c, sections: steps(c.sections) })),
      };
    }
    case 'experiment':
      return { ...attrs, steps: steps(attrs.steps), sample: '' };
    case 'project':
      return { ...attrs, stages: steps(attrs.stages), practical: steps(attrs.practical), sample: '' };
    default:
      return attrs;
  }
};

/** Attrs for a visitor's detail: a course's sections that are not free keep their titles, not their bodies. */
const visitorAttrs = (kind: ContentKind, value: unknown): Record<string, unknown> => {
  if (kind !== 'course') return readAttrs(kind, value) as Record<string, unknown>;
  const course = readAttrs('course', value);
  return {
    ...course,
    chapters: course.chapters.map((c) => ({
      ...c,
      sections: c.sections.map((s) => (s.free ? s : { ...s, body: '' })),
    })),
  };
};

export const cardOf = (r: repo.ContentCardRow, excerpt?: string): ContentCard => {
  const kind = r.kind as ContentKind;
  return {
    id: String(r.id),
    kind,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    coverUrl: r.coverFileId ? contentImagePath(r.coverFileId) : '',
    tags: r.tags,
    publishedAt: r.publishedAt?.getTime() ?? 0,
    ownerCode: r.ownerCode,
    attrs: cardAttrs(kind, r.attrs),
    ...(excerpt === undefined ? {} : { excerpt }),
  };
};

const consoleRowOf = (r: repo.ContentCardRow): ConsoleRow => ({
  ...cardOf(r),
  status: r.status as ContentStatus,
  sort: r.sort,
  updatedAt: r.updatedAt.getTime(),
  coverFileId: r.coverFileId == null ? null : String(r.coverFileId),
});

const consoleDetailOf = (r: repo.ContentRow): ConsoleDetail => ({
  ...consoleRowOf(r),
  attrs: readAttrs(r.kind as ContentKind, r.attrs) as Record<string, unknown>,
  body: r.body,
});

// ---------------------------------------------------------------------------------------------------------
// Search

/** A lexeme quoted for to_tsquery: 'x' with quotes and backslashes escaped. */
const lexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The to_tsquery text of a query (every token must match; latin words as prefixes); null for none. */
export const tsqueryOf = (q: string | undefined): string | null => {
  const tokens = queryTokens(q ?? '');
  if (!tokens.length) return null;
  return tokens.map((t) => `${lexeme(t.token)}${t.prefix ? ':*' : ''}`).join(' & ');
};

/** The text strings of attrs (rich ones as plain text), for the search column. */
const attrsText = (value: unknown, key = ''): string[] => {
  if (typeof value === 'string') return key === 'cells' ? [] : [htmlToText(value)];
  if (Array.isArray(value)) return value.flatMap((v) => attrsText(v, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'cells' ? [] : attrsText(v, k)));
  }
  return [];
};

/** The search column's text: the distinct tokens of title, summary, body and the text of attrs. */
export const searchTextOf = (c: { title: string; summary: string; body: string; attrs: unknown }) =>
  searchTokens([c.title, c.summary, htmlToText(c.body), ...attrsText(c.attrs)].join('\n'))
    .slice(0, MAX_SEARCH_TOKENS)
    .join(' ');

/** About 80 characters of plain text around the first place a query token occurs. */
export const excerptOf = (text: string, q: string): string => {
  const plain = text.replace(/\s+/g, ' ').trim();
  const lower = plain.toLowerCase();
  const at = queryTokens(q)
    .map((t) => lower.indexOf(t.token))
    .filter((i) => i >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = Math.max(0, first - 20);
  const end = Math.min(plain.length, start + EXCERPT_CHARS);
  return `${start > 0 ? '…' : ''}${plain.slice(start, end)}${end < plain.length ? '…' : ''}`;
};

// ---------------------------------------------------------------------------------------------------------
// Public reads

/** A comma list of ids (400 id格式不正确 for anything else), distinct, at most `max`; undefined for none. */
export const parseIds = (text: string | undefined, max = 200): number[] | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^[1-9][0-9]{0,14}$/.test(p)))
    throw AppError.badRequest(PORTAL_CONTENT_MSG.idInvalid);
  return [...new Set(parts.map(Number))].slice(0, max);
};

/** `GET /api/portal/contents`: a page of a site's published rows (a search across the catalogue without a kind). */
export const publicContents = async (opts: {
  db: Db;
  ctx?: FileUrlContext;
  site: SiteCodes;
  query: ContentListQuery;
}): Promise<ContentPage> => {
  const { query } = opts;
  const q = query.q?.trim() || undefined;
  const tsquery = tsqueryOf(q);
  if (q && !tsquery) return { rows: [], total: 0 };
  const kinds = query.kind ? [query.kind] : [...SEARCH_KINDS];
  const { rows, total } = await repo.pagePublic(opts.db, {
    codes: opts.site.codes,
    kinds,
    tag: query.tag,
    category: query.category || undefined,
    vocational: query.vocational === undefined ? undefined : query.vocational === 'true',
    courseType: query.courseType,
    ids: parseIds(query.ids),
    tsquery: tsquery ?? undefined,
    titleText: tsquery ? q : undefined,
    dated: query.kind ? isDated(query.kind) : false,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  return {
    rows: rows.map((r) =>
      cardOf(r, q ? excerptOf(`${r.summary}\n${htmlToText(r.body ?? '')}`, q) : undefined),
    ),
    total,
  };
};

const detailOf = async (
  db: Db,
  site: SiteCodes,
  r: repo.ContentRow,
  signedIn: boolean,
): Promise<ContentDetail> => {
  const kind = r.kind as ContentKind;
  const near = await repo.neighbours(db, { codes: site.codes, row: r, dated: isDated(kind) });
  const link = (n: { id: number; title: string } | null) => (n ? { id: String(n.id), title: n.title } : null);
  return {
    ...cardOf(r),
    attrs: signedIn ? (readAttrs(kind, r.attrs) as Record<string, unknown>) : visitorAttrs(kind, r.attrs),
    body: r.body,
    updatedAt: r.updatedAt.getTime(),
    prev: link(near.prev),
    next: link(near.next),
  };
};

/**
 * `GET /api/portal/contents/{id}`: a row published on the site, with its neighbours; 404 内容不存在或已下线
 * otherwise. For visitors (`signedIn` false, the default) a course's sections that are not free have no body.
 */
export const publicContentById = async (opts: {
  db: Db;
  ctx?: FileUrlContext;
  site: SiteCodes;
  id: string | number;
  signedIn?: boolean;
}): Promise<ContentDetail> => {
  const r = await repo.findContent(opts.db, Number(opts.id));
  if (r?.status !== 'Published' || !opts.site.codes.includes(r.ownerCode)) {
    throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  }
  return detailOf(opts.db, opts.site, r, opts.signedIn ?? false);
};

/**
 * A published row by id, whatever site it belongs to, with its parsed attrs; null when missing or not
 * published (the assistants give a catalogue item's text to the model, issue 16).
 */
export const publishedContentById = async (opts: { db: Db; id: number }) => {
  const r = await repo.findContent(opts.db, opts.id);
  if (r?.status !== 'Published') return null;
  const kind = r.kind as ContentKind;
  return {
    id: r.id,
    kind,
    title: r.title,
    summary: r.summary,
    body: r.body,
    attrs: readAttrs(kind, r.attrs) as Record<string, unknown>,
  };
};

/** `GET /api/portal/contents/by-slug/{kind}/{slug}`: a page or lab row of the site (its own wins); else 404. */
export const publicContentBySlug = async (opts: {
  db: Db;
  ctx?: FileUrlContext;
  site: SiteCodes;
  kind: ContentKind;
  slug: string;
  signedIn?: boolean;
}): Promise<ContentDetail> => {
  const r =
    opts.kind === 'page' || opts.kind === 'lab'
      ? await repo.findPublishedBySlug(opts.db, { codes: opts.site.codes, kind: opts.kind, slug: opts.slug })
      : null;
  if (!r) throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  return detailOf(opts.db, opts.site, r, opts.signedIn ?? false);
};

/** `GET /api/portal/labs/{platform}`: the lab's row (null when none) and the rows tagged to it. */
export const publicLabPage = async (opts: {
  db: Db;
  site: SiteCodes;
  platform: LabKey;
  signedIn?: boolean;
}): Promise<LabPage> => {
  const tagged = async (kind: ContentKind) =>
    (
      await repo.pagePublic(opts.db, {
        codes: opts.site.codes,
        kinds: [kind],
        tag: opts.platform,
        dated: false,
        limit: LAB_LIST_SIZE,
        offset: 0,
      })
    ).rows.map((r) => cardOf(r));
  const [labRow, experiments, courses, projects] = await Promise.all([
    repo.findPublishedBySlug(opts.db, { codes: opts.site.codes, kind: 'lab', slug: opts.platform }),
    tagged('experiment'),
    tagged('course'),
    tagged('project'),
  ]);
  return {
    key: opts.platform,
    lab: labRow ? await detailOf(opts.db, opts.site, labRow, opts.signedIn ?? false) : null,
    experiments,
    courses,
    projects,
  };
};

/** `GET /api/portal/images/{fileId}`: the signed address of a content image; 404 for any other file. */
export const contentImageUrl = async (opts: { ctx: FileUrlContext; fileId: string }): Promise<string> => {
  const file = await fileById(opts.ctx.db, Number(opts.fileId));
  if (file?.purpose !== 'contentImage') throw AppError.notFound();
  return fileUrl(opts.ctx, file);
};

// ---------------------------------------------------------------------------------------------------------
// Console

/** `GET /api/portal/console/contents`: a page of the site's rows of a kind (drafts too). */
export const consoleContents = async (opts: { db: Db; scope: ConsoleScope; query: ConsoleListQuery }) => {
  const { query } = opts;
  const q = query.q?.trim() || undefined;
  const tsquery = tsqueryOf(q);
  if (q && !tsquery) return { rows: [], total: 0 };
  const { rows, total } = await repo.pageConsole(opts.db, {
    ownerCode: opts.scope.ownerCode,
    kind: query.kind,
    status: query.status,
    tsquery: tsquery ?? undefined,
    dated: isDated(query.kind),
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  return { rows: rows.map(consoleRowOf), total };
};

/** A row of the admin's site; 404 内容不存在或已下线 for none, 403 无权操作其他站点的内容 for another site's. */
const ownRow = async (db: Db, scope: ConsoleScope, id: string | number) => {
  const r = await repo.findContent(db, Number(id));
  if (!r) throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  assertOwnsContent(scope, r);
  return r;
};

/** `GET /api/portal/console/contents/{id}`. */
export const consoleContent = async (opts: { db: Db; scope: ConsoleScope; id: string | number }) =>
  consoleDetailOf(await ownRow(opts.db, opts.scope, opts.id));

/** Sanitizes the rich fields of a kind's attrs (section bodies, steps, samples). */
const sanitizeAttrs = (kind: ContentKind, attrs: Record<string, unknown>): Record<string, unknown> => {
  const steps = (list: unknown) =>
    (list as { body: string }[]).map((s) => ({ ...s, body: sanitizeContentHtml(s.body) }));
  switch (kind) {
    case 'course': {
      const chapters = attrs.chapters as { sections: { body: string }[] }[];
      return { ...attrs, chapters: chapters.map((c) => ({ ...c, sections: steps(c.sections) })) };
    }
    case 'experiment':
      return { ...attrs, steps: steps(attrs.steps), sample: sanitizeContentHtml(String(attrs.sample ?? '')) };
    case 'project':
      return {
        ...attrs,
        stages: steps(attrs.stages),
        practical: steps(attrs.practical),
        sample: sanitizeContentHtml(String(attrs.sample ?? '')),
      };
    default:
      return attrs;
  }
};

/**
 * Checks and cleans an input: the shared schema (each message as it says), the kind's attrs (kept parsed),
 * the cover (a content image: 400 封面图片不存在，请重新上传), a page or lab slug not yet used on the site
 * (400 该页面已存在，请直接编辑) and a course system's courses (the site's own or the product site's
 * published ones: 400 课程体系中的课程不存在).
 */
const prepare = async (db: Db, scope: ConsoleScope, raw: ContentInput, exceptId?: number) => {
  const parsed = contentInput.safeParse(raw);
  if (!parsed.success) {
    throw AppError.badRequest(parsed.error.issues[0]?.message || PORTAL_CONTENT_MSG.attrsInvalid);
  }
  const input = parsed.data;
  const kind = input.kind;
  const checked = (CONTENT_ATTRS[kind] as (typeof CONTENT_ATTRS)['page']).safeParse(input.attrs);
  if (!checked.success) throw AppError.badRequest(PORTAL_CONTENT_MSG.attrsInvalid);
  const attrs = sanitizeAttrs(kind, checked.data as Record<string, unknown>);

  let coverFileId: number | null = null;
  if (input.coverFileId) {
    const file = await fileById(db, Number(input.coverFileId));
    if (file?.purpose !== 'contentImage') throw AppError.badRequest(PORTAL_CONTENT_MSG.coverInvalid);
    coverFileId = file.id;
  }

  const slug = kind === 'page' || kind === 'lab' ? (input.slug ?? null) : null;
  if (slug && (await repo.findSlugRow(db, { ownerCode: scope.ownerCode, kind, slug, exceptId }))) {
    throw AppError.badRequest(PORTAL_CONTENT_MSG.slugTaken);
  }

  if (kind === 'courseSystem') {
    const system = readAttrs('courseSystem', attrs);
    const ids = [...new Set(system.rows.flatMap((r) => r.cells.flat()).map(Number))];
    const visible = await repo.visibleCourseIds(db, {
      ownerCode: scope.ownerCode,
      productCode: await productCode(db),
      ids,
    });
    if (ids.some((id) => !visible.has(id))) {
      throw AppError.badRequest(PORTAL_CONTENT_MSG.courseSystemCellInvalid);
    }
  }

  const body = sanitizeContentHtml(input.body);
  const values = {
    kind,
    slug,
    title: input.title,
    summary: input.summary,
    coverFileId,
    body,
    attrs,
    tags: [...new Set(input.tags)],
  };
  return { values, searchText: searchTextOf(values) };
};

/** A unique-index violation (23505), however the driver wraps it. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/** A unique slug index refusing a row two saves raced to: 400 该页面已存在，请直接编辑. */
const slugRace = (error: unknown): never => {
  if (isUniqueViolation(error)) throw AppError.badRequest(PORTAL_CONTENT_MSG.slugTaken);
  throw error;
};

/** `POST /api/portal/console/contents`: a new draft of the admin's site, at the top of its kind. */
export const createContent = async (opts: {
  db: Db;
  scope: ConsoleScope;
  actor?: { userId: number } | null;
  input: ContentInput;
  now?: Date;
}): Promise<ConsoleDetail> => {
  const { db, scope } = opts;
  const { values, searchText } = await prepare(db, scope, opts.input);
  const top = await repo.minSort(db, scope.ownerCode, values.kind);
  const now = opts.now ?? new Date();
  const created = await repo
    .insertContent(
      db,
      {
        ...values,
        ownerCode: scope.ownerCode,
        status: 'Draft',
        sort: top === null ? 0 : top - 1,
        publishedAt: null,
        createdBy: opts.actor?.userId ?? null,
        updatedAt: now,
      },
      searchText,
    )
    .catch(slugRace);
  return consoleDetailOf(created);
};

/** `PUT /api/portal/console/contents/{id}`: saves a row of the admin's site (its kind and status stay). */
export const updateContent = async (opts: {
  db: Db;
  scope: ConsoleScope;
  id: string | number;
  input: ContentInput;
  now?: Date;
}): Promise<ConsoleDetail> => {
  const { db, scope } = opts;
  const current = await ownRow(db, scope, opts.id);
  if (opts.input?.kind !== current.kind) throw AppError.badRequest(PORTAL_CONTENT_MSG.kindInvalid);
  const { values, searchText } = await prepare(db, scope, opts.input, current.id);
  const updated = await repo
    .updateContentRow(db, current.id, { ...values, updatedAt: opts.now ?? new Date() }, searchText)
    .catch(slugRace);
  if (!updated) throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  return consoleDetailOf(updated);
};

/** `POST …/{id}/publish`: shows the row on the site (publishedAt set the first time). */
export const publishContent = async (opts: {
  db: Db;
  scope: ConsoleScope;
  id: string | number;
  now?: Date;
}): Promise<ConsoleDetail> => {
  const current = await ownRow(opts.db, opts.scope, opts.id);
  const now = opts.now ?? new Date();
  const updated = await repo.updateContentRow(opts.db, current.id, {
    status: 'Published',
    publishedAt: current.publishedAt ?? now,
    updatedAt: now,
  });
  if (!updated) throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  return consoleDetailOf(updated);
};

/** `POST …/{id}/unpublish`: takes the row off the site (a draft again; its publishedAt stays). */
export const unpublishContent = async (opts: {
  db: Db;
  scope: ConsoleScope;
  id: string | number;
  now?: Date;
}): Promise<ConsoleDetail> => {
  const current = await ownRow(opts.db, opts.scope, opts.id);
  const updated = await repo.updateContentRow(opts.db, current.id, {
    status: 'Draft',
    updatedAt: opts.now ?? new Date(),
  });
  if (!updated) throw AppError.notFound(PORTAL_CONTENT_MSG.notFound);
  return consoleDetailOf(updated);
};

/** `DELETE …/{id}`. */
export const deleteContent = async (opts: { db: Db; scope: ConsoleScope; id: string | number }) => {
  const current = await ownRow(opts.db, opts.scope, opts.id);
  await repo.deleteContentRow(opts.db, current.id);
};

/**
 * `PUT …/order`: the site's rows of a kind in a new order (first = top). Another site's row: 403; ids that
 * are not exactly the site's rows of that kind: 400 排序的内容与列表不一致.
 */
export const orderContents = async (opts: {
  db: Db;
  scope: ConsoleScope;
  kind: ContentKind;
  ids: readonly (string | number)[];
}) => {
  const ids = opts.ids.map(Number);
  for (const r of await repo.ownersOf(opts.db, ids)) assertOwnsContent(opts.scope, r);
  const done = await repo.reorder(opts.db, { ownerCode: opts.scope.ownerCode, kind: opts.kind, ids });
  if (!done) throw AppError.badRequest(PORTAL_CONTENT_MSG.orderInvalid);
};
