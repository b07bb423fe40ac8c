import { Empty, Pagination } from 'antd';
import { useState } from 'react';
import { PROGRAM_LIST_PAGE_SIZE, useInternPrograms } from '../api';
import { CompanyLogo } from '../job-detail/company-block';
import { periodText, programDetailPath } from './program-state';
import '../jobs.css';

/** /exclusive/internProgram (名校名企实习生计划): the Online internship programmes, 10 a page. */
export function InternProgramsPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const list = useInternPrograms(pageNumber);
  return (
    <div className="job-page" data-testid="programs-page">
      <h1 className="job-detail__name" style={{ marginBottom: 16 }}>
        名校名企实习生计划
      </h1>
      {list.isPending ? (
        <div className="job-list__state" role="status">
          正在加载实习项目…
        </div>
      ) : list.isError ? (
        <div className="job-list__state" role="alert" data-testid="programs-error">
          实习项目加载失败
          <button type="button" className="job-link-button" onClick={() => void list.refetch()}>
            重试
          </button>
        </div>
      ) : list.data.rows.length === 0 ? (
        <Empty description="暂无实习项目" data-testid="programs-empty" />
      ) : (
        <>
          <ul className="job-list__grid" aria-busy={list.isFetching}>
            {list.data.rows.map((p) => (
              <li key={p.id}>
                <a
                  className="job-card"
                  href={programDetailPath(p.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="program-card"
                >
                  <h2 className="job-card__name">{p.name}</h2>
                  <ul className="job-card__facts">
                    <li>实习时间 {periodText(p.internshipStartTimestamp, p.internshipEndTimestamp)}</li>
                    <li>{p.occupations.length} 个实习岗位</li>
                  </ul>
                  {p.occupations.length > 0 && (
                    <p className="job-card__facts">{p.occupations.map((o) => o.name).join('、')}</p>
                  )}
                  <div className="job-card__company">
                    <CompanyLogo
                      logo={p.company.logo}
                      name={p.company.nickName || p.company.name}
                      size={40}
                    />
                    <div className="job-card__company-name">{p.company.nickName || p.company.name}</div>
                  </div>
                </a>
              </li>
            ))}
          </ul>
          {list.data.total > PROGRAM_LIST_PAGE_SIZE && (
            <div className="job-list__pager">
              <Pagination
                current={pageNumber}
                pageSize={PROGRAM_LIST_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                onChange={setPageNumber}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
