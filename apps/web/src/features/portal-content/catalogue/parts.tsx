import {
  BookOutlined,
  CloudOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  NotificationOutlined,
  ProjectOutlined,
  ReadOutlined,
  SolutionOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  CONTENT_KIND_TITLES,
  type ContentCard,
  type ContentDetail,
  type ContentKind,
  contentPath,
  formatDate,
  PORTAL_CONTENT_MSG,
  readAttrs,
} from '@uplus/shared';
import { Breadcrumb, Button, Input, Result } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../../api/http';
import { StatusPanel } from '../../../components/status-panel';
import { useStored } from '../../../lib/storage';
import { RichContent } from '../rich-content';
import { COURSE_TYPE_TITLES, filterHref, type ListFilters } from './catalogue-model';
import './catalogue.css';

export { QueryState, SimplePager } from '../../../components/query-state';

/*
 * What the catalogue pages share: the hero strip, breadcrumbs, cards with their cover (or drawn art when
 * the item has none), filters as links (so a filtered page can be shared), and the detail states.
 */

/** Whether a visitor is signed in, and as what. */
export const useViewer = () => {
  const token = useStored('AccessToken');
  const role = useStored('role');
  return { signedIn: !!token, role };
};

/** 首页 / … / the page: real links, the last item the current page. */
export function CatalogueBreadcrumb({ items }: { items: { title: string; to?: string }[] }) {
  const all = [{ title: '首页', to: '/home/index' }, ...items];
  return (
    <Breadcrumb
      className="catalogue-breadcrumb"
      {...({ 'aria-label': '当前位置' } as object)}
      items={all.map((item, index) => ({
        key: `${index}-${item.title}`,
        title:
          item.to && index < all.length - 1 ? (
            <Link to={item.to}>{item.title}</Link>
          ) : (
            <span aria-current={index === all.length - 1 ? 'page' : undefined}>{item.title}</span>
          ),
      }))}
    />
  );
}

/** The strip at the top of a list page: its title, a line about it, and room for a count or a note. */
export function Hero({
  title,
  lead,
  kind,
  children,
}: {
  title: string;
  lead: string;
  kind: ContentKind;
  children?: ReactNode;
}) {
  return (
    <section className={`catalogue-hero is-${kind}`} aria-labelledby="catalogue-title">
      <div className="catalogue-hero__text">
        <h1 id="catalogue-title">{title}</h1>
        <p>{lead}</p>
        {children}
      </div>
      <span className="catalogue-hero__icon" aria-hidden>
        {KIND_ICONS[kind]}
      </span>
    </section>
  );
}

const KIND_ICONS: Partial<Record<ContentKind, ReactNode>> = {
  course: <BookOutlined />,
  experiment: <ExperimentOutlined />,
  project: <ProjectOutlined />,
  case: <FileTextOutlined />,
  lab: <CloudOutlined />,
  news: <ReadOutlined />,
  notice: <NotificationOutlined />,
  recruit: <SolutionOutlined />,
};

/** The last digit of an id picks one of five art styles (as the workbench's course covers do). */
const artStyle = (id: string) => {
  const digit = Number(id.slice(-1)) || 0;
  return digit >= 5 ? digit - 5 : digit;
};

/** A cover image, or drawn art in the kind's colours when the item has none (decorative either way). */
export function Cover({
  url,
  kind,
  id,
  className = '',
}: {
  url: string;
  kind: ContentKind;
  id: string;
  className?: string;
}) {
  // the address that failed to load (a new address gets its chance)
  const [failed, setFailed] = useState('');
  if (url && failed !== url)
    return (
      <img
        className={`catalogue-cover ${className}`}
        src={url}
        alt=""
        loading="lazy"
        onError={() => setFailed(url)}
      />
    );
  return (
    <div className={`catalogue-cover is-art is-${kind} is-style-${artStyle(id)} ${className}`} aria-hidden>
      <span className="catalogue-cover__icon">{KIND_ICONS[kind] ?? <FileTextOutlined />}</span>
    </div>
  );
}

/** The short facts under a card's title, by kind. */
export const cardFacts = (card: Pick<ContentCard, 'kind' | 'attrs' | 'publishedAt'>): string[] => {
  const facts: (string | false)[] = [];
  switch (card.kind) {
    case 'course': {
      const a = readAttrs('course', card.attrs);
      facts.push(a.category, COURSE_TYPE_TITLES[a.courseType], a.hours > 0 && `${a.hours} 学时`);
      break;
    }
    case 'experiment': {
      const a = readAttrs('experiment', card.attrs);
      facts.push(a.category, a.difficulty, a.minutes > 0 && `${a.minutes} 分钟`);
      break;
    }
    case 'project': {
      const a = readAttrs('project', card.attrs);
      facts.push(a.industry, a.difficulty, a.hours > 0 && `${a.hours} 学时`);
      break;
    }
    case 'case': {
      const a = readAttrs('case', card.attrs);
      facts.push(a.industry, a.organisation);
      break;
    }
    case 'recruit': {
      const a = readAttrs('recruit', card.attrs);
      facts.push(a.company, a.city, a.salary);
      break;
    }
    case 'news':
    case 'notice':
      facts.push(card.publishedAt > 0 && formatDate(card.publishedAt, '{y}-{m}-{d}'));
      break;
    default:
      break;
  }
  return facts.filter((f): f is string => !!f);
};

/** The line naming who teaches or built an item (courses: teacher · school; experiments: environment). */
export const cardByline = (card: Pick<ContentCard, 'kind' | 'attrs'>): string => {
  if (card.kind === 'course') {
    const a = readAttrs('course', card.attrs);
    return [a.teacher, a.school].filter(Boolean).join(' · ');
  }
  if (card.kind === 'experiment') return readAttrs('experiment', card.attrs).environment;
  if (card.kind === 'project') return readAttrs('project', card.attrs).positions.join('、');
  return '';
};

/** A card that is one real link to the item's page (title, summary, facts). */
export function ContentCardLink({
  card,
  level = 2,
  to = contentPath(card),
}: {
  card: ContentCard;
  /** the heading level of the title (2 under the page's h1, 3 under a section's h2) */
  level?: 2 | 3;
  to?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const facts = cardFacts(card);
  const byline = cardByline(card);
  return (
    <Link to={to} className="catalogue-card" data-testid={`card-${card.id}`}>
      <Cover url={card.coverUrl} kind={card.kind} id={card.id} className="catalogue-card__cover" />
      <div className="catalogue-card__body">
        <Heading className="catalogue-card__title">{card.title}</Heading>
        {card.summary && <p className="catalogue-card__summary">{card.summary}</p>}
        {byline && <p className="catalogue-card__byline">{byline}</p>}
        {facts.length > 0 && (
          <ul className="catalogue-facts" aria-label="概要">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
      </div>
    </Link>
  );
}

/** A grid of cards (4 a row, as portal spec 9 groups them). */
export function CardGrid({ rows, level = 2, label }: { rows: ContentCard[]; level?: 2 | 3; label: string }) {
  return (
    <ul className="catalogue-grid" aria-label={label}>
      {rows.map((card) => (
        <li key={card.id}>
          <ContentCardLink card={card} level={level} />
        </li>
      ))}
    </ul>
  );
}

/** A row of filter links (全部 first); the chosen one is marked current. */
export function FilterLinks({
  label,
  field,
  options,
  params,
  value,
}: {
  label: string;
  field: 'category' | 'type';
  options: readonly { value: string; title: string }[];
  params: URLSearchParams;
  value: string;
}) {
  const all = [{ value: '', title: '全部' }, ...options];
  return (
    <div className="catalogue-filter">
      <span className="catalogue-filter__label" id={`filter-${field}`}>
        {label}
      </span>
      <ul aria-labelledby={`filter-${field}`}>
        {all.map((option) => {
          const current = option.value === value;
          return (
            <li key={option.value || 'all'}>
              <Link
                to={filterHref(params, { [field]: option.value } as Partial<ListFilters>)}
                className={`catalogue-filter__option${current ? ' is-current' : ''}`}
                aria-current={current ? 'true' : undefined}
                replace
                preventScrollReset
              >
                {option.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The list's search box (antd's, which does not search on the Enter that ends an IME composition). */
export function ListSearch({
  value,
  placeholder,
  label,
  onSearch,
}: {
  value: string;
  placeholder: string;
  label: string;
  onSearch: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  return (
    <Input.Search
      className="catalogue-search"
      aria-label={label}
      placeholder={placeholder}
      allowClear
      maxLength={30}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
    />
  );
}

/** The empty state of a list; with filters on, a way back to everything. */
export function EmptyList({ text = PORTAL_CONTENT_MSG.empty, clearTo }: { text?: string; clearTo?: string }) {
  return (
    <div className="catalogue-empty" data-testid="catalogue-empty">
      <p>{text}</p>
      {clearTo && <Link to={clearTo}>清除筛选，查看全部</Link>}
    </div>
  );
}

/** Whether a failed detail call means the item is not there (missing, withdrawn, or a malformed id). */
export const isNotFound = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 400);

/** 内容不存在或已下线, with a way back to the list. */
export function ContentMissing({ listPath, listTitle }: { listPath: string; listTitle: string }) {
  return (
    <StatusPanel
      icon={<StopOutlined className="is-error" />}
      title={PORTAL_CONTENT_MSG.notFound}
      description="该内容可能已被删除或下线，您可以返回列表浏览其他内容。"
      actions={
        <Link to={listPath}>
          <Button type="primary">返回{listTitle}</Button>
        </Link>
      }
    />
  );
}

type DetailQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ContentDetail | undefined;
  refetch: () => unknown;
};

/**
 * The states of a detail page: a malformed id or an item of another kind is missing, a 404 says
 * 内容不存在或已下线 with a way back, other failures offer 重试.
 */
export function DetailState({
  id,
  kind,
  query,
  listPath,
  listTitle,
  loadingText = '正在加载…',
  children,
}: {
  id: string;
  kind: ContentKind;
  query: DetailQuery;
  listPath: string;
  listTitle: string;
  loadingText?: string;
  children: (item: ContentDetail) => ReactNode;
}) {
  if (!/^[1-9][0-9]{0,14}$/.test(id)) return <ContentMissing listPath={listPath} listTitle={listTitle} />;
  if (query.isPending)
    return (
      <div className="query-state" role="status" data-testid="query-loading">
        {loadingText}
      </div>
    );
  if (query.isError || !query.data) {
    if (isNotFound(query.error)) return <ContentMissing listPath={listPath} listTitle={listTitle} />;
    return (
      <div className="query-state is-error" role="alert" data-testid="query-error">
        <span>{PORTAL_CONTENT_MSG.loadFailed}</span>
        <Button onClick={() => void query.refetch()}>重试</Button>
      </div>
    );
  }
  if (query.data.kind !== kind) return <ContentMissing listPath={listPath} listTitle={listTitle} />;
  return <>{children(query.data)}</>;
}

/** The kind's name, as search results and breadcrumbs show it. */
export const kindTitle = (kind: ContentKind) => CONTENT_KIND_TITLES[kind];

/** `2026-03-01`, or '' for never. */
export const dateText = (ms: number) => (ms > 0 ? formatDate(ms, '{y}-{m}-{d}') : '');

/** A bar on top of the pages without header and footer: where the reader is and the way back. */
export function BareBar({ title, backTo, backText }: { title: string; backTo: string; backText: string }) {
  return (
    <header className="catalogue-bare-bar">
      <Link to={backTo} className="catalogue-bare-bar__back">
        ← {backText}
      </Link>
      <span className="catalogue-bare-bar__title">{title}</span>
    </header>
  );
}

/** 上一… / 下一…: the neighbours of a detail in its list, when it has them. */
export function PrevNext({
  item,
  noun,
}: {
  item: Pick<ContentDetail, 'kind' | 'prev' | 'next'>;
  noun: string;
}) {
  if (!item.prev && !item.next) return null;
  const href = (id: string) => contentPath({ kind: item.kind, id, slug: null });
  return (
    <nav className="catalogue-prevnext" aria-label={`上一${noun}与下一${noun}`}>
      {item.prev ? (
        <Link to={href(item.prev.id)} rel="prev">
          <span className="catalogue-prevnext__label">上一{noun}</span>
          {item.prev.title}
        </Link>
      ) : (
        <span />
      )}
      {item.next ? (
        <Link to={href(item.next.id)} rel="next" className="is-next">
          <span className="catalogue-prevnext__label">下一{noun}</span>
          {item.next.title}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Numbered steps (实验步骤, 项目阶段, 实训任务), read only: titles alone, or with their bodies for the
 * first `shown` of them (the rest say what it takes to see them).
 */
export function StepList({
  steps,
  empty,
  titlesOnly = false,
  shown = Number.POSITIVE_INFINITY,
  lockedNote,
  level = 3,
}: {
  steps: readonly { title: string; body: string }[];
  empty: string;
  titlesOnly?: boolean;
  shown?: number;
  lockedNote?: ReactNode;
  level?: 2 | 3;
}) {
  if (steps.length === 0) return <p className="catalogue-muted">{empty}</p>;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ol className={`catalogue-steps${titlesOnly ? ' is-compact' : ''}`}>
      {steps.map((step, index) => (
        // steps have no id of their own; their order is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="catalogue-step" data-testid="catalogue-step">
          <span className="catalogue-step__number" aria-hidden>
            {index + 1}
          </span>
          <div className="catalogue-step__content">
            <Heading className="catalogue-step__title">
              <span className="visually-hidden">第{index + 1}步 </span>
              {step.title}
            </Heading>
            {!titlesOnly &&
              (index < shown ? (
                step.body.trim() && <RichContent html={step.body} />
              ) : (
                <p className="catalogue-step__locked">{lockedNote}</p>
              ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
