import {
  DEGREES,
  type EducationForm as EducationValues,
  firstEducationError,
  GRADING_RANKS,
  PROFILE_MSG,
  RESUME_MSG,
  type ResumeEducation,
} from '@uplus/shared';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMajorSearch, useSchoolSearch } from '../../member-profile/api';
import { CatalogSelect } from '../../member-profile/catalog-select';
import { useSaveTopEducation } from '../api';
import { MONTH_FORMAT, monthPicked, monthValue } from './form-parts';
import { RowForm, type RowFormSpec } from './row-form';
import type { RowFormProps } from './rows-section';

/*
 * The form of 教育经历 (spec 3 Education, 5, 7), loaded when first opened (education-section.tsx): school
 * and major searched in the catalogues (GET schools / majors), degree, 在校时间 (month to month), grade
 * optional (left out of the body when empty). The first item is the member profile's highest education
 * (top): saved through PUT member_profiles (editTop). A member without one gets their first education
 * saved there too.
 */

type Values = {
  schoolCode: string | null;
  degree: string | null;
  majorCode: string | null;
  enrolmentAt: Dayjs | null;
  graduateAt: Dayjs | null;
  gradingRank: string | null;
};

const FIELDS = ['schoolCode', 'degree', 'majorCode', 'enrolmentAt', 'graduateAt', 'gradingRank'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.schoolRequired]: 'schoolCode',
  [RESUME_MSG.degreeRequired]: 'degree',
  [RESUME_MSG.majorRequired]: 'majorCode',
  [RESUME_MSG.schoolTimeRequired]: 'enrolmentAt',
  [RESUME_MSG.startTimeRequired]: 'enrolmentAt',
  [RESUME_MSG.endTimeRequired]: 'graduateAt',
  [RESUME_MSG.startAfterEnd]: 'enrolmentAt',
  [RESUME_MSG.gradingRankInvalid]: 'gradingRank',
};

const formOf = (v: Values): EducationValues => ({
  schoolCode: v.schoolCode,
  majorCode: v.majorCode,
  degree: v.degree,
  enrolmentAt: monthValue(v.enrolmentAt),
  graduateAt: monthValue(v.graduateAt),
  gradingRank: v.gradingRank,
});

/** The body of both saves: the grade is left out when it is empty (spec 5). */
const bodyOf = (v: Values) => {
  const { gradingRank, ...rest } = formOf(v);
  return gradingRank ? { ...rest, gradingRank } : rest;
};

const useSchoolOptions = (search: string, enabled: boolean) => {
  const q = useSchoolSearch(search, enabled);
  return { ...q, data: q.data && { rows: q.data.rows.map((r) => ({ ...r, note: r.province })) } };
};
const useMajorOptions = (search: string, enabled: boolean) => {
  const q = useMajorSearch(search, enabled);
  return { ...q, data: q.data && { rows: q.data.rows.map((r) => ({ ...r, note: r.category })) } };
};

const SPEC: RowFormSpec<'education', Values> = {
  section: 'education',
  fields: FIELDS,
  fieldOf: FIELD_OF,
  valuesOf: (row: ResumeEducation | null) => ({
    schoolCode: row?.schoolCode || null,
    degree: row?.degree || null,
    majorCode: row?.majorCode || null,
    enrolmentAt: monthPicked(row?.enrolmentAt),
    graduateAt: monthPicked(row?.graduateAt),
    gradingRank: row?.gradingRank ?? null,
  }),
  check: (v) => firstEducationError(formOf(v)),
  bodyOf,
  renderFields: ({ row }) => (
    <>
      <Form.Item label="毕业学校" name="schoolCode" required>
        <CatalogSelect
          placeholder={PROFILE_MSG.searchSchool}
          selectedName={row?.schoolName}
          useSearch={useSchoolOptions}
          data-testid="resume-education-school"
        />
      </Form.Item>
      <Form.Item label="学历" name="degree" required>
        <Select
          placeholder="选择学历"
          options={DEGREES.map((d) => ({ value: d.value, label: d.label }))}
          data-testid="resume-education-degree"
        />
      </Form.Item>
      <Form.Item label="所学专业" name="majorCode" required>
        <CatalogSelect
          placeholder={PROFILE_MSG.searchMajor}
          selectedName={row?.majorName}
          useSearch={useMajorOptions}
          data-testid="resume-education-major"
        />
      </Form.Item>
      <Form.Item label="成绩排名" name="gradingRank">
        <Select
          allowClear
          placeholder="选填"
          options={GRADING_RANKS.map((g) => ({ value: g.value, label: g.label }))}
          data-testid="resume-education-rank"
        />
      </Form.Item>
      <Form.Item label="入学时间" name="enrolmentAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择入学月份"
          style={{ width: '100%' }}
          data-testid="resume-education-start"
        />
      </Form.Item>
      <Form.Item label="毕业时间" name="graduateAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择毕业月份"
          style={{ width: '100%' }}
          data-testid="resume-education-end"
        />
      </Form.Item>
    </>
  ),
};

/** The education form; the first education (or the first one added) is saved as the profile's (editTop). */
export default function EducationRowForm(props: RowFormProps<'education'>) {
  const saveTop = useSaveTopEducation();
  return (
    <RowForm
      spec={SPEC}
      {...props}
      saveOther={(row, values, rows) =>
        row?.top || (row === null && !rows.some((r) => r.top))
          ? saveTop.mutateAsync({ ...bodyOf(values), resumeId: props.resumeId })
          : undefined
      }
    />
  );
}
