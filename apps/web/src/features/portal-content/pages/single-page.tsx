import type { UseQueryResult } from '@tanstack/react-query';
import type { ContentDetail } from '@uplus/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { usePageTitle } from '../../../lib/page-title';
import { useContentBySlug } from '../api';
import { Crumbs, isMissing } from '../articles/article-parts';
import { RichContent } from '../rich-content';
import { fallbackTitleOf, type SinglePageRoute, slugOfRoute } from './page-routes';
import './pages.css';

/** What a single page says while its site has not published it. */
export const PAGE_UNPUBLISHED = '该页面内容暂未发布';

/** The page's row: `GET /api/portal/contents/by-slug/page/{slug}` for the slug the route shows. */
export const useSinglePage = (route: SinglePageRoute) => useContentBySlug('page', slugOfRoute(route));

/** The note for a page the site has not published yet (a 404 of the slug call, or a published empty body). */
export function PageUnpublished() {
  return (
    <div className="single-page__empty" data-testid="page-unpublished">
      <p className="single-page__empty-title">{PAGE_UNPUBLISHED}</p>
      <p>站点发布后，这里会显示完整内容。</p>
      <Link to="/home/index" className="single-page__home-link">
        返回首页
      </Link>
    </div>
  );
}

/**
 * A single page's body: loading, the note for an unpublished page (never an error for it), an error with
 * 重试 for a failed call, else the sanitized HTML.
 */
export function SinglePageContent({ query }: { query: UseQueryResult<ContentDetail> }) {
  if (query.isError && isMissing(query.error)) return <PageUnpublished />;
  return (
    <QueryState query={query} loadingText="正在加载页面…">
      {(page) => (page.body.trim() ? <RichContent html={page.body} /> : <PageUnpublished />)}
    </QueryState>
  );
}

/**
 * A single page (资质荣誉, 工程教育认证, 版本介绍, 合肥薪火计划 …): a hero with the breadcrumbs, the page's
 * title and its summary, then its body; `children` (e.g. the programme list of the qdec page) below.
 * `full`: the route is full width (the hero spans the window, the text stays in a column).
 */
export function SinglePage({
  route,
  full = false,
  crumbs = true,
  children,
}: {
  route: SinglePageRoute;
  full?: boolean;
  /** false on a page with its own top bar instead of the site header (openGauss) */
  crumbs?: boolean;
  children?: ReactNode;
}) {
  const page = useSinglePage(route);
  const title = page.data?.title || fallbackTitleOf(route);
  usePageTitle(page.data?.title);
  return (
    <article
      className={`single-page${full ? ' is-full' : ''}`}
      aria-labelledby="single-page-title"
      data-testid="single-page"
    >
      <div className="single-page__hero">
        <div className="single-page__inner">
          {crumbs && <Crumbs items={[{ title: '首页', to: '/home/index' }, { title }]} />}
          <h1 id="single-page-title" className="single-page__title">
            {title}
          </h1>
          {page.data?.summary ? <p className="single-page__summary">{page.data.summary}</p> : null}
        </div>
      </div>
      <div className="single-page__inner single-page__body">
        <SinglePageContent query={page} />
      </div>
      {children}
    </article>
  );
}
