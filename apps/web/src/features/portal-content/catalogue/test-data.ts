import type { ContentCard, ContentDetail } from '@uplus/shared';

/* Rows as the public calls answer them, for the catalogue's tests. */

export const card = (over: Partial<ContentCard> = {}): ContentCard => ({
  id: '1',
  kind: 'course',
  slug: null,
  title: '软件工程导论',
  summary: '从需求到交付的软件工程全过程。',
  coverUrl: '',
  tags: [],
  publishedAt: new Date(2026, 2, 1).getTime(),
  ownerCode: 'uplus',
  attrs: {},
  ...over,
});

export const detail = (over: Partial<ContentDetail> = {}): ContentDetail => ({
  ...card(over),
  body: '<p>课程正文</p>',
  updatedAt: new Date(2026, 2, 2).getTime(),
  prev: null,
  next: null,
  ...over,
});
