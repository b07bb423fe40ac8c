import { lazyPart } from '../../../components/lazy-part';
import { RowsSection } from './rows-section';

/*
 * 语言/技能 (spec 3 Language, 5, 7): name (15), proficiency (一般 良好 熟练 精通).
 * The form is language-form.tsx, loaded when first opened.
 */

const LanguageForm = lazyPart(async () => (await import('../editors')).LanguageForm);

export function LanguageSection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection
      section="language"
      resumeId={resumeId}
      empty="还没有语言/技能，添加一项吧"
      Form={LanguageForm}
      describe={(row) => row.language}
      renderRow={(row) => (
        <div className="rs-row__line">
          <strong className="rs-row__name">{row.language}</strong>
          <span className="rs-row__meta">{row.proficiencyLevelTitle}</span>
        </div>
      )}
    />
  );
}
