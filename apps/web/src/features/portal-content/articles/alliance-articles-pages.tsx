import { contentPath, PORTAL_CONTENT_MSG, readAttrs } from '@uplus/shared';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { QueryState, SimplePager } from '../../../components/query-state';
import { usePageTitle } from '../../../lib/page-title';
import { useContent, useContents } from '../api';
import { RichContent } from '../rich-content';
import { AllianceLayout } from './alliance-layout';
import {
  ARTICLE_KINDS,
  ARTICLE_PAGE_SIZE,
  type ArticleKind,
  dateText,
  isContentId,
  listParams,
  pageFromParams,
} from './article-model';
import { isMissing, Neighbours } from './article-parts';

/*
 * 新闻动态 and 通知公告 of the alliance: the lists (/alliance/index/journalism, /alliance/index/inform, 10 a
 * page, the page in the address) and the details (/journalism/{id}, /inform/{id}) with 上一篇 / 下一篇.
 */

/** A list of news (with cover thumbnails) or notices: date, title, summary; newest first. */
function ArticleList({ kind }: { kind: ArticleKind }) {
  const meta = ARTICLE_KINDS[kind];
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const list = useContents({ kind, pageNumber: page, pageSize: ARTICLE_PAGE_SIZE });
  return (
    <AllianceLayout trail={[{ title: meta.title }]}>
      <h1 className="alliance__title">{meta.title}</h1>
      <QueryState
        query={list}
        loadingText={`正在加载${meta.title}…`}
        isEmpty={(data) => data.rows.length === 0}
        empty={PORTAL_CONTENT_MSG.empty}
      >
        {(data) => (
          <>
            <ul className={`article-list is-${kind}`} aria-busy={list.isFetching} data-testid="article-list">
              {data.rows.map((row) => (
                <li key={row.id} className="article-item">
                  <Link
                    to={`${meta.path}/${row.id}`}
                    className="article-item__link"
                    data-testid="article-link"
                  >
                    {kind === 'news' ? (
                      row.coverUrl ? (
                        <img className="article-item__cover" src={row.coverUrl} alt="" loading="lazy" />
                      ) : (
                        <span className="article-item__cover is-empty" aria-hidden="true" />
                      )
                    ) : null}
                    <span className="article-item__text">
                      <span className="article-item__title">{row.title}</span>
                      {row.summary ? <span className="article-item__summary">{row.summary}</span> : null}
                      <time className="article-item__date" dateTime={dateText(row.publishedAt)}>
                        {dateText(row.publishedAt)}
                      </time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <SimplePager
              page={page}
              pageSize={ARTICLE_PAGE_SIZE}
              total={data.total}
              label={`${meta.title}分页`}
              onChange={(next) => {
                setParams(listParams(params, { page: next }));
                window.scrollTo?.({ top: 0 });
              }}
            />
          </>
        )}
      </QueryState>
    </AllianceLayout>
  );
}

/**
 * A news item or notice: breadcrumbs, title, date and source, the body, 上一篇 / 下一篇. A row of the other
 * kind (a notice's id under journalism/) is sent to its own address; an unknown id says 内容不存在或已下线.
 */
function ArticleDetail({ kind, id }: { kind: ArticleKind; id: string | undefined }) {
  const meta = ARTICLE_KINDS[kind];
  const detail = useContent(id);
  usePageTitle(detail.data?.kind === kind ? detail.data.title : null);
  const trail = [{ title: meta.title, to: meta.path }, { title: detail.data?.title || meta.detailTitle }];
  if (detail.data && detail.data.kind !== kind) {
    if (detail.data.kind === 'news' || detail.data.kind === 'notice')
      return <Navigate to={contentPath(detail.data)} replace />;
  }
  const missing =
    !isContentId(id) ||
    (detail.isError && isMissing(detail.error)) ||
    (detail.data && detail.data.kind !== kind);
  return (
    <AllianceLayout trail={trail}>
      {missing ? (
        <div className="article-missing" role="alert" data-testid="article-missing">
          <p>{PORTAL_CONTENT_MSG.notFound}</p>
          <Link to={meta.path}>返回{meta.title}</Link>
        </div>
      ) : (
        <QueryState query={detail} loadingText={`正在加载${meta.detailTitle}…`}>
          {(item) => {
            const { source } = readAttrs(kind, item.attrs);
            return (
              <article
                className="article-detail"
                aria-labelledby="article-title"
                data-testid="article-detail"
              >
                <h1 id="article-title" className="article-detail__title">
                  {item.title}
                </h1>
                <p className="article-detail__meta">
                  {item.publishedAt > 0 ? (
                    <span>
                      发布时间：
                      <time dateTime={dateText(item.publishedAt)}>{dateText(item.publishedAt)}</time>
                    </span>
                  ) : null}
                  {source ? <span>来源：{source}</span> : null}
                </p>
                {item.body.trim() ? (
                  <RichContent html={item.body} className="article-detail__body" />
                ) : (
                  <p className="article-detail__body">{item.summary}</p>
                )}
                <Neighbours prev={item.prev} next={item.next} pathOf={(to) => `${meta.path}/${to}`} />
              </article>
            );
          }}
        </QueryState>
      )}
    </AllianceLayout>
  );
}

/** /alliance/index/journalism (新闻动态). */
export function AllianceNewsPage() {
  return <ArticleList kind="news" />;
}

/** /alliance/index/inform (通知公告). */
export function AllianceNoticesPage() {
  return <ArticleList kind="notice" />;
}

/** /alliance/index/journalism/{journalismId} (新闻详情). */
export function AllianceNewsDetailPage() {
  const { journalismId } = useParams();
  return <ArticleDetail key={journalismId} kind="news" id={journalismId} />;
}

/** /alliance/index/inform/{informId} (公告详情). */
export function AllianceNoticeDetailPage() {
  const { informId } = useParams();
  return <ArticleDetail key={informId} kind="notice" id={informId} />;
}
