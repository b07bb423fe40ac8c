import { salaryText } from '@uplus/shared';
import type { JobCardRow } from '../api';
import { CompanyLogo } from '../job-detail/company-block';

/** The job detail address (opened in a new tab). */
export const jobDetailPath = (id: string) => `/jobdetails?id=${encodeURIComponent(id)}`;

/**
 * A job card (spec 2, 3): name, salary (面议 for 999), city, degree, and the company's logo, nickname,
 * financing round, industry and scale. Opens the job detail in a new tab.
 */
export function JobCard({ job }: { job: JobCardRow }) {
  const company = [job.financingRoundTitle, job.industryTitle, job.scaleTitle].filter(Boolean);
  return (
    <a
      className="job-card"
      href={jobDetailPath(job.id)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="job-card"
    >
      <div className="job-card__top">
        <h3 className="job-card__name">{job.name}</h3>
        <span className="job-card__salary">{salaryText(job.minSalary, job.maxSalary)}</span>
      </div>
      <ul className="job-card__facts">
        <li>{job.jobNatureTitle}</li>
        {job.cityName && <li>{job.cityName}</li>}
        {job.degreeTitle && <li>{job.degreeTitle}</li>}
      </ul>
      <div className="job-card__company">
        <CompanyLogo logo={job.logo} name={job.companyNickName} size={40} />
        <div>
          <div className="job-card__company-name">{job.companyNickName}</div>
          {company.length > 0 && (
            <ul className="job-card__facts">
              {company.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </a>
  );
}
