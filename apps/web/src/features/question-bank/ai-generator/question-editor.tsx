import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  answerLetters,
  optionLetter,
  PROGRAM_EXECUTION_MSG,
  parseKnowledges,
  QSN_TYPE,
  QSN_TYPE_NAMES,
  QUESTION_LIMITS,
  QUESTION_MSG,
} from '@uplus/shared';
import { Button, Checkbox, Input, InputNumber, Radio, Rate, Select, Switch, Tag } from 'antd';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { KnowledgeTagSelect } from '../knowledge-tags/knowledge-tag-select';
import {
  type EditableQuestion,
  type ErrorField,
  isCodeType,
  questionErrors,
  withCases,
  withWeight,
} from './question-model';

const { TextArea } = Input;
const MAX = QUESTION_LIMITS.maxTextLength;

type FieldProps = {
  label: string;
  error?: string;
  children: (aria: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactElement;
  extra?: ReactNode;
};

/** A labelled control with its error line under it (aria-invalid and aria-describedby point at it). */
function Field({ label, error, children, extra }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`ai-field${error ? ' has-error' : ''}`}>
      <label className="ai-field__label" htmlFor={id}>
        {label}
        {extra}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <div id={errorId} className="ai-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export type LanguageOption = { value: string; label: string };

type Props = {
  question: EditableQuestion;
  index: number;
  onChange: (next: EditableQuestion) => void;
  languages: LanguageOption[];
  /** per case: true 测试成功, false 测试失败, null not run (test run of the single coding question) */
  verdicts?: (boolean | null)[];
  disabled?: boolean;
};

/** The editor of one generated question (spec 2.1, rules of 5.1 and 5.5 with their messages). */
export function QuestionEditor({ question: q, index, onChange, languages, verdicts, disabled }: Props) {
  const errors = questionErrors(q);
  const err = (field: ErrorField) => errors[field];
  const set = (patch: Partial<EditableQuestion>) => onChange({ ...q, ...patch });
  const type = q.qsnType as number;
  const code = isCodeType(type);
  const [tagError, setTagError] = useState<string | null>(null);

  const removeOption = (i: number) => {
    const letters = answerLetters(q.answer);
    const kept = q.options.filter((_, j) => j !== i);
    const remap = new Map(
      q.options.map((o, j) => [
        o.id.toUpperCase(),
        j < i ? optionLetter(j) : j > i ? optionLetter(j - 1) : '',
      ]),
    );
    set({
      options: kept.map((o, j) => ({ ...o, id: optionLetter(j) })),
      answer: letters
        .map((l) => remap.get(l) ?? '')
        .filter(Boolean)
        .sort()
        .join(''),
    });
  };

  const tags = parseKnowledges(q.knowledges);
  /** Applies the tags when they keep the 5.1 limits; answers whether they were applied. */
  const changeTags = (next: string[]) => {
    const clean = next.map((t) => t.trim()).filter(Boolean);
    if (clean.some((t) => t.length > QUESTION_LIMITS.maxKnowledgeLength)) {
      setTagError(QUESTION_MSG.knowledgeTooLong);
      return false;
    }
    if (clean.length > QUESTION_LIMITS.maxKnowledges) {
      setTagError(QUESTION_MSG.tooManyKnowledges);
      return false;
    }
    setTagError(null);
    set({ knowledges: [...new Set(clean)].join(',') });
    return true;
  };

  const cases = q.testcases ?? [];
  const setCase = (i: number, patch: Partial<(typeof cases)[number]>) =>
    set({ testcases: cases.map((c, j) => (j === i ? { ...c, ...patch, tested: false } : c)) });

  return (
    <fieldset className="ai-editor" disabled={disabled} aria-label={`第${index + 1}题`}>
      <div className="ai-editor__head">
        <Tag color="blue">{QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName}</Tag>
        <span>第{index + 1}题</span>
      </div>
      {q.failureMsg && (
        <div className="ai-editor__failure" role="alert" data-testid="ai-question-failure">
          {q.failureMsg}
        </div>
      )}
      <Field label="题目" error={err('titleText')}>
        {(aria) => (
          <TextArea
            {...aria}
            value={q.titleText}
            maxLength={MAX}
            autoSize={{ minRows: 2, maxRows: 8 }}
            onChange={(e) => set({ titleText: e.target.value })}
          />
        )}
      </Field>

      {(type === QSN_TYPE.singleChoice || type === QSN_TYPE.multipleChoice) && (
        <Field
          label="选项"
          error={err('options')}
          extra={
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set({ options: [...q.options, { id: optionLetter(q.options.length), optionContent: '' }] })
              }
              disabled={q.options.length >= QUESTION_LIMITS.maxOptions}
            >
              添加选项
            </Button>
          }
        >
          {(aria) => (
            <div className="ai-editor__options" id={aria.id}>
              {q.options.map((o, i) => (
                <div className="ai-editor__option" key={o.id}>
                  <span className="ai-editor__letter">{o.id}</span>
                  <Input
                    aria-label={`选项${o.id}`}
                    aria-invalid={aria['aria-invalid'] && !o.optionContent.trim() ? true : undefined}
                    aria-describedby={aria['aria-describedby']}
                    value={o.optionContent}
                    maxLength={MAX}
                    onChange={(e) =>
                      set({
                        options: q.options.map((x, j) =>
                          j === i ? { ...x, optionContent: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  <Button
                    type="text"
                    aria-label={`删除选项${o.id}`}
                    icon={<DeleteOutlined />}
                    onClick={() => removeOption(i)}
                  />
                </div>
              ))}
            </div>
          )}
        </Field>
      )}

      {code && (
        <>
          <Field label="描述" error={err('description')}>
            {(aria) => (
              <TextArea
                {...aria}
                value={q.description ?? ''}
                maxLength={MAX}
                autoSize={{ minRows: 2, maxRows: 8 }}
                onChange={(e) => set({ description: e.target.value })}
              />
            )}
          </Field>
          <Field label="编程语言" error={err('language')}>
            {(aria) => (
              <Select
                {...aria}
                value={q.language || undefined}
                options={
                  q.language && !languages.some((l) => l.value === q.language)
                    ? [...languages, { value: q.language, label: q.language }]
                    : languages
                }
                placeholder="请选择编程语言"
                onChange={(language: string) => set({ language })}
              />
            )}
          </Field>
          {type === QSN_TYPE.function && (
            <Field label="代码模板">
              {(aria) => (
                <TextArea
                  {...aria}
                  className="ai-code"
                  value={q.codeModel ?? ''}
                  autoSize={{ minRows: 3, maxRows: 12 }}
                  onChange={(e) => set({ codeModel: e.target.value })}
                />
              )}
            </Field>
          )}
        </>
      )}

      <Field label="参考答案" error={err('answer')}>
        {(aria) =>
          type === QSN_TYPE.singleChoice ? (
            <Radio.Group
              {...aria}
              value={answerLetters(q.answer)[0]}
              options={q.options.map((o) => ({ value: o.id, label: o.id }))}
              onChange={(e) => set({ answer: e.target.value })}
            />
          ) : type === QSN_TYPE.multipleChoice ? (
            <Checkbox.Group
              {...aria}
              value={answerLetters(q.answer)}
              options={q.options.map((o) => ({ value: o.id, label: o.id }))}
              onChange={(values) => set({ answer: [...values].map(String).sort().join('') })}
            />
          ) : type === QSN_TYPE.judgment ? (
            <Radio.Group
              {...aria}
              value={q.answer}
              options={[
                { value: 'true', label: '正确' },
                { value: 'false', label: '错误' },
              ]}
              onChange={(e) => set({ answer: e.target.value })}
            />
          ) : (
            <TextArea
              {...aria}
              className={code ? 'ai-code' : undefined}
              value={q.answer}
              maxLength={code ? undefined : MAX}
              autoSize={{ minRows: code ? 4 : 2, maxRows: 14 }}
              onChange={(e) => set({ answer: e.target.value })}
            />
          )
        }
      </Field>

      {code && (
        <>
          <Field
            label="测试用例"
            error={err('testcases')}
            extra={
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => onChange(withCases(q, [...cases, { input: '', output: '', weight: 0 }]))}
              >
                添加用例
              </Button>
            }
          >
            {(aria) => (
              <table className="ai-cases" id={aria.id} aria-describedby={aria['aria-describedby']}>
                <thead>
                  <tr>
                    <th>输入</th>
                    <th>输出</th>
                    <th>占比(%)</th>
                    <th>
                      <span className="sr-only">操作</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cases.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cases have no id until stored
                    <tr key={i} data-testid="ai-testcase">
                      <td>
                        <TextArea
                          aria-label={`用例${i + 1}输入`}
                          value={c.input}
                          autoSize={{ minRows: 1, maxRows: 6 }}
                          onChange={(e) => setCase(i, { input: e.target.value })}
                        />
                      </td>
                      <td>
                        <TextArea
                          aria-label={`用例${i + 1}输出`}
                          aria-invalid={!c.output.trim() ? true : undefined}
                          value={c.output}
                          autoSize={{ minRows: 1, maxRows: 6 }}
                          onChange={(e) => setCase(i, { output: e.target.value })}
                        />
                        {verdicts?.[i] != null && (
                          <span
                            className={verdicts[i] ? 'ai-verdict is-ok' : 'ai-verdict is-bad'}
                            data-testid="ai-case-verdict"
                          >
                            {verdicts[i]
                              ? PROGRAM_EXECUTION_MSG.caseQualified
                              : PROGRAM_EXECUTION_MSG.caseUnqualified}
                          </span>
                        )}
                      </td>
                      <td>
                        <InputNumber
                          aria-label={`用例${i + 1}占比`}
                          min={0}
                          max={100}
                          precision={0}
                          disabled={q.programScoreStrategy === 'All'}
                          value={c.weight}
                          onChange={(v) => onChange(withWeight(q, i, typeof v === 'number' ? v : 0))}
                        />
                      </td>
                      <td>
                        <Button
                          type="text"
                          aria-label={`删除用例${i + 1}`}
                          icon={<DeleteOutlined />}
                          onClick={() =>
                            onChange(
                              withCases(
                                q,
                                cases.filter((_, j) => j !== i),
                              ),
                            )
                          }
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Field>
          <div className="ai-editor__row">
            <Field label="评分策略">
              {(aria) => (
                <Radio.Group
                  {...aria}
                  value={q.programScoreStrategy ?? 'Part'}
                  options={[
                    { value: 'Part', label: '按用例占比' },
                    { value: 'All', label: '全部通过得分' },
                  ]}
                  onChange={(e) => set({ programScoreStrategy: e.target.value })}
                />
              )}
            </Field>
            <Field label="性能评分">
              {(aria) => (
                <Switch
                  id={aria.id}
                  checked={q.isPerformance === 1}
                  onChange={(on) => set({ isPerformance: on ? 1 : 0 })}
                />
              )}
            </Field>
          </div>
          <div className="ai-editor__row">
            <Field label="最长时间(ms)" error={err('maxTime')}>
              {(aria) => (
                <InputNumber
                  {...aria}
                  min={1}
                  max={10_000}
                  precision={0}
                  value={q.maxTime}
                  onChange={(v) => set({ maxTime: typeof v === 'number' ? v : undefined })}
                />
              )}
            </Field>
            {q.isPerformance === 1 && (
              <>
                <Field label="参考时间(ms)" error={err('runtime')}>
                  {(aria) => (
                    <InputNumber
                      {...aria}
                      min={1}
                      max={10_000}
                      precision={0}
                      value={q.runtime}
                      onChange={(v) => set({ runtime: typeof v === 'number' ? v : undefined })}
                    />
                  )}
                </Field>
                <Field label="性能分占比(%)" error={err('ratePerformance')}>
                  {(aria) => (
                    <InputNumber
                      {...aria}
                      min={1}
                      max={100}
                      precision={0}
                      value={q.ratePerformance}
                      onChange={(v) => set({ ratePerformance: typeof v === 'number' ? v : undefined })}
                    />
                  )}
                </Field>
              </>
            )}
          </div>
        </>
      )}

      <Field label="难度" error={err('difficulty')}>
        {(aria) => (
          <Rate
            {...aria}
            count={5}
            allowClear={false}
            value={q.difficulty}
            onChange={(difficulty) => set({ difficulty })}
          />
        )}
      </Field>
      <Field label="知识点" error={tagError ?? err('knowledges')}>
        {(aria) => <KnowledgeTagSelect {...aria} value={tags} onChange={changeTags} disabled={disabled} />}
      </Field>
      <Field label="解析" error={err('tip')}>
        {(aria) => (
          <TextArea
            {...aria}
            value={q.tip}
            maxLength={MAX}
            autoSize={{ minRows: 2, maxRows: 8 }}
            onChange={(e) => set({ tip: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
