import type { ContentDetail } from '@uplus/shared';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { HttpError } from '../../../api/http';

/*
 * Pieces the alliance, recruit and single pages share: the breadcrumb trail, the 上一篇 / 下一篇 links of a
 * detail, and the test for "this row is not there" (a 404 of the content calls).
 */

/** A step of the trail: with `to` a link, without it the current page. */
export type Crumb = { title: string; to?: string };

/** The breadcrumb trail (antd Breadcrumb with router links; the last step is the current page). */
export function Crumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb
      className="pc-crumbs"
      aria-label="当前位置"
      items={items.map((c, index) => ({
        key: `${index}-${c.title}`,
        title: c.to ? (
          <Link to={c.to}>{c.title}</Link>
        ) : (
          <span aria-current="page" className="pc-crumbs__current">
            {c.title}
          </span>
        ),
      }))}
    />
  );
}

/** 上一篇 / 下一篇 of a detail (the neighbours in its list; 没有了 at either end). */
export function Neighbours({
  prev,
  next,
  pathOf,
}: {
  prev: ContentDetail['prev'];
  next: ContentDetail['next'];
  pathOf: (id: string) => string;
}) {
  return (
    <nav className="pc-neighbours" aria-label="上一篇和下一篇" data-testid="article-neighbours">
      <p>
        <span className="pc-neighbours__label">上一篇：</span>
        {prev ? <Link to={pathOf(prev.id)}>{prev.title}</Link> : <span>没有了</span>}
      </p>
      <p>
        <span className="pc-neighbours__label">下一篇：</span>
        {next ? <Link to={pathOf(next.id)}>{next.title}</Link> : <span>没有了</span>}
      </p>
    </nav>
  );
}

/** Whether a content call failed because the row is not there (not published on this site, or gone). */
export const isMissing = (error: unknown) => error instanceof HttpError && error.status === 404;
