import { SearchOutlined } from '@ant-design/icons';
import { CONTENT_QUERY_MAX, PORTAL_CONTENT_MSG, readAttrs } from '@uplus/shared';
import { Button, Input } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState, SimplePager } from '../../../components/query-state';
import { usePageTitle } from '../../../lib/page-title';
import { useContent, useContents } from '../api';
import { RichContent } from '../rich-content';
import {
  type DeadlineState,
  dateText,
  deadlineStateOf,
  isContentId,
  listParams,
  pageFromParams,
  RECRUIT_PAGE_SIZE,
} from './article-model';
import { Crumbs, isMissing, Neighbours } from './article-parts';
import './articles.css';

/*
 * 招聘信息: the list (/recruitinfo/index: company, positions, city, salary, deadline, a search by words,
 * 10 a page; page and words in the address) and the details (/recruitinfo/recruitinfodetail?id=).
 */

const LIST_PATH = '/recruitinfo/index';
const detailPath = (id: string) => `/recruitinfo/recruitinfodetail?id=${encodeURIComponent(id)}`;

/** The deadline: its date, with 已截止 once the day has passed; 长期有效 without one. */
function Deadline({ state }: { state: DeadlineState }) {
  return (
    <span className={`recruit-deadline is-${state.kind}`} data-testid="recruit-deadline">
      {state.text}
      {state.kind === 'closed' ? <span className="recruit-deadline__closed">已截止</span> : null}
    </span>
  );
}

/** /recruitinfo/index (招聘信息). */
export function RecruitListPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const q = (params.get('q') ?? '').trim().slice(0, CONTENT_QUERY_MAX);
  const [draft, setDraft] = useState(q);
  // the words follow the address (back and forward in the history)
  useEffect(() => setDraft(q), [q]);
  const list = useContents({
    kind: 'recruit',
    q: q || undefined,
    pageNumber: page,
    pageSize: RECRUIT_PAGE_SIZE,
  });
  const search = () => setParams(listParams(params, { q: draft, page: 1 }));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // the Enter that ends an IME composition only picks the characters
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229) return;
    search();
  };
  const now = Date.now();
  return (
    <div className="recruit-page" data-testid="recruit-list-page">
      <Crumbs items={[{ title: '首页', to: '/home/index' }, { title: '招聘信息' }]} />
      <div className="recruit-page__head">
        <h1 className="recruit-page__title">招聘信息</h1>
        <search className="recruit-search">
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="搜索企业、职位或城市"
            aria-label="搜索招聘信息"
            maxLength={CONTENT_QUERY_MAX}
            allowClear
            data-testid="recruit-search"
          />
          <Button
            type="primary"
            icon={<SearchOutlined aria-hidden />}
            onClick={search}
            data-testid="recruit-search-go"
          >
            搜索
          </Button>
        </search>
      </div>
      <QueryState
        query={list}
        loadingText="正在加载招聘信息…"
        isEmpty={(data) => data.rows.length === 0}
        empty={q ? PORTAL_CONTENT_MSG.searchEmpty : PORTAL_CONTENT_MSG.empty}
      >
        {(data) => (
          <>
            <ul className="recruit-list" aria-busy={list.isFetching} data-testid="recruit-list">
              {data.rows.map((row) => {
                const attrs = readAttrs('recruit', row.attrs);
                return (
                  <li key={row.id} className="recruit-item" data-testid="recruit-item">
                    <div className="recruit-item__main">
                      <h2 className="recruit-item__title">
                        <Link to={detailPath(row.id)}>{row.title}</Link>
                      </h2>
                      {attrs.company ? <p className="recruit-item__company">{attrs.company}</p> : null}
                      {attrs.positions.length > 0 ? (
                        <p className="recruit-item__positions">
                          <span className="visually-hidden">招聘职位：</span>
                          {attrs.positions.join(' / ')}
                        </p>
                      ) : null}
                    </div>
                    <dl className="recruit-item__facts">
                      <dt>城市</dt>
                      <dd>{attrs.city || '不限'}</dd>
                      <dt>薪资</dt>
                      <dd className="recruit-item__salary">{attrs.salary || '面议'}</dd>
                      <dt>截止日期</dt>
                      <dd>
                        <Deadline state={deadlineStateOf(attrs.deadline, now)} />
                      </dd>
                    </dl>
                  </li>
                );
              })}
            </ul>
            <SimplePager
              page={page}
              pageSize={RECRUIT_PAGE_SIZE}
              total={data.total}
              label="招聘信息分页"
              onChange={(next) => {
                setParams(listParams(params, { page: next }));
                window.scrollTo?.({ top: 0 });
              }}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** /recruitinfo/recruitinfodetail?id= (招聘详情): facts, positions, the body, the contact, more jobs. */
export function RecruitDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useContent(id);
  const item = detail.data?.kind === 'recruit' ? detail.data : undefined;
  usePageTitle(item?.title);
  const missing = !isContentId(id) || (detail.isError && isMissing(detail.error)) || (!!detail.data && !item);
  return (
    <div className="recruit-page" data-testid="recruit-detail-page">
      <Crumbs
        items={[
          { title: '首页', to: '/home/index' },
          { title: '招聘信息', to: LIST_PATH },
          { title: item?.title || '招聘详情' },
        ]}
      />
      {missing ? (
        <div className="article-missing" role="alert" data-testid="recruit-missing">
          <p>{PORTAL_CONTENT_MSG.notFound}</p>
          <Link to={LIST_PATH}>返回招聘信息</Link>
        </div>
      ) : (
        <QueryState query={detail} loadingText="正在加载招聘详情…">
          {(row) => {
            const attrs = readAttrs('recruit', row.attrs);
            const deadline = deadlineStateOf(attrs.deadline);
            return (
              <article className="recruit-detail" aria-labelledby="recruit-title">
                <header className="recruit-detail__head">
                  <h1 id="recruit-title" className="recruit-detail__title">
                    {row.title}
                  </h1>
                  {attrs.company ? <p className="recruit-detail__company">{attrs.company}</p> : null}
                  <dl className="recruit-detail__facts">
                    <dt>工作城市</dt>
                    <dd>{attrs.city || '不限'}</dd>
                    <dt>薪资待遇</dt>
                    <dd className="recruit-item__salary">{attrs.salary || '面议'}</dd>
                    <dt>截止日期</dt>
                    <dd>
                      <Deadline state={deadline} />
                    </dd>
                    {row.publishedAt > 0 ? (
                      <>
                        <dt>发布日期</dt>
                        <dd>
                          <time dateTime={dateText(row.publishedAt)}>{dateText(row.publishedAt)}</time>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                </header>
                {attrs.positions.length > 0 ? (
                  <section aria-labelledby="recruit-positions" className="recruit-detail__section">
                    <h2 id="recruit-positions">招聘职位</h2>
                    <ul className="recruit-detail__positions">
                      {attrs.positions.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                <section aria-label="招聘详情" className="recruit-detail__section recruit-detail__body">
                  {row.body.trim() ? <RichContent html={row.body} /> : <p>{row.summary || '暂无详细介绍'}</p>}
                </section>
                <section aria-labelledby="recruit-contact" className="recruit-detail__section">
                  <h2 id="recruit-contact">联系方式</h2>
                  <p data-testid="recruit-contact">{attrs.contact || '请通过企业官方渠道投递'}</p>
                </section>
                <p className="recruit-detail__more">
                  <Link to="/ujob/index" data-testid="recruit-more-jobs">
                    查看更多校园招聘职位
                  </Link>
                </p>
                <Neighbours prev={row.prev} next={row.next} pathOf={detailPath} />
              </article>
            );
          }}
        </QueryState>
      )}
    </div>
  );
}
