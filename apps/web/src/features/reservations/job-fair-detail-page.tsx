import { FAIR_MODE_TITLES, fairBadgeOf, formatDate, RESERVATIONS_MSG, salaryText } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useJobFair } from './api';
import { ReserveButton } from './reserve-button';
import './reservations.css';

/** 双选会详情 (/jobfair/details?id=): the fair, 预约 / 取消预约, its companies and their positions. */
export function JobFairDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const fair = useJobFair(id);
  if (!/^[1-9][0-9]*$/.test(id))
    return (
      <section className="talks-page">
        <div className="state-note" role="alert">
          {RESERVATIONS_MSG.fairNotFound}
        </div>
      </section>
    );
  return (
    <section className="talks-page" aria-labelledby="fair-title">
      <QueryState query={fair} loadingText="正在加载双选会…">
        {(f) => (
          <>
            <div className="talk-detail">
              {f.posterUrl ? <img className="talk-detail__poster" src={f.posterUrl} alt="" /> : null}
              <div className="talk-detail__info">
                <h1 id="fair-title">{f.subject}</h1>
                <dl>
                  <dt>状态</dt>
                  <dd data-testid="fair-badge">{f.canceled ? '已取消' : fairBadgeOf(f)}</dd>
                  <dt>主办企业</dt>
                  <dd>{f.organiser.nickName}</dd>
                  <dt>形式</dt>
                  <dd>{FAIR_MODE_TITLES[f.mode]}</dd>
                  <dt>时间</dt>
                  <dd>
                    {formatDate(f.startTimestamp, '{y}-{m}-{d} {h}:{i}')} 至{' '}
                    {formatDate(f.endTimestamp, '{y}-{m}-{d} {h}:{i}')}
                  </dd>
                  {f.place && (
                    <>
                      <dt>地点</dt>
                      <dd>{f.place}</dd>
                    </>
                  )}
                  <dt>规模</dt>
                  <dd>
                    {f.companyCount}家企业 · {f.occupationCount}个职位 · {f.participantCount}人已预约
                  </dd>
                </dl>
                <div>
                  <ReserveButton
                    targetType="JobFair"
                    targetId={f.id}
                    reservationId={f.reservationId}
                    open={!f.canceled && f.status !== 'Finished'}
                  />
                </div>
              </div>
            </div>
            {f.description && <div className="talk-detail__desc">{f.description}</div>}
            <h2>参会企业</h2>
            {f.companies.length === 0 ? (
              <div className="state-note">暂无参会企业</div>
            ) : (
              <ul className="fair-companies" aria-label="参会企业">
                {f.companies.map((c) => (
                  <li key={c.id} className="fair-company" data-testid="fair-company">
                    <a href={`/company/details?id=${c.id}`} target="_blank" rel="noopener noreferrer">
                      <strong>{c.nickName}</strong>
                    </a>
                    {c.occupations.length === 0 ? (
                      <div className="talk-line">暂无在招职位</div>
                    ) : (
                      <ul aria-label={`${c.nickName}的职位`}>
                        {c.occupations.map((o) => (
                          <li key={o.id}>
                            <a href={`/jobdetails?id=${o.id}`} target="_blank" rel="noopener noreferrer">
                              {o.name}
                            </a>{' '}
                            <span className="talk-line">
                              {salaryText(o.minSalary, o.maxSalary)} · {o.cityName || '不限城市'}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
