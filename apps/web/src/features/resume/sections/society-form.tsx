import { firstSocietyError, RESUME_MSG, type ResumeSociety } from '@uplus/shared';
import type { Dayjs } from 'dayjs';
import { ExperienceFields, type ExperienceTexts } from './experience-fields';
import { monthPicked, monthValue, trimmed } from './form-parts';
import { RowForm, type RowFormSpec } from './row-form';
import type { RowFormProps } from './rows-section';

/*
 * The form of 社团/项目经历 (spec 3 Society/project, 5, 7): name (30), position (15), time, description (500).
 * Loaded when the section first opens it (society-section.tsx).
 */

type Values = {
  societyName: string;
  occupationName: string;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  description: string;
};

const FIELDS = ['societyName', 'occupationName', 'startAt', 'endAt', 'description'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.societyRequired]: 'societyName',
  [RESUME_MSG.societyTooLong]: 'societyName',
  [RESUME_MSG.positionRequired]: 'occupationName',
  [RESUME_MSG.positionTooLong]: 'occupationName',
  [RESUME_MSG.societyTimeRequired]: 'startAt',
  [RESUME_MSG.startTimeRequired]: 'startAt',
  [RESUME_MSG.endTimeRequired]: 'endAt',
  [RESUME_MSG.startAfterEnd]: 'startAt',
  [RESUME_MSG.descriptionTooLong]: 'description',
};

const formOf = (v: Values) => ({
  societyName: trimmed(v.societyName),
  occupationName: trimmed(v.occupationName),
  startAt: monthValue(v.startAt),
  endAt: monthValue(v.endAt),
  description: trimmed(v.description),
});

const NAMES = { name: 'societyName', start: 'startAt', end: 'endAt' };

const TEXTS: ExperienceTexts = {
  nameLabel: '社团/项目名称',
  namePlaceholder: '请输入社团/项目名称',
  positionLabel: '担任职务',
  startLabel: '开始时间',
  endLabel: '结束时间',
  descriptionLabel: '经历描述',
  descriptionPlaceholder: '介绍一下你做了什么、取得了什么成果',
  testId: 'resume-society',
};

const SPEC: RowFormSpec<'society', Values> = {
  section: 'society',
  fields: FIELDS,
  fieldOf: FIELD_OF,
  valuesOf: (row: ResumeSociety | null) => ({
    societyName: row?.societyName ?? '',
    occupationName: row?.occupationName ?? '',
    startAt: monthPicked(row?.startAt),
    endAt: monthPicked(row?.endAt),
    description: row?.description ?? '',
  }),
  check: (v) => firstSocietyError(formOf(v)),
  bodyOf: formOf,
  renderFields: ({ save }) => <ExperienceFields names={NAMES} texts={TEXTS} save={save} />,
};

export default function SocietyRowForm(props: RowFormProps<'society'>) {
  return <RowForm spec={SPEC} {...props} />;
}
