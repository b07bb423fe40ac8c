import { formatMonth, RESUME_MSG } from '@uplus/shared';
import { lazyPart } from '../../../components/lazy-part';
import { RowsSection } from './rows-section';
import { periodText } from './section-parts';

/*
 * 教育经历 (spec 3 Education, 4, 5, 7): the rows, the first one (the member profile's highest education,
 * top) marked 最高学历 and never deleted. The form (school and major catalogues, degree, months, grade) is
 * education-form.tsx, loaded when first opened.
 */

const EducationForm = lazyPart(async () => (await import('../editors')).EducationForm);

/** Why the first education has no delete (spec 5: the button is disabled). */
const TOP_UNDELETABLE = RESUME_MSG.topEducationUndeletable;

export function EducationSection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection
      section="education"
      resumeId={resumeId}
      empty="还没有教育经历，添加你的最高学历吧"
      Form={EducationForm}
      isExtra={(row) => row.top}
      undeletable={(row) => (row.top ? TOP_UNDELETABLE : undefined)}
      describe={(row) => row.schoolName}
      renderRow={(row) => (
        <>
          <div className="rs-row__line">
            <strong className="rs-row__name">{row.schoolName}</strong>
            {row.top ? <span className="rs-row__tag">最高学历</span> : null}
            <span className="rs-row__time">
              {periodText(formatMonth(row.enrolmentAt), formatMonth(row.graduateAt))}
            </span>
          </div>
          <div className="rs-row__meta">
            {[row.majorName, row.degreeTitle, row.gradingRankTitle && `成绩排名 ${row.gradingRankTitle}`]
              .filter(Boolean)
              .join(' | ')}
          </div>
        </>
      )}
    />
  );
}
