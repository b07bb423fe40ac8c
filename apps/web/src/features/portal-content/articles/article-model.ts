import { type ContentCard, type ContentKind, formatDate, MEMBER_TYPES, readAttrs } from '@uplus/shared';

/*
 * The pure rules of the alliance and recruit pages: members grouped by their council rank, a recruit's
 * deadline state, a member's initials when it has no logo, dates, and the page number and search words of
 * a list read from (and written to) the address, so a list page can be shared and reloaded as it is.
 */

export type MemberType = (typeof MEMBER_TYPES)[number];

/** One rank of the alliance's members, in the order the console gave them. */
export type MemberGroup = { type: MemberType; members: ContentCard[] };

/**
 * Members grouped by attrs.memberType in council order (理事长单位, 副理事长单位, 常务理事单位, 成员单位);
 * a row with no (or an unknown) type counts as 成员单位; ranks without members are left out.
 */
export const groupMembers = (rows: readonly ContentCard[]): MemberGroup[] => {
  const byType = new Map<MemberType, ContentCard[]>(MEMBER_TYPES.map((t) => [t, []]));
  for (const row of rows) byType.get(readAttrs('member', row.attrs).memberType)?.push(row);
  return MEMBER_TYPES.map((type) => ({ type, members: byType.get(type) ?? [] })).filter(
    (g) => g.members.length > 0,
  );
};

/**
 * What stands on a member's tile when it has no logo: the first two characters of a Chinese name
 * (北京大学 -> 北京), the initials of the first two words of a latin one (Open Source Lab -> OS).
 */
export const initialsOf = (name: string): string => {
  const text = name.trim();
  if (!text) return '';
  if (/^[A-Za-z0-9]/.test(text)) {
    const words = text.split(/[\s\-_.]+/).filter(Boolean);
    return words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('');
  }
  return [...text].slice(0, 2).join('');
};

/** A recruit's deadline (its date as text): none (长期有效), open until the end of its day, or closed (已截止) after it. */
export type DeadlineState =
  | { kind: 'none'; text: '长期有效' }
  | { kind: 'open'; text: string }
  | { kind: 'closed'; text: string };

/** `deadline` is yyyy-mm-dd ('' for none); the deadline day itself is still open (local date). */
export const deadlineStateOf = (deadline: string, now: Date | number = Date.now()): DeadlineState => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return { kind: 'none', text: '长期有效' };
  const today = formatDate(now, '{y}-{m}-{d}');
  return deadline < today ? { kind: 'closed', text: deadline } : { kind: 'open', text: deadline };
};

/** A publication date as yyyy-mm-dd ('' for a row never published). */
export const dateText = (publishedAt: number): string =>
  publishedAt > 0 ? formatDate(publishedAt, '{y}-{m}-{d}') : '';

/** The page number of a list from `?page=` (1 when missing or not a page number). */
export const pageFromParams = (params: URLSearchParams): number => {
  const value = Number(params.get('page'));
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : 1;
};

/**
 * The address parameters of a list after a change: the page is kept only above 1, the search words only
 * when there are some, so the first page's address stays the plain one.
 */
export const listParams = (current: URLSearchParams, change: { page?: number; q?: string }) => {
  const next = new URLSearchParams(current);
  if (change.page !== undefined) {
    if (change.page > 1) next.set('page', String(change.page));
    else next.delete('page');
  }
  if (change.q !== undefined) {
    const q = change.q.trim();
    if (q) next.set('q', q);
    else next.delete('q');
  }
  return next;
};

/** The news and notice kinds, with what their pages are called and where they live. */
export const ARTICLE_KINDS = {
  news: { title: '新闻动态', path: '/alliance/index/journalism', detailTitle: '新闻详情' },
  notice: { title: '通知公告', path: '/alliance/index/inform', detailTitle: '公告详情' },
} as const satisfies Partial<Record<ContentKind, { title: string; path: string; detailTitle: string }>>;
export type ArticleKind = keyof typeof ARTICLE_KINDS;

/** Whether an id from the address can name a row (the server's id rule). */
export const isContentId = (id: string | null | undefined): id is string =>
  !!id && /^[1-9][0-9]{0,14}$/.test(id);

/** News and notices a list page shows (10 a page) and the alliance home shows of each (the latest 5). */
export const ARTICLE_PAGE_SIZE = 10;
export const HOME_LIST_SIZE = 5;
/** Recruit infos a page. */
export const RECRUIT_PAGE_SIZE = 10;
/** Members are read 50 a page (the most one call gives): one page holds any alliance's council. */
export const MEMBER_PAGE_SIZE = 50;
/** Member logos on the alliance home. */
export const HOME_MEMBER_LOGOS = 12;
