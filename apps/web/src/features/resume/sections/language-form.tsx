import {
  firstLanguageError,
  PROFICIENCY_LEVELS,
  RESUME_LIMITS,
  RESUME_MSG,
  type ResumeLanguage,
} from '@uplus/shared';
import { Form, Input, Select } from 'antd';
import { countOf, enterSaves, trimmed } from './form-parts';
import { RowForm, type RowFormSpec } from './row-form';
import type { RowFormProps } from './rows-section';

/*
 * The form of 语言/技能 (spec 3 Language, 5, 7): name (15), proficiency (一般 良好 熟练 精通).
 * Loaded when the section first opens it (language-section.tsx).
 */

type Values = { language: string; proficiencyLevel: string | null };

const FIELDS = ['language', 'proficiencyLevel'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.languageRequired]: 'language',
  [RESUME_MSG.languageTooLong]: 'language',
  [RESUME_MSG.proficiencyRequired]: 'proficiencyLevel',
};

const formOf = (v: Values) => ({ language: trimmed(v.language), proficiencyLevel: v.proficiencyLevel });

const SPEC: RowFormSpec<'language', Values> = {
  section: 'language',
  fields: FIELDS,
  fieldOf: FIELD_OF,
  valuesOf: (row: ResumeLanguage | null) => ({
    language: row?.language ?? '',
    proficiencyLevel: row?.proficiencyLevel ?? null,
  }),
  check: (v) => firstLanguageError(formOf(v)),
  bodyOf: formOf,
  renderFields: ({ save }) => (
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
  ),
};

export default function LanguageRowForm(props: RowFormProps<'language'>) {
  return <RowForm spec={SPEC} {...props} />;
}
