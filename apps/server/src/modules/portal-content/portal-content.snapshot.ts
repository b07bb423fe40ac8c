import {
  type ContentCard,
  type ContentDetail,
  type ContentKind,
  contentPath,
  htmlToText,
  LAB_KEYS,
  type LabKey,
  PAGE_SLUGS,
  type PageSlug,
  readAttrs,
} from '@uplus/shared';
import { escapeHtml, type PageSnapshot, shortText } from '../../core/page-snapshot';
import type { Db } from '../../db/client';
import { resolveDeployment } from '../site/site.service';
import * as service from './portal-content.service';

/*
 * What a public content page shows before the app runs (issue 15; docs/decisions/0019-portal-content.md):
 * its title, description, cover and text for search engines and link previews. Paths the portal content
 * does not own answer null (index.html as it is).
 */

const ID = /^[1-9][0-9]{0,14}$/;

/** Detail pages addressed by `?id=`, with the kind they show. */
const DETAIL_BY_QUERY: Record<string, ContentKind> = {
  '/qualitycourse/details': 'course',
  '/home/jxjy_coursedetail': 'course',
  '/cloudexperiment/details': 'experiment',
  '/industryproject/details': 'project',
  '/recruitinfo/recruitinfodetail': 'recruit',
};

/** Detail pages addressed by a path segment. */
const DETAIL_BY_PATH: { re: RegExp; kind: ContentKind }[] = [
  { re: /^\/case\/caseDetails\/([^/]+)$/, kind: 'case' },
  { re: /^\/alliance\/index\/journalism\/([^/]+)$/, kind: 'news' },
  { re: /^\/alliance\/index\/inform\/([^/]+)$/, kind: 'notice' },
];

/** List pages: the kind, the list's title, and a filter. */
const LISTS: Record<string, { kind: ContentKind; title: string; vocational?: 'true' }> = {
  '/qualitycourse/index': { kind: 'course', title: '精品课程' },
  '/qualitycourse/vocationalCourse': { kind: 'course', title: '职教课程', vocational: 'true' },
  '/cloudexperiment/index': { kind: 'experiment', title: '云端实验' },
  '/industryproject/index': { kind: 'project', title: '产业项目实训' },
  '/case/index': { kind: 'case', title: '案例中心' },
  '/alliance/index/journalism': { kind: 'news', title: '新闻动态' },
  '/alliance/index/inform': { kind: 'notice', title: '通知公告' },
  '/alliance/index/member': { kind: 'member', title: '联盟成员' },
  '/recruitinfo/index': { kind: 'recruit', title: '招聘信息' },
};

const PAGE_BY_PATH = new Map<string, PageSlug>(
  (Object.entries(PAGE_SLUGS) as [PageSlug, { path: string }][]).map(([slug, page]) => [page.path, slug]),
);

const LIST_SIZE = 12;

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const cardList = (cards: readonly ContentCard[]) =>
  cards.length === 0
    ? ''
    : `<ul>${cards
        .map(
          (c) =>
            `<li>${link(contentPath(c), c.title)}${c.summary ? ` — ${escapeHtml(shortText(c.summary, 80))}` : ''}</li>`,
        )
        .join('')}</ul>`;

/** The outline of a course, experiment or project (chapter and step titles), as a list. */
const outlineOf = (d: ContentDetail): string => {
  if (d.kind === 'course') {
    const { chapters } = readAttrs('course', d.attrs);
    if (chapters.length === 0) return '';
    return `<h2>课程大纲</h2><ol>${chapters
      .map(
        (c) =>
          `<li>${escapeHtml(c.title)}${
            c.sections.length
              ? `<ul>${c.sections.map((s) => `<li>${escapeHtml(s.title)}</li>`).join('')}</ul>`
              : ''
          }</li>`,
      )
      .join('')}</ol>`;
  }
  if (d.kind === 'experiment' || d.kind === 'project') {
    const attrs = readAttrs(d.kind, d.attrs);
    const steps = 'steps' in attrs ? attrs.steps : attrs.stages;
    if (steps.length === 0) return '';
    return `<h2>${d.kind === 'experiment' ? '实验步骤' : '项目阶段'}</h2><ol>${steps
      .map((s) => `<li>${escapeHtml(s.title)}</li>`)
      .join('')}</ol>`;
  }
  return '';
};

const detailSnapshot = (d: ContentDetail, siteTitle: string, crumbs: [string, string][]): PageSnapshot => ({
  title: `${d.title} - ${siteTitle}`,
  description: d.summary || shortText(htmlToText(d.body), 160) || d.title,
  image: d.coverUrl,
  type: 'article',
  html: [
    `<nav aria-label="面包屑">${crumbs.map(([href, text]) => link(href, text)).join(' / ')}</nav>`,
    `<article><h1>${escapeHtml(d.title)}</h1>`,
    d.summary ? `<p>${escapeHtml(d.summary)}</p>` : '',
    d.coverUrl ? `<img src="${escapeHtml(d.coverUrl)}" alt="${escapeHtml(d.title)}" />` : '',
    d.body,
    outlineOf(d),
    '</article>',
  ].join(''),
});

const LIST_OF_KIND: Partial<Record<ContentKind, [string, string]>> = {
  course: ['/qualitycourse/index', '精品课程'],
  experiment: ['/cloudexperiment/index', '云端实验'],
  project: ['/industryproject/index', '产业项目实训'],
  case: ['/case/index', '案例中心'],
  news: ['/alliance/index/journalism', '新闻动态'],
  notice: ['/alliance/index/inform', '通知公告'],
  recruit: ['/recruitinfo/index', '招聘信息'],
};

/** The snapshot of a public page, or null when the path is not a content page or has nothing published. */
export const pageSnapshotOf = async (opts: {
  db: Db;
  host: string;
  deploymentCode: string | undefined;
  /** the request's path with its query */
  url: string;
}): Promise<PageSnapshot | null> => {
  const url = new URL(opts.url, 'http://site.invalid');
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  const deployment = await resolveDeployment(opts);
  const siteTitle = deployment.title || deployment.name;
  const site = { codes: await service.siteCodesFor(opts) };
  const home: [string, string] = ['/home/index', '首页'];
  const found = <T>(promise: Promise<T>) => promise.catch(() => null);

  const detail = async (kind: ContentKind, id: string | null) => {
    if (!id || !ID.test(id)) return null;
    const d = await found(service.publicContentById({ db: opts.db, site, id }));
    if (!d || d.kind !== kind) return null;
    const list = LIST_OF_KIND[kind];
    return detailSnapshot(d, siteTitle, list ? [home, list] : [home]);
  };

  const byQuery = DETAIL_BY_QUERY[path];
  if (byQuery) return detail(byQuery, url.searchParams.get('id'));
  for (const { re, kind } of DETAIL_BY_PATH) {
    const m = re.exec(path);
    if (m) return detail(kind, m[1] ?? null);
  }

  const slug = PAGE_BY_PATH.get(path);
  if (slug) {
    const d = await found(service.publicContentBySlug({ db: opts.db, site, kind: 'page', slug }));
    return d ? detailSnapshot(d, siteTitle, [home]) : null;
  }

  const lab = /^\/lab\/([^/]+)$/.exec(path)?.[1];
  if (lab) {
    if (!(LAB_KEYS as readonly string[]).includes(lab)) return null;
    const page = await service.publicLabPage({ db: opts.db, site, platform: lab as LabKey });
    if (!page.lab) return null;
    const snapshot = detailSnapshot(page.lab, siteTitle, [home]);
    const tagged = [...page.experiments, ...page.courses, ...page.projects];
    return {
      ...snapshot,
      html: `${snapshot.html}${tagged.length ? `<h2>相关资源</h2>${cardList(tagged)}` : ''}`,
    };
  }

  if (path === '/home/index' || path === '/') {
    const [courses, news] = await Promise.all(
      (['course', 'news'] as const).map((kind) =>
        service.publicContents({ db: opts.db, site, query: { kind, pageNumber: 1, pageSize: 6 } }),
      ),
    );
    return {
      title: siteTitle,
      description: `${siteTitle}：精品课程、云端实验、产业项目实训、职业发展课与校园招聘的一体化产教融合平台`,
      image: '',
      type: 'website',
      html: `<h1>${escapeHtml(siteTitle)}</h1><h2>精品课程</h2>${cardList(courses?.rows ?? [])}<h2>新闻动态</h2>${cardList(news?.rows ?? [])}`,
    };
  }

  const list = LISTS[path];
  if (list) {
    const page = await service.publicContents({
      db: opts.db,
      site,
      query: {
        kind: list.kind,
        vocational: list.vocational,
        pageNumber: 1,
        pageSize: LIST_SIZE,
      },
    });
    return {
      title: `${list.title} - ${siteTitle}`,
      description: `${siteTitle}的${list.title}：${page.rows
        .slice(0, 5)
        .map((r) => r.title)
        .join('、')}`,
      image: page.rows.find((r) => r.coverUrl)?.coverUrl ?? '',
      type: 'website',
      html: `<nav aria-label="面包屑">${link(...home)}</nav><h1>${escapeHtml(list.title)}</h1>${cardList(page.rows)}`,
    };
  }
  return null;
};
