import { RESERVATION_PAGE_SIZE } from '@uplus/shared';
import { Pagination } from 'antd';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCareerTalks, useJobFairs } from './api';
import { FairCard, TalkCard } from './cards';
import './reservations.css';

const usePage = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const toPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  return [page, toPage] as const;
};

/** 宣讲会 (/careertalk/index): published talks, 12 a page. */
export function CareerTalkIndexPage() {
  const [page, toPage] = usePage();
  const list = useCareerTalks(page);
  const now = Date.now();
  return (
    <section className="talks-page" aria-labelledby="talks-title">
      <h1 id="talks-title">宣讲会</h1>
      <QueryState
        query={list}
        loadingText="正在加载宣讲会…"
        isEmpty={(d) => d.rows.length === 0}
        empty={<span>暂无宣讲会</span>}
      >
        {(d) => (
          <>
            <ul className="reservation-grid" aria-label="宣讲会列表">
              {d.rows.map((t) => (
                <li key={t.id}>
                  <TalkCard talk={t} now={now} />
                </li>
              ))}
            </ul>
            <Pagination
              className="reservations-pager"
              current={page}
              pageSize={RESERVATION_PAGE_SIZE}
              total={d.total}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={toPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** 双选会 (/jobfair/index): fairs not canceled, 12 a page. */
export function JobFairIndexPage() {
  const [page, toPage] = usePage();
  const list = useJobFairs(page);
  return (
    <section className="talks-page" aria-labelledby="fairs-title">
      <h1 id="fairs-title">双选会</h1>
      <QueryState
        query={list}
        loadingText="正在加载双选会…"
        isEmpty={(d) => d.rows.length === 0}
        empty={<span>暂无双选会</span>}
      >
        {(d) => (
          <>
            <ul className="reservation-grid" aria-label="双选会列表">
              {d.rows.map((f) => (
                <li key={f.id}>
                  <FairCard fair={f} />
                </li>
              ))}
            </ul>
            <Pagination
              className="reservations-pager"
              current={page}
              pageSize={RESERVATION_PAGE_SIZE}
              total={d.total}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={toPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
