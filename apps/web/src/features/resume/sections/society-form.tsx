import { firstSocietyError, RESUME_LIMITS, RESUME_MSG, type ResumeSociety } from '@uplus/shared';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { countOf, enterSaves, MONTH_FORMAT, monthPicked, monthValue, trimmed } from './form-parts';
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
  renderFields: ({ save }) => (
    <>
      <Form.Item label="社团/项目名称" name="societyName" required>
        <Input
          placeholder="请输入社团/项目名称"
          count={countOf(RESUME_LIMITS.companyName)}
          onPressEnter={enterSaves(save)}
          data-testid="resume-society-name"
        />
      </Form.Item>
      <Form.Item label="担任职务" name="occupationName" required>
        <Input
          placeholder="请输入职位名称"
          count={countOf(RESUME_LIMITS.position)}
          onPressEnter={enterSaves(save)}
          data-testid="resume-society-position"
        />
      </Form.Item>
      <Form.Item label="开始时间" name="startAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择开始月份"
          style={{ width: '100%' }}
          data-testid="resume-society-start"
        />
      </Form.Item>
      <Form.Item label="结束时间" name="endAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择结束月份"
          style={{ width: '100%' }}
          data-testid="resume-society-end"
        />
      </Form.Item>
      <Form.Item label="经历描述" name="description" className="rs-form__wide">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="介绍一下你做了什么、取得了什么成果"
          count={countOf(RESUME_LIMITS.description)}
          data-testid="resume-society-description"
        />
      </Form.Item>
    </>
  ),
};

export default function SocietyRowForm(props: RowFormProps<'society'>) {
  return <RowForm spec={SPEC} {...props} />;
}
