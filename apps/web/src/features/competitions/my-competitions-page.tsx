import { COMPETITION_LIMITS, COMPETITIONS_MSG, REGISTRATION_TABS, toRegistrationTab } from '@uplus/shared';
import { Link, useSearchParams } from 'react-router';
import { useRegistrations } from './api';
import { Pager, pageFrom, QueryState } from './parts';
import { RegistrationCard } from './registration-card';

/**
 * 我的竞赛 (/workbench/index/competition, spec 2 "Competition screen"): tabs 已报名 / 已失效 (upType in the
 * address), the registration cards, 暂无内容 when empty.
 */
export function MyCompetitionsPage() {
  const [params, setParams] = useSearchParams();
  const tab = toRegistrationTab(params.get('upType'));
  const page = pageFrom(params.get('page'));
  const list = useRegistrations(tab, page);
  const toPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
  };
  return (
    <section className="competitions-page" aria-labelledby="my-competitions-title">
      <header className="competitions-page__head">
        <h1 id="my-competitions-title">我的竞赛</h1>
        <Link to="/competition/index">浏览竞赛</Link>
      </header>
      <nav aria-label="报名状态">
        <ul className="competition-tabs">
          {REGISTRATION_TABS.map((t) => (
            <li key={t.key}>
              <Link
                to={t.key === 'applied' ? '?' : `?upType=${t.key}`}
                aria-current={t.key === tab ? 'page' : undefined}
                data-testid={`registration-tab-${t.key}`}
              >
                {t.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <QueryState
        query={list}
        loadingText="正在加载竞赛…"
        isEmpty={(d) => d.rows.length === 0}
        empty={COMPETITIONS_MSG.empty}
      >
        {(d) => (
          <>
            <ul className="competition-list" aria-label="竞赛列表">
              {d.rows.map((r) => (
                <li key={r.id}>
                  <RegistrationCard registration={r} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={COMPETITION_LIMITS.pageSize}
              total={d.total}
              label="竞赛分页"
              onChange={toPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
