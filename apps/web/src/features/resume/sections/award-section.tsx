import { formatMonth } from '@uplus/shared';
import { lazyPart } from '../../../components/lazy-part';
import { RowsSection } from './rows-section';

/*
 * 获奖经历 (spec 3 Award, 5, 7): name (30), award month.
 * The form is award-form.tsx, loaded when first opened.
 */

const AwardForm = lazyPart(async () => (await import('../editors')).AwardForm);

export function AwardSection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection
      section="award"
      resumeId={resumeId}
      empty="还没有获奖经历，添加一项吧"
      Form={AwardForm}
      describe={(row) => row.name}
      renderRow={(row) => (
        <div className="rs-row__line">
          <strong className="rs-row__name">{row.name}</strong>
          <span className="rs-row__time">{formatMonth(row.awardedAt)}</span>
        </div>
      )}
    />
  );
}
