import {
  CONTENT_KIND_TITLES,
  CONTENT_PAGE_SIZE,
  CONTENT_QUERY_MAX,
  type ContentCard,
  type ContentKind,
  contentPath,
  PORTAL_CONTENT_MSG,
} from '@uplus/shared';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useContents } from '../api';
import { highlightParts, pageFrom } from '../catalogue/catalogue-model';
import { CatalogueBreadcrumb, cardFacts, ListSearch, QueryState, SimplePager } from '../catalogue/parts';
import '../catalogue/catalogue.css';

/** The kinds a search covers, in the order of the tabs (the list call without kind covers these). */
export const SEARCH_KINDS = [
  'course',
  'experiment',
  'project',
  'case',
  'news',
  'notice',
  'recruit',
  'lab',
] as const satisfies readonly ContentKind[];
type SearchKind = (typeof SEARCH_KINDS)[number];
const isSearchKind = (value: string | null): value is SearchKind =>
  (SEARCH_KINDS as readonly string[]).includes(value ?? '');

/** The search page's address: `/search?q=&kind=&page=`. */
export const searchHref = (q: string, kind: SearchKind | '' = '', page = 1) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
};

/** 搜索 (/search?q=&kind=): results across the catalogue and the news, by kind, a page at a time. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const raw = (params.get('q') ?? '').trim();
  const tooLong = raw.length > CONTENT_QUERY_MAX;
  const q = raw.slice(0, CONTENT_QUERY_MAX);
  const kindParam = params.get('kind');
  const kind = isSearchKind(kindParam) ? kindParam : '';
  const page = pageFrom(params.get('page'));
  const results = useContents(
    { q, ...(kind ? { kind } : {}), pageNumber: page, pageSize: CONTENT_PAGE_SIZE },
    { enabled: !!q && !tooLong },
  );
  usePageTitle(q ? `“${q}”的搜索结果` : null);
  const go = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if (kind && next.q === undefined) p.set('kind', kind);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  return (
    <div className="catalogue-page search-page">
      <CatalogueBreadcrumb items={[{ title: '搜索' }]} />
      <header className="search-page__head">
        <h1>{q ? `“${q}”的搜索结果` : '搜索'}</h1>
        <ListSearch
          value={q}
          label="输入搜索关键词"
          placeholder="搜索课程、实验、项目、案例与资讯"
          onSearch={(value) => go({ q: value })}
        />
      </header>
      {q && (
        <nav className="catalogue-tabs" aria-label="内容类型">
          <Link to={searchHref(q)} aria-current={kind === '' ? 'page' : undefined}>
            全部
          </Link>
          {SEARCH_KINDS.map((k) => (
            <Link key={k} to={searchHref(q, k)} aria-current={kind === k ? 'page' : undefined}>
              {CONTENT_KIND_TITLES[k]}
            </Link>
          ))}
        </nav>
      )}
      {tooLong ? (
        <p className="catalogue-empty" role="alert">
          {PORTAL_CONTENT_MSG.queryTooLong}
        </p>
      ) : !q ? (
        <p className="catalogue-empty">输入关键词，搜索课程、实验、项目、案例与资讯。</p>
      ) : (
        <QueryState
          query={results}
          loadingText="正在搜索…"
          isEmpty={(d) => d.rows.length === 0}
          empty={
            <div className="catalogue-empty" data-testid="search-empty">
              <p>{PORTAL_CONTENT_MSG.searchEmpty}</p>
              <p className="catalogue-muted">换个关键词试试，或减少关键词中的字数。</p>
            </div>
          }
        >
          {(d) => (
            <>
              <p className="catalogue-count" aria-live="polite">
                找到 {d.total} 条相关内容
              </p>
              <ol className="search-results" aria-label="搜索结果">
                {d.rows.map((row) => (
                  <li key={row.id}>
                    <SearchHit row={row} q={q} />
                  </li>
                ))}
              </ol>
              <SimplePager
                page={page}
                pageSize={CONTENT_PAGE_SIZE}
                total={d.total}
                label="搜索结果分页"
                onChange={(next) => go({ page: next })}
              />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}

/** Marks the parts of a text the query matched. */
export function Highlighted({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlightParts(text, q).map((part, i) =>
        // parts are positional pieces of one text
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

function SearchHit({ row, q }: { row: ContentCard; q: string }) {
  const facts = cardFacts(row);
  const text = row.excerpt || row.summary;
  return (
    <article className="search-hit" data-testid={`hit-${row.id}`}>
      <p className="search-hit__kind">{CONTENT_KIND_TITLES[row.kind]}</p>
      <h2 className="search-hit__title">
        <Link to={contentPath(row)}>
          <Highlighted text={row.title} q={q} />
        </Link>
      </h2>
      {text && (
        <p className="search-hit__excerpt">
          <Highlighted text={text} q={q} />
        </p>
      )}
      {facts.length > 0 && (
        <ul className="catalogue-facts" aria-label="概要">
          {facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
