import {
  type CareerTalk,
  type JobFair,
  RESERVATION_PAGE_SIZE,
  RESERVATIONS_MSG,
  type ReservationTargetType,
} from '@uplus/shared';
import { Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useReservations } from './api';
import { FairCard, TalkCard } from './cards';
import './reservations.css';

const TABS: { type: ReservationTargetType; title: string; empty: string }[] = [
  { type: 'CareerTalk', title: '宣讲会', empty: RESERVATIONS_MSG.emptyTalks },
  { type: 'JobFair', title: '双选会', empty: RESERVATIONS_MSG.emptyFairs },
];

export const reservationTabOf = (value: string | null): ReservationTargetType =>
  value === 'JobFair' ? 'JobFair' : 'CareerTalk';

/**
 * 我的预约 (/workbench/index/reservation?upType=CareerTalk|JobFair, spec sections 2, 3, 4, 9): tabs 宣讲会 /
 * 双选会, 12 a page (no pager when everything fits on one), the talk and fair cards with their states.
 */
export function ReservationPage() {
  const [params, setParams] = useSearchParams();
  const upType = reservationTabOf(params.get('upType'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useReservations(upType, page);
  const tab = TABS.find((t) => t.type === upType) ?? TABS[0];
  const toPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
  };
  const now = Date.now();
  return (
    <section className="reservations-page" aria-labelledby="reservations-title">
      <h1 id="reservations-title">我的预约</h1>
      <nav aria-label="预约类型">
        <ul className="reservations-tabs">
          {TABS.map((t) => (
            <li key={t.type}>
              <Link
                to={`?upType=${t.type}`}
                aria-current={t.type === upType ? 'page' : undefined}
                data-testid={`reservation-tab-${t.type}`}
              >
                {t.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <QueryState
        query={list}
        loadingText="正在加载预约…"
        isEmpty={(d) => d.rows.length === 0}
        empty={<span data-testid="reservations-empty">{tab?.empty}</span>}
      >
        {(d) => (
          <>
            <ul className="reservation-grid" aria-label={`预约的${tab?.title}`} aria-busy={list.isFetching}>
              {d.rows.map((row) => (
                <li key={row.id}>
                  {row.targetType === 'CareerTalk' ? (
                    <TalkCard talk={(row.careerTalk ?? row.content) as CareerTalk} now={now} />
                  ) : (
                    <FairCard fair={(row.jobFair ?? row.content) as JobFair} />
                  )}
                </li>
              ))}
            </ul>
            {d.total > RESERVATION_PAGE_SIZE && (
              <Pagination
                className="reservations-pager"
                current={page}
                pageSize={RESERVATION_PAGE_SIZE}
                total={d.total}
                showSizeChanger={false}
                onChange={toPage}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
