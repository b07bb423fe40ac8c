import { firstInternshipError, RESUME_LIMITS, RESUME_MSG, type ResumeInternship } from '@uplus/shared';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { countOf, enterSaves, MONTH_FORMAT, monthPicked, monthValue, trimmed } from './form-parts';
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
  renderFields: ({ save }) => (
    <>
      <Form.Item label="公司名称" name="companyName" required>
        <Input
          placeholder="请输入公司名称"
          count={countOf(RESUME_LIMITS.companyName)}
          onPressEnter={enterSaves(save)}
          data-testid="resume-internship-company"
        />
      </Form.Item>
      <Form.Item label="职位名称" name="occupationName" required>
        <Input
          placeholder="请输入职位名称"
          count={countOf(RESUME_LIMITS.position)}
          onPressEnter={enterSaves(save)}
          data-testid="resume-internship-position"
        />
      </Form.Item>
      <Form.Item label="入职时间" name="inauguralAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择开始月份"
          style={{ width: '100%' }}
          data-testid="resume-internship-start"
        />
      </Form.Item>
      <Form.Item label="离职时间" name="resignAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择结束月份"
          style={{ width: '100%' }}
          data-testid="resume-internship-end"
        />
      </Form.Item>
      <Form.Item label="工作内容" name="description" className="rs-form__wide">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="介绍一下你的工作内容和收获"
          count={countOf(RESUME_LIMITS.description)}
          data-testid="resume-internship-description"
        />
      </Form.Item>
    </>
  ),
};

export default function InternshipRowForm(props: RowFormProps<'internship'>) {
  return <RowForm spec={SPEC} {...props} />;
}
