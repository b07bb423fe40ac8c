import { firstAwardError, RESUME_LIMITS, RESUME_MSG, type ResumeAward } from '@uplus/shared';
import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { countOf, enterSaves, MONTH_FORMAT, monthPicked, monthValue, trimmed } from './form-parts';
import { RowForm, type RowFormSpec } from './row-form';
import type { RowFormProps } from './rows-section';

/*
 * The form of 获奖经历 (spec 3 Award, 5, 7): name (30), award month.
 * Loaded when the section first opens it (award-section.tsx).
 */

type Values = { name: string; awardedAt: Dayjs | null };

const FIELDS = ['name', 'awardedAt'] as const;

const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [RESUME_MSG.awardRequired]: 'name',
  [RESUME_MSG.awardTooLong]: 'name',
  [RESUME_MSG.awardedAtRequired]: 'awardedAt',
};

const formOf = (v: Values) => ({ name: trimmed(v.name), awardedAt: monthValue(v.awardedAt) });

const SPEC: RowFormSpec<'award', Values> = {
  section: 'award',
  fields: FIELDS,
  fieldOf: FIELD_OF,
  valuesOf: (row: ResumeAward | null) => ({
    name: row?.name ?? '',
    awardedAt: monthPicked(row?.awardedAt),
  }),
  check: (v) => firstAwardError(formOf(v)),
  bodyOf: formOf,
  renderFields: ({ save }) => (
    <>
      <Form.Item label="奖项名称" name="name" required>
        <Input
          placeholder="请输入奖项名称"
          count={countOf(RESUME_LIMITS.companyName)}
          onPressEnter={enterSaves(save)}
          data-testid="resume-award-name"
        />
      </Form.Item>
      <Form.Item label="获奖时间" name="awardedAt" required>
        <DatePicker
          picker="month"
          format={MONTH_FORMAT}
          placeholder="选择获奖月份"
          style={{ width: '100%' }}
          data-testid="resume-award-time"
        />
      </Form.Item>
    </>
  ),
};

export default function AwardRowForm(props: RowFormProps<'award'>) {
  return <RowForm spec={SPEC} {...props} />;
}
