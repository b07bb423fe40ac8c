import { formatMonth } from '@uplus/shared';
import { lazyPart } from '../../../components/lazy-part';
import { RowsSection } from './rows-section';
import { periodText } from './section-parts';

/*
 * 社团/项目经历 (spec 3 Society/project, 5, 7): name (30), position (15), time, description (500).
 * The form is society-form.tsx, loaded when first opened.
 */

const SocietyForm = lazyPart(async () => (await import('../editors')).SocietyForm);

export function SocietySection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection
      section="society"
      resumeId={resumeId}
      empty="还没有社团/项目经历，添加一段吧"
      Form={SocietyForm}
      describe={(row) => row.societyName}
      renderRow={(row) => (
        <>
          <div className="rs-row__line">
            <strong className="rs-row__name">{row.societyName}</strong>
            <span className="rs-row__time">
              {periodText(formatMonth(row.startAt), formatMonth(row.endAt))}
            </span>
          </div>
          <div className="rs-row__meta">{row.occupationName}</div>
          {row.description ? <p className="rs-text">{row.description}</p> : null}
        </>
      )}
    />
  );
}
