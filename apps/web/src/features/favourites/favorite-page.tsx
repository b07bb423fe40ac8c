import { PlayCircleOutlined } from '@ant-design/icons';
import {
  FAVOURITE_PAGE_SIZE,
  FAVOURITES_MSG,
  type FavouriteCompanyCard,
  type FavouriteJobCard,
  type FavouriteTargetTypeName,
  salaryText,
} from '@uplus/shared';
import { Button, Pagination, Popconfirm } from 'antd';
import type { KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../lib/toast';
import { useFavourites, useRemoveFavourite } from './api';
import './favourites.css';

const TABS: { type: FavouriteTargetTypeName; title: string; empty: string }[] = [
  { type: 'Occupation', title: '职位', empty: FAVOURITES_MSG.emptyOccupation },
  { type: 'Company', title: '公司', empty: FAVOURITES_MSG.emptyCompany },
];

/** upType of the address: Occupation (default) or Company. */
export const favouriteTabOf = (value: string | null): FavouriteTargetTypeName =>
  value === 'Company' ? 'Company' : 'Occupation';

const openInNewTab = (path: string) => window.open(path, '_blank', 'noopener');
/** Enter or Space on a card opens it, as a click does. */
const activateOnKey = (open: () => void) => (event: KeyboardEvent) => {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
};

/**
 * 我的收藏 (/workbench/index/favorite?upType=Occupation|Company, spec sections 2, 3, 7, 9): tabs 职位 / 公司,
 * 10 a page; job cards open the job in a new tab; company cards (logo, nickname, video badge, financing
 * round, industry, scale, open positions, 取消收藏) open the company page in a new tab.
 */
export function FavoritePage() {
  const [params, setParams] = useSearchParams();
  const upType = favouriteTabOf(params.get('upType'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useFavourites(upType, page);
  const tab = TABS.find((t) => t.type === upType) ?? TABS[0];
  const toPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
  };

  return (
    <section className="favourites-page" aria-labelledby="favourites-title">
      <h1 id="favourites-title">我的收藏</h1>
      <div className="favourites-layout">
        <div className="favourites-main">
          <nav aria-label="收藏类型">
            <ul className="favourites-tabs">
              {TABS.map((t) => (
                <li key={t.type}>
                  <Link
                    to={`?upType=${t.type}`}
                    aria-current={t.type === upType ? 'page' : undefined}
                    data-testid={`favourite-tab-${t.type}`}
                  >
                    {t.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <QueryState
            query={list}
            loadingText="正在加载收藏…"
            isEmpty={(d) => d.rows.length === 0}
            empty={<span data-testid="favourites-empty">{tab?.empty}</span>}
          >
            {(d) => (
              <>
                <ul
                  className={upType === 'Company' ? 'favourites-companies' : 'favourites-jobs'}
                  aria-label={upType === 'Company' ? '收藏的公司' : '收藏的职位'}
                  aria-busy={list.isFetching}
                >
                  {d.rows.map((row) => (
                    <li key={row.id}>
                      {row.targetType === 'Company' ? (
                        <CompanyCard favouriteId={row.id} card={row.content as FavouriteCompanyCard} />
                      ) : (
                        <JobCard favouriteId={row.id} job={row.content as FavouriteJobCard} />
                      )}
                    </li>
                  ))}
                </ul>
                <Pagination
                  className="favourites-pager"
                  current={page}
                  pageSize={FAVOURITE_PAGE_SIZE}
                  total={d.total}
                  hideOnSinglePage
                  showSizeChanger={false}
                  onChange={toPage}
                />
              </>
            )}
          </QueryState>
        </div>
        <aside className="favourites-side" aria-label="小程序" data-testid="mini-program-panel">
          <strong>优加校招小程序</strong>
          <p>微信搜索「优加校招」，随时查看收藏的职位和公司，第一时间收到面试与录用通知。</p>
        </aside>
      </div>
    </section>
  );
}

function CancelFavourite({ favouriteId, name }: { favouriteId: string; name: string }) {
  const remove = useRemoveFavourite();
  const toast = useToast();
  return (
    <Popconfirm
      title={FAVOURITES_MSG.cancelConfirm}
      okText="确定"
      cancelText="取消"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(favouriteId);
          toast.success(FAVOURITES_MSG.canceled);
        } catch {
          // the client has toasted the server's message
        }
      }}
    >
      <Button
        type="link"
        size="small"
        loading={remove.isPending}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        aria-label={`取消收藏${name}`}
        data-testid="favourite-cancel"
      >
        取消收藏
      </Button>
    </Popconfirm>
  );
}

function Logo({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <img className="favourite-logo" src={src} alt={`${name}的Logo`} />
  ) : (
    <span className="favourite-logo is-default" aria-hidden>
      {name.slice(0, 1)}
    </span>
  );
}

/** A favourite position: opens /jobdetails?id= in a new tab. */
export function JobCard({ job, favouriteId }: { job: FavouriteJobCard; favouriteId?: string }) {
  const open = () => openInNewTab(`/jobdetails?id=${job.id}`);
  const offline = job.onlined !== 'Yes';
  return (
    // biome-ignore lint/a11y/useSemanticElements: the card holds a button (取消收藏), so it cannot be one
    <div
      className={`favourite-job${offline ? ' is-offline' : ''}`}
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={activateOnKey(open)}
      data-testid="favourite-job"
    >
      <div className="favourite-job__top">
        <strong className="favourite-job__name">{job.name}</strong>
        <span className="favourite-job__salary">{salaryText(job.minSalary, job.maxSalary)}</span>
      </div>
      <div className="favourite-job__terms">
        {[job.cityName, job.degreeTitle, job.jobNatureTitle].filter(Boolean).join(' | ')}
        {offline && <span className="favourite-tag">职位已下线</span>}
      </div>
      <div className="favourite-job__company">
        <Logo src={job.logo} name={job.companyNickName} />
        <span>{job.companyNickName}</span>
        <span className="favourite-muted">
          {[job.financingRoundTitle, job.industryTitle, job.scaleTitle].filter(Boolean).join(' · ')}
        </span>
        {favouriteId && <CancelFavourite favouriteId={favouriteId} name={job.name} />}
      </div>
    </div>
  );
}

/** A favourite company (spec section 2): opens /company/details?id= in a new tab. */
export function CompanyCard({ card, favouriteId }: { card: FavouriteCompanyCard; favouriteId: string }) {
  const open = () => openInNewTab(`/company/details?id=${card.id}`);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the card holds a button (取消收藏), so it cannot be one
    <div
      className="favourite-company"
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={activateOnKey(open)}
      data-testid="favourite-company"
    >
      <Logo src={card.logo} name={card.companyNickName} />
      <div className="favourite-company__body">
        <div className="favourite-company__name">
          <strong>{card.companyNickName}</strong>
          {card.videoCount > 0 && (
            <span className="favourite-tag is-video" data-testid="company-video-badge">
              <PlayCircleOutlined aria-hidden /> 视频
            </span>
          )}
        </div>
        <div className="favourite-muted">
          {[card.financingRoundTitle, card.industryTitle, card.scaleTitle].filter(Boolean).join(' · ')}
        </div>
        <div className="favourite-company__foot">
          <span data-testid="company-occupation-count">在招职位 {card.occupationCount} 个</span>
          <CancelFavourite favouriteId={favouriteId} name={card.companyNickName} />
        </div>
      </div>
    </div>
  );
}
