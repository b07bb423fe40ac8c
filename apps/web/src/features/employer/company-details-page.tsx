import { salaryText } from '@uplus/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState, SimplePager } from '../../components/query-state';
import '../internships/internships.css';
import { COMPANY_JOBS_PAGE_SIZE, useCompanyJobs, useCompanyPage } from './api';

/** 企业详情 (/company/details?id=, public, opened in new tabs): the company and its online positions. */
export function CompanyDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const company = useCompanyPage(id);
  const [page, setPage] = useState(1);
  const jobs = useCompanyJobs(id, page);
  if (!id)
    return (
      <div className="query-state" role="alert">
        企业不存在
      </div>
    );
  return (
    <section className="internships-page" aria-labelledby="company-details-title">
      <QueryState query={company} loadingText="正在加载企业信息…">
        {(c) => (
          <header className="enterprise-section" data-testid="company-details">
            {c.logo && <img src={c.logo} alt="" width={64} height={64} />}
            <h1 id="company-details-title">{c.nickName || c.name}</h1>
            {c.nickName !== c.name && <p>{c.name}</p>}
            <p>{[c.financingRoundTitle, c.industryTitle, c.scaleTitle].filter(Boolean).join(' · ')}</p>
            {c.description && <p style={{ whiteSpace: 'pre-line' }}>{c.description}</p>}
            {c.videos.map((v) => (
              <figure key={v.id}>
                {/* biome-ignore lint/a11y/useMediaCaption: company videos have no caption track */}
                <video src={v.url} controls preload="metadata" width={480} />
                <figcaption>{v.title}</figcaption>
              </figure>
            ))}
          </header>
        )}
      </QueryState>
      <h2>在招职位</h2>
      <QueryState
        query={jobs}
        loadingText="正在加载职位…"
        isEmpty={(d) => d.total === 0}
        empty="暂无在招职位"
      >
        {(d) => (
          <>
            <ul className="company-hub__cards" data-testid="company-jobs">
              {d.rows.map((j) => (
                <li key={j.id}>
                  <a
                    className="company-hub__card"
                    href={`/jobdetails?id=${j.id}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    <strong>{j.name}</strong>
                    <span>
                      {salaryText(j.minSalary, j.maxSalary)} · {j.cityName} · {j.degreeTitle}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            <SimplePager
              page={page}
              pageSize={COMPANY_JOBS_PAGE_SIZE}
              total={d.total}
              label="职位分页"
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
