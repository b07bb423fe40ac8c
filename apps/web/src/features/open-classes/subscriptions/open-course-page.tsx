import {
  OPEN_CLASS_MSG,
  SUBSCRIPTION_SORT_TITLES,
  SUBSCRIPTION_SORTS,
  type Subscription,
  type SubscriptionSort,
} from '@uplus/shared';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { ListState, Pager, useBackToLastPage, useConfirm } from '../../courses/course-parts';
import { MANAGE_PATH, OPENCLASS_INDEX_PATH } from '../open-class-model';
import { SUBSCRIPTION_PAGE_SIZE, useDeleteSubscription, useSubscriptions } from './api';
import { SubscriptionCard } from './subscription-card';
import '../open-classes.css';

const sortOf = (value: string | null): SubscriptionSort =>
  (SUBSCRIPTION_SORTS as readonly string[]).includes(value ?? '')
    ? (value as SubscriptionSort)
    : 'recentStudy';

/**
 * 职业发展课 (/workbench/index/opencourse, spec 2.11 and 4): the student's subscribed open courses, tabs
 * 最近学习 / 最近订阅 (the tab and page in the address), cards, pages; an expired subscription can be deleted
 * after a confirmation.
 */
export function OpenCoursePage() {
  const role = useStored('role');
  if (role === 'Teacher' || role === 'Business') return <OrganiserHint />;
  return <Subscriptions />;
}

/** Teachers and business users do not subscribe: they organise courses. */
function OrganiserHint() {
  return (
    <section className="courses-page" aria-labelledby="opencourse-title">
      <header className="courses-page__head">
        <h1 id="opencourse-title">职业发展课</h1>
      </header>
      <div className="courses-state" data-testid="opencourse-organiser-hint">
        <span>职业发展课由学生订阅学习；教师与企业用户可创建和管理课程。</span>
        <Link to={MANAGE_PATH}>前往职业发展课管理</Link>
      </div>
    </section>
  );
}

function Subscriptions() {
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useSubscriptions(sort, page);
  const remove = useDeleteSubscription();
  const confirm = useConfirm();
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);
  // one clock per answer, so every card of a page judges 'not started yet' at the same instant
  const now = list.dataUpdatedAt || Date.now();

  const toPage = useCallback(
    (next: number) => {
      const change = new URLSearchParams(params);
      if (next > 1) change.set('page', String(next));
      else change.delete('page');
      setParams(change);
    },
    [params, setParams],
  );
  useBackToLastPage(list.data, page, SUBSCRIPTION_PAGE_SIZE, toPage);

  const askDelete = (row: Subscription) =>
    confirm.ask({
      title: '删除订阅',
      content: (
        <>
          <p>《{row.subscriptContentModel.name}》</p>
          <p>{OPEN_CLASS_MSG.deleteSubscriptionConfirm}</p>
        </>
      ),
      okText: '删除',
      danger: true,
      onConfirm: async () => {
        setBusyId(row.id);
        try {
          await remove.mutateAsync(row.id);
          toast.success(OPEN_CLASS_MSG.subscriptionDeleted);
        } finally {
          setBusyId(null);
        }
      },
    });

  return (
    <section className="courses-page" aria-labelledby="opencourse-title">
      <header className="courses-page__head">
        <h1 id="opencourse-title">职业发展课</h1>
        <Link to={OPENCLASS_INDEX_PATH} data-testid="browse-open-classes">
          浏览更多课程
        </Link>
      </header>
      <div className="courses-toolbar">
        <nav aria-label="排序">
          <ul className="courses-tabs">
            {SUBSCRIPTION_SORTS.map((key) => (
              <li key={key}>
                <Link
                  to={key === 'recentStudy' ? '?' : `?sort=${key}`}
                  aria-current={key === sort ? 'page' : undefined}
                  data-testid={`subscription-tab-${key}`}
                >
                  {SUBSCRIPTION_SORT_TITLES[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <ListState
        query={list}
        loadingText="正在加载课程…"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <span>
            {OPEN_CLASS_MSG.noSubscriptions}，<Link to={OPENCLASS_INDEX_PATH}>去看看职业发展课</Link>
          </span>
        }
      >
        {(data) => (
          <>
            <ul className="oc-grid" aria-label="订阅的课程" aria-busy={list.isFetching}>
              {data.rows.map((row) => (
                <li key={row.id}>
                  <SubscriptionCard row={row} now={now} busy={busyId === row.id} onDelete={askDelete} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={SUBSCRIPTION_PAGE_SIZE}
              total={data.total}
              label="课程分页"
              onChange={toPage}
            />
          </>
        )}
      </ListState>
      {confirm.dialog}
    </section>
  );
}
