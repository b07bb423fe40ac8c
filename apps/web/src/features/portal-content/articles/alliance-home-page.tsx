import { type ContentCard, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { usePageTitle } from '../../../lib/page-title';
import { useContents } from '../api';
import { useSinglePage } from '../pages/single-page';
import { RichContent } from '../rich-content';
import { AllianceLayout } from './alliance-layout';
import {
  ARTICLE_KINDS,
  type ArticleKind,
  dateText,
  HOME_LIST_SIZE,
  HOME_MEMBER_LOGOS,
  MEMBER_PAGE_SIZE,
} from './article-model';
import { MemberLogo } from './member-logo';

/**
 * /alliance/index (联盟首页): the alliance's own text (page allianceHome, when the site wrote one), the
 * latest 5 news and 5 notices, and a strip of member logos leading to 联盟成员.
 */
export function AllianceHomePage() {
  const intro = useSinglePage('alliance');
  usePageTitle(intro.data?.title);
  const members = useContents({ kind: 'member', pageNumber: 1, pageSize: MEMBER_PAGE_SIZE });
  return (
    <AllianceLayout home>
      {intro.data?.body.trim() ? (
        <section className="alliance-home__intro" aria-label="联盟介绍" data-testid="alliance-intro">
          <RichContent html={intro.data.body} />
        </section>
      ) : null}
      <div className="alliance-home__columns">
        <LatestArticles kind="news" />
        <LatestArticles kind="notice" />
      </div>
      <section className="alliance-block" aria-labelledby="alliance-home-members">
        <div className="alliance-block__head">
          <h2 id="alliance-home-members">联盟成员</h2>
          <Link to="/alliance/index/member" className="alliance-block__more">
            全部成员<span className="visually-hidden">（联盟成员）</span>
          </Link>
        </div>
        <QueryState
          query={members}
          loadingText="正在加载联盟成员…"
          isEmpty={(page) => page.rows.length === 0}
          empty={PORTAL_CONTENT_MSG.empty}
        >
          {(page) => (
            <ul className="member-strip" data-testid="member-strip">
              {page.rows.slice(0, HOME_MEMBER_LOGOS).map((m) => (
                <li key={m.id} className="member-strip__item">
                  <MemberLogo member={m} />
                  <span className="member-strip__name">{m.title}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </AllianceLayout>
  );
}

/** The latest 5 news or notices, with 更多 to the list. */
function LatestArticles({ kind }: { kind: ArticleKind }) {
  const meta = ARTICLE_KINDS[kind];
  const list = useContents({ kind, pageNumber: 1, pageSize: HOME_LIST_SIZE });
  const headingId = `alliance-home-${kind}`;
  return (
    <section className="alliance-block" aria-labelledby={headingId} data-testid={`alliance-latest-${kind}`}>
      <div className="alliance-block__head">
        <h2 id={headingId}>{meta.title}</h2>
        <Link to={meta.path} className="alliance-block__more">
          更多<span className="visually-hidden">{meta.title}</span>
        </Link>
      </div>
      <QueryState
        query={list}
        loadingText={`正在加载${meta.title}…`}
        isEmpty={(page) => page.rows.length === 0}
        empty={PORTAL_CONTENT_MSG.empty}
      >
        {(page) => (
          <ul className="latest-list">
            {page.rows.map((row: ContentCard) => (
              <li key={row.id}>
                <Link to={`${meta.path}/${row.id}`} className="latest-list__title">
                  {row.title}
                </Link>
                <time className="latest-list__date" dateTime={dateText(row.publishedAt)}>
                  {dateText(row.publishedAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
