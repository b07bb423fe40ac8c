import { RESUME_LIMITS } from '@uplus/shared';
import { DatePicker, Form, Input } from 'antd';
import { countOf, enterSaves, MONTH_FORMAT } from './form-parts';

/*
 * The fields an experience shares (实习/实践经历 and 社团/项目经历; spec 5): a name (30), a position (15), a
 * start and an end month, a description (500). Each form names its own fields, labels and test ids.
 */

export type ExperienceFieldNames = { name: string; start: string; end: string };

export type ExperienceTexts = {
  nameLabel: string;
  namePlaceholder: string;
  positionLabel: string;
  startLabel: string;
  endLabel: string;
  descriptionLabel: string;
  descriptionPlaceholder: string;
  /** test ids: `${testId}-name|position|start|end|description` */
  testId: string;
  /** the name field's test id when it is not `${testId}-name` */
  nameTestId?: string;
};

export function ExperienceFields({
  names,
  texts,
  save,
}: {
  names: ExperienceFieldNames;
  texts: ExperienceTexts;
  save: () => void;
}) {
  const month = (name: string, label: string, placeholder: string, testId: string) => (
    <Form.Item label={label} name={name} required>
      <DatePicker
        picker="month"
        format={MONTH_FORMAT}
        placeholder={placeholder}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={texts.nameLabel} name={names.name} required>
        <Input
          placeholder={texts.namePlaceholder}
          count={countOf(RESUME_LIMITS.companyName)}
          onPressEnter={enterSaves(save)}
          data-testid={texts.nameTestId ?? `${texts.testId}-name`}
        />
      </Form.Item>
      <Form.Item label={texts.positionLabel} name="occupationName" required>
        <Input
          placeholder="请输入职位名称"
          count={countOf(RESUME_LIMITS.position)}
          onPressEnter={enterSaves(save)}
          data-testid={`${texts.testId}-position`}
        />
      </Form.Item>
      {month(names.start, texts.startLabel, '选择开始月份', `${texts.testId}-start`)}
      {month(names.end, texts.endLabel, '选择结束月份', `${texts.testId}-end`)}
      <Form.Item label={texts.descriptionLabel} name="description" className="rs-form__wide">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={texts.descriptionPlaceholder}
          count={countOf(RESUME_LIMITS.description)}
          data-testid={`${texts.testId}-description`}
        />
      </Form.Item>
    </>
  );
}
