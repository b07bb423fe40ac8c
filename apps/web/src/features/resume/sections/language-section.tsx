import {
  firstLanguageError,
  PROFICIENCY_LEVELS,
  RESUME_LIMITS,
  RESUME_MSG,
  type ResumeLanguage,
} from '@uplus/shared';
import { Form, Input, Select } from 'antd';
import { RowsSection } from './rows-section';
import { countOf, enterSaves, trimmed } from './section-parts';

/* 语言/技能 (spec 3 Language, 5, 7): name (15), proficiency (一般 良好 熟练 精通). */

type Values = { language: string; proficiencyLevel: string | null };

const FIELDS = ['language', 'proficiencyLevel'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.languageRequired]: 'language',
  [RESUME_MSG.languageTooLong]: 'language',
  [RESUME_MSG.proficiencyRequired]: 'proficiencyLevel',
};

const formOf = (v: Values) => ({ language: trimmed(v.language), proficiencyLevel: v.proficiencyLevel });

export function LanguageSection({ resumeId }: { resumeId: number }) {
  return (
    <RowsSection<'language', Values>
      section="language"
      resumeId={resumeId}
      empty="还没有语言/技能，添加一项吧"
      fields={FIELDS}
      fieldOf={FIELD_OF}
      valuesOf={(row: ResumeLanguage | null) => ({
        language: row?.language ?? '',
        proficiencyLevel: row?.proficiencyLevel ?? null,
      })}
      check={(v) => firstLanguageError(formOf(v))}
      bodyOf={formOf}
      describe={(row) => row.language}
      renderRow={(row) => (
        <div className="rs-row__line">
          <strong className="rs-row__name">{row.language}</strong>
          <span className="rs-row__meta">{row.proficiencyLevelTitle}</span>
        </div>
      )}
      renderFields={({ save }) => (
        <>
          <Form.Item label="语言/技能" name="language" required>
            <Input
              placeholder="如：英语、Python"
              count={countOf(RESUME_LIMITS.language)}
              onPressEnter={enterSaves(save)}
              data-testid="resume-language-name"
            />
          </Form.Item>
          <Form.Item label="掌握情况" name="proficiencyLevel" required>
            <Select
              placeholder="选择掌握情况"
              options={PROFICIENCY_LEVELS.map((p) => ({ value: p.value, label: p.label }))}
              data-testid="resume-language-level"
            />
          </Form.Item>
        </>
      )}
    />
  );
}
