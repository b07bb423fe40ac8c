import { formatMonth } from '@uplus/shared';
import { lazyPart } from '../../../components/lazy-part';
import { RowsSection } from './rows-section';
import { periodText } from './section-parts';

/*
 * 实习/实践经历 (spec 3 Internship, 5, 7): company (30), position (15), 在职时间, description (500).
 * The form is internship-form.tsx, loaded when first opened.
 */

const InternshipForm = lazyPart(async () => (await import('../editors')).InternshipForm);

export function InternshipSection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection
      section="internship"
      resumeId={resumeId}
      empty="还没有实习/实践经历，添加一段吧"
      Form={InternshipForm}
      describe={(row) => row.companyName}
      renderRow={(row) => (
        <>
          <div className="rs-row__line">
            <strong className="rs-row__name">{row.companyName}</strong>
            <span className="rs-row__time">
              {periodText(formatMonth(row.inauguralAt), formatMonth(row.resignAt))}
            </span>
          </div>
          <div className="rs-row__meta">{row.occupationName}</div>
          {row.description ? <p className="rs-text">{row.description}</p> : null}
        </>
      )}
    />
  );
}
