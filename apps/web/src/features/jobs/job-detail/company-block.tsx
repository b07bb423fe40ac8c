import type { JobCompany } from '@uplus/shared';
import { useLayoutEffect, useRef, useState } from 'react';

/** The company description folds at 3 lines (78 px, spec 2). */
export const COMPANY_FOLD_PX = 78;

/** The company page address (opened in a new tab, spec 2). */
export const companyPath = (companyId: string) => `/company/details?id=${encodeURIComponent(companyId)}`;

/** A company's logo, or its first character on a tile when it has none. */
export function CompanyLogo({ logo, name, size = 56 }: { logo: string | null; name: string; size?: number }) {
  return logo ? (
    <img className="job-company__logo" src={logo} alt={`${name}的标志`} width={size} height={size} />
  ) : (
    <span className="job-company__logo is-empty" style={{ width: size, height: size }} aria-hidden>
      {name.slice(0, 1)}
    </span>
  );
}

/**
 * The company block of a job (spec 2, 3): logo, name, financing round, industry, scale, and the
 * description folded at 3 lines with 展开/收起 when it is longer. The name opens the company page.
 */
export function CompanyBlock({
  company,
  showDescription = true,
}: {
  company: JobCompany;
  showDescription?: boolean;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text changes
  useLayoutEffect(() => {
    const el = textRef.current;
    if (el) setOverflows(el.scrollHeight > COMPANY_FOLD_PX + 1);
  }, [company.description]);
  const facts = [company.financingRoundTitle, company.industryTitle, company.scaleTitle].filter(Boolean);
  return (
    <section className="job-company" aria-label="公司信息" data-testid="job-company">
      <a
        className="job-company__head"
        href={companyPath(company.id)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="job-company-link"
      >
        <CompanyLogo logo={company.logo} name={company.nickName || company.name} />
        <span className="job-company__name">{company.name}</span>
      </a>
      {facts.length > 0 && (
        <ul className="job-company__facts" data-testid="job-company-facts">
          {facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {showDescription && company.description && (
        <div className="job-company__about">
          <div
            id={`company-about-${company.id}`}
            ref={textRef}
            className={`job-company__description${open ? '' : ' is-folded'}`}
            style={open ? undefined : { maxHeight: COMPANY_FOLD_PX }}
            data-testid="job-company-description"
          >
            {company.description}
          </div>
          {overflows && (
            <button
              type="button"
              className="job-link-button"
              aria-expanded={open}
              aria-controls={`company-about-${company.id}`}
              onClick={() => setOpen((v) => !v)}
              data-testid="job-company-fold"
            >
              {open ? '收起' : '展开'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
