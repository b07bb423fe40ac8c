import { COMPETITIONS_MSG } from '@uplus/shared';
import { Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStored } from '../../lib/storage';
import { LIST_PAGE_SIZE, useCompetitions } from './api';
import { Cover, Pager, pageFrom, periodText, QueryState } from './parts';

/** 创新大赛 (/competition/index): the competitions, newest apply start first, with a name search. */
export function CompetitionIndexPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = pageFrom(params.get('page'));
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const list = useCompetitions(page, search);
  const role = useStored('role');
  const signedIn = !!useStored('AccessToken');
  const set = (next: { page?: number; search?: string }) => {
    const p = new URLSearchParams(params);
    const s = next.search ?? search;
    if (s) p.set('search', s);
    else p.delete('search');
    if (next.page && next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p);
  };
  return (
    <main className="competitions-page" aria-labelledby="competition-index-title">
      <header className="competitions-page__head">
        <h1 id="competition-index-title">创新大赛</h1>
        <div className="competition-actions">
          <Input.Search
            aria-label="搜索竞赛"
            placeholder="搜索竞赛名称"
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => set({ search: v.trim(), page: 1 })}
            style={{ width: 240 }}
          />
          {signedIn && <Link to="/workbench/index/competition">我的竞赛</Link>}
          {signedIn && (role === 'Teacher' || role === 'Business') && (
            <Link to="/u/competitions/manage">竞赛管理</Link>
          )}
        </div>
      </header>
      <QueryState
        query={list}
        loadingText="正在加载竞赛…"
        isEmpty={(d) => d.rows.length === 0}
        empty={COMPETITIONS_MSG.empty}
      >
        {(d) => (
          <>
            <ul className="competition-list" aria-label="竞赛列表">
              {d.rows.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="competition-card"
                    onClick={() => navigate(`/competition/details?id=${encodeURIComponent(c.id)}`)}
                    data-testid={`competition-${c.id}`}
                  >
                    <Cover url={c.coverUrl} className="competition-card__cover" />
                    <div className="competition-card__body">
                      <h2>{c.name}</h2>
                      <p className="competition-card__meta">主办方：{c.organizer}</p>
                      <p className="competition-card__meta">
                        报名时间：{periodText(c.applyStartAt, c.applyEndAt)}
                      </p>
                      <div className="competition-card__badges">
                        <span className={`competition-badge${c.applyEnable ? '' : ' is-closed'}`}>
                          {c.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed}
                        </span>
                        <span className="competition-badge is-role">{c.modeTitle}</span>
                        <span className="competition-card__meta">{c.applyCount} 个报名</span>
                      </div>
                    </div>
                  </button>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={LIST_PAGE_SIZE}
              total={d.total}
              label="竞赛分页"
              onChange={(next) => set({ page: next })}
            />
          </>
        )}
      </QueryState>
    </main>
  );
}
