import { firstInternshipError, RESUME_MSG, type ResumeInternship } from '@uplus/shared';
import type { Dayjs } from 'dayjs';
import { ExperienceFields, type ExperienceTexts } from './experience-fields';
import { monthPicked, monthValue, trimmed } from './form-parts';
import { RowForm, type RowFormSpec } from './row-form';
import type { RowFormProps } from './rows-section';

/*
 * The form of 实习/实践经历 (spec 3 Internship, 5, 7): company (30), position (15), 在职时间, description (500).
 * Loaded when the section first opens it (internship-section.tsx).
 */

type Values = {
  companyName: string;
  occupationName: string;
  inauguralAt: Dayjs | null;
  resignAt: Dayjs | null;
  description: string;
};

const FIELDS = ['companyName', 'occupationName', 'inauguralAt', 'resignAt', 'description'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.companyRequired]: 'companyName',
  [RESUME_MSG.companyTooLong]: 'companyName',
  [RESUME_MSG.positionRequired]: 'occupationName',
  [RESUME_MSG.positionTooLong]: 'occupationName',
  [RESUME_MSG.workTimeRequired]: 'inauguralAt',
  [RESUME_MSG.startTimeRequired]: 'inauguralAt',
  [RESUME_MSG.endTimeRequired]: 'resignAt',
  [RESUME_MSG.startAfterEnd]: 'inauguralAt',
  [RESUME_MSG.descriptionTooLong]: 'description',
};

const formOf = (v: Values) => ({
  companyName: trimmed(v.companyName),
  occupationName: trimmed(v.occupationName),
  inauguralAt: monthValue(v.inauguralAt),
  resignAt: monthValue(v.resignAt),
  description: trimmed(v.description),
});

const NAMES = { name: 'companyName', start: 'inauguralAt', end: 'resignAt' };

const TEXTS: ExperienceTexts = {
  nameLabel: '公司名称',
  namePlaceholder: '请输入公司名称',
  positionLabel: '职位名称',
  startLabel: '入职时间',
  endLabel: '离职时间',
  descriptionLabel: '工作内容',
  descriptionPlaceholder: '介绍一下你的工作内容和收获',
  testId: 'resume-internship',
  nameTestId: 'resume-internship-company',
};

const SPEC: RowFormSpec<'internship', Values> = {
  section: 'internship',
  fields: FIELDS,
  fieldOf: FIELD_OF,
  valuesOf: (row: ResumeInternship | null) => ({
    companyName: row?.companyName ?? '',
    occupationName: row?.occupationName ?? '',
    inauguralAt: monthPicked(row?.inauguralAt),
    resignAt: monthPicked(row?.resignAt),
    description: row?.description ?? '',
  }),
  check: (v) => firstInternshipError(formOf(v)),
  bodyOf: formOf,
  renderFields: ({ save }) => <ExperienceFields names={NAMES} texts={TEXTS} save={save} />,
};

export default function InternshipRowForm(props: RowFormProps<'internship'>) {
  return <RowForm spec={SPEC} {...props} />;
}
