import {
  CONTENT_PAGE_SIZE,
  CONTENT_QUERY_MAX,
  type ContentCard,
  type ContentKind,
  type ContentListQuery,
  type CourseAttrs,
  readAttrs,
} from '@uplus/shared';

/*
 * The pure rules of the public catalogue pages (issue 15): what the address says (filters, page), what the
 * list call asks for, the 4-id chunks of the course resources call (portal spec 7 and 9), and the states
 * of the cloud environment hand-over. No React here, so the tests read them directly.
 */

/** 专业方向 offered on the course and experiment lists (attrs.category), after 全部. */
export const CATEGORIES = ['软件工程', '大数据', '人工智能', '物联网', '集成电路', '鸿蒙开发'] as const;

export type CourseType = CourseAttrs['courseType'];
export const COURSE_TYPE_TITLES: Record<CourseType, string> = { Theory: '理论课', Train: '实践课' };
const isCourseType = (value: string): value is CourseType => value === 'Theory' || value === 'Train';

/** Ids per course_resources call (portal spec 7: "handled in chunks of 4"; spec 9: groups of 4). */
export const RESOURCE_CHUNK = 4;

/** Splits a list into groups of `size` (the last may be shorter). */
export const chunk = <T>(items: readonly T[], size = RESOURCE_CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The course_resources calls for a list of ids: distinct valid ids in their order, 4 per call, each
 * call's `ids` a comma list. No ids: one call without the parameter (all of the school's resources).
 */
export const resourceIdChunks = (ids: readonly string[] | null | undefined): (string | null)[] => {
  if (!ids) return [null];
  const distinct = [...new Set(ids.filter((id) => /^[1-9][0-9]{0,14}$/.test(id)))];
  return chunk(distinct).map((group) => group.join(','));
};

/** Puts the cards answered by several calls back into the order of the ids asked for (unknown ids dropped). */
export const inIdOrder = (ids: readonly string[], cards: readonly ContentCard[]): ContentCard[] => {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const out: ContentCard[] = [];
  for (const id of new Set(ids)) {
    const card = byId.get(id);
    if (card) out.push(card);
  }
  return out;
};

/** A page number from the address (1 when absent or wrong). */
export const pageFrom = (value: string | null | undefined): number => {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/** What a list page's address holds: `?q=&category=&type=&page=`. */
export type ListFilters = { page: number; q: string; category: string; type: CourseType | '' };

export const readFilters = (params: URLSearchParams): ListFilters => {
  const type = params.get('type') ?? '';
  return {
    page: pageFrom(params.get('page')),
    q: (params.get('q') ?? '').trim().slice(0, CONTENT_QUERY_MAX),
    category: (params.get('category') ?? '').trim().slice(0, 20),
    type: isCourseType(type) ? type : '',
  };
};

/**
 * The address after a change of filters: a filter change goes back to page 1, empty values leave the
 * address, and other parameters (a tab, a course system) stay.
 */
export const withFilters = (params: URLSearchParams, patch: Partial<ListFilters>): URLSearchParams => {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if (patch.q !== undefined) set('q', patch.q.trim().slice(0, CONTENT_QUERY_MAX));
  if (patch.category !== undefined) set('category', patch.category);
  if (patch.type !== undefined) set('type', patch.type);
  const page = patch.page ?? 1;
  set('page', page > 1 ? String(page) : '');
  return next;
};

/** The `?…` of an address with a patch applied (for filter links). */
export const filterHref = (params: URLSearchParams, patch: Partial<ListFilters>): string => {
  const text = withFilters(params, patch).toString();
  return text ? `?${text}` : '?';
};

/** The list call for a kind and the address's filters (category, text, and for courses 理论课/实践课). */
export const listPlan = (
  kind: ContentKind,
  filters: ListFilters,
  extra: { vocational?: boolean; pageSize?: number } = {},
): Partial<ContentListQuery> => {
  const query: Partial<ContentListQuery> = {
    kind,
    pageNumber: filters.page,
    pageSize: extra.pageSize ?? CONTENT_PAGE_SIZE,
  };
  if (filters.q) query.q = filters.q;
  if (filters.category) query.category = filters.category;
  if (extra.vocational !== undefined) query.vocational = extra.vocational ? 'true' : 'false';
  if (kind === 'course' && filters.type) query.courseType = filters.type;
  return query;
};

/** The page size of a call that reads a short list whole (the filter options). */
export const ALL_PAGE_SIZE = 50;

/** One page of a list held whole. */
export const pageSlice = <T>(rows: readonly T[], page: number, pageSize = CONTENT_PAGE_SIZE) => ({
  rows: rows.slice((page - 1) * pageSize, page * pageSize),
  total: rows.length,
});

// Course chapters -------------------------------------------------------------------------------

export type SectionRef = {
  /** 1-based, as the preview address counts */
  chapter: number;
  section: number;
  title: string;
  chapterTitle: string;
  free: boolean;
  minutes: number;
  body: string;
};

/** Every section of a course in order, with its 1-based chapter and section numbers. */
export const sectionsOf = (attrs: Pick<CourseAttrs, 'chapters'>): SectionRef[] =>
  attrs.chapters.flatMap((chapter, c) =>
    chapter.sections.map((section, s) => ({
      chapter: c + 1,
      section: s + 1,
      title: section.title,
      chapterTitle: chapter.title,
      free: section.free,
      minutes: section.minutes,
      body: section.body,
    })),
  );

/** The preview address of a section. */
export const previewHref = (id: string, ref: Pick<SectionRef, 'chapter' | 'section'>) =>
  `/qualitycourse/preview?id=${encodeURIComponent(id)}&chapter=${ref.chapter}&section=${ref.section}`;

/**
 * The section a preview address asks for: the numbered one, else (no numbers) the first free one; null
 * when the numbers name no section.
 */
export const previewSection = (
  sections: readonly SectionRef[],
  chapter: string | null,
  section: string | null,
): SectionRef | null => {
  if (!chapter && !section) return sections.find((s) => s.free) ?? null;
  const c = pageFrom(chapter);
  const s = pageFrom(section);
  return sections.find((ref) => ref.chapter === c && ref.section === s) ?? null;
};

// Cloud development environments (/cloudexperiment/transfer, /industryproject/transfer) ---------------

export type TransferState =
  | { kind: 'login' }
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'notConfigured' }
  | { kind: 'error'; message: string }
  | { kind: 'go'; uri: string };

/** Only an http(s) address or a path of this site is followed (never javascript: or data:). */
export const safeTarget = (uri: string): string | null => {
  const value = uri.trim();
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return null;
};

/**
 * Where the hand-over stands: visitors sign in first; a missing or withdrawn item is not found; an item
 * without a service type, or a site without a cloud IDE (the call's 400 says so), is not configured.
 */
export const transferState = (input: {
  signedIn: boolean;
  item: { status: 'pending' | 'error' | 'success'; notFound: boolean };
  serviceType: string;
  uri: {
    status: 'idle' | 'pending' | 'error' | 'success';
    value?: string;
    errorStatus?: number;
    message?: string;
  };
  notConfiguredMessage: string;
}): TransferState => {
  const { signedIn, item, uri } = input;
  if (!signedIn) return { kind: 'login' };
  if (item.status === 'pending') return { kind: 'loading' };
  if (item.status === 'error') {
    return item.notFound ? { kind: 'notFound' } : { kind: 'error', message: '内容加载失败' };
  }
  if (!input.serviceType.trim()) return { kind: 'notConfigured' };
  if (uri.status === 'pending' || uri.status === 'idle') return { kind: 'loading' };
  if (uri.status === 'error') {
    if (uri.errorStatus === 400 && uri.message === input.notConfiguredMessage)
      return { kind: 'notConfigured' };
    return { kind: 'error', message: uri.message || '云端开发环境暂时无法打开，请稍后重试' };
  }
  const target = safeTarget(uri.value ?? '');
  return target ? { kind: 'go', uri: target } : { kind: 'notConfigured' };
};

// Search -------------------------------------------------------------------------------------------

/**
 * Splits a text into plain and matched parts for highlighting: every latin word of the query (any case)
 * and every run of its CJK characters matched as a whole or by its neighbouring pairs, as the search
 * itself matches (packages/shared search.ts).
 */
export const highlightParts = (text: string, query: string): { text: string; hit: boolean }[] => {
  const terms = new Set<string>();
  for (const run of query.match(/[\p{Script=Han}]+|[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (/\p{Script=Han}/u.test(chars[0] ?? '') && chars.length > 1) {
      terms.add(run);
      for (let i = 0; i + 1 < chars.length; i += 1) terms.add(`${chars[i]}${chars[i + 1]}`);
    } else {
      terms.add(run);
    }
  }
  const list = [...terms].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!list.length || !text) return text ? [{ text, hit: false }] : [];
  const escaped = list.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  const parts: { text: string; hit: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), hit: false });
    const previous = parts[parts.length - 1];
    // neighbouring matches (overlapping pairs of a longer run) read as one mark
    if (previous?.hit && start === last) previous.text += match[0];
    else parts.push({ text: match[0], hit: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
};

// Filters -----------------------------------------------------------------------------------------

/** The attrs field the list call's `category` filters on: category (courses, experiments) or industry. */
export const categoryValueOf = (card: Pick<ContentCard, 'kind' | 'attrs'>): string => {
  const attrs = (card.attrs ?? {}) as Record<string, unknown>;
  const value = card.kind === 'project' || card.kind === 'case' ? attrs.industry : attrs.category;
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * A category filter's choices: the fixed list, or the distinct values the rows carry (in their order);
 * the chosen value stays a choice even when no row shows it (an address shared earlier).
 */
export const categoryOptions = (
  _kind: ContentKind,
  fixed: readonly string[] | null,
  rows: readonly Pick<ContentCard, 'kind' | 'attrs'>[],
  current: string,
): { value: string; title: string }[] => {
  const values = fixed ? [...fixed] : [...new Set(rows.map(categoryValueOf).filter(Boolean))];
  if (current && !values.includes(current)) values.push(current);
  return values.map((value) => ({ value, title: value }));
};

// Chapter and section labels ---------------------------------------------------------------------

/** `第2章 标题`, unless the author already numbered the title (第2章…, 第二章…). */
export const chapterLabel = (chapter: number, title: string): string =>
  /^第\s*[0-9一二三四五六七八九十百]+\s*[章讲篇单元部分]/.test(title.trim())
    ? title.trim()
    : `第${chapter}章 ${title}`;

/** `2.1 标题`, unless the author already numbered the title (2.1 …, 2-1 …). */
export const sectionLabel = (chapter: number, section: number, title: string): string =>
  /^\d+([.．-]\d+)+/.test(title.trim()) ? title.trim() : `${chapter}.${section} ${title}`;
