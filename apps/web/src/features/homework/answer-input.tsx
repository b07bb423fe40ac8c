import { isCodeType, QSN_TYPE } from '@uplus/shared';
import { Checkbox, Input, Radio } from 'antd';
import { useId } from 'react';
import { blanksOf, isAnswered, joinLetters, letterSet, withBlank } from './answer-format';

const { TextArea } = Input;

/** What an answer input needs of a question, whatever side shows it. */
export type AnswerableQuestion = {
  id: string;
  qsnType: number;
  title: string;
  options: { id: string; content: string }[];
  language: string | null;
  /** fill blanks: how many blanks the question has */
  blankCount: number;
};

type Props = {
  question: AnswerableQuestion;
  value: string;
  onChange: (value: string) => void;
  /** after submit, past the deadline or on the teacher's side */
  readOnly?: boolean;
  /** the id of the question's heading: the inputs are labelled by it */
  labelledBy: string;
  /** the most characters an answer of this type may have (the server's limit) */
  maxLength?: number;
};

/**
 * The answer to one question, in the form its type takes: 单选题 radios, 多选题 checkboxes, 判断题 正确/错误,
 * 填空题 one input per blank, 简答题 a text box, 编程题 and 函数题 a code box (with the function's starter code
 * put in by the page when there is no answer yet). The value is the answer as the server stores it.
 */
export function AnswerInput({ question: q, value, onChange, readOnly, labelledBy, maxLength }: Props) {
  const id = useId();
  if (q.qsnType === QSN_TYPE.singleChoice)
    return (
      <Radio.Group
        className="hw-answer__choices"
        aria-labelledby={labelledBy}
        value={value || undefined}
        disabled={readOnly}
        onChange={(e) => onChange(String(e.target.value))}
        data-testid="answer-single"
      >
        {q.options.map((o) => (
          <Radio key={o.id} value={o.id}>
            {o.id}. {o.content}
          </Radio>
        ))}
      </Radio.Group>
    );
  if (q.qsnType === QSN_TYPE.multipleChoice) {
    const chosen = letterSet(value);
    return (
      <Checkbox.Group
        className="hw-answer__choices"
        aria-labelledby={labelledBy}
        value={[...chosen]}
        disabled={readOnly}
        onChange={(letters) => onChange(joinLetters(letters.map(String)))}
        data-testid="answer-multiple"
      >
        {q.options.map((o) => (
          <Checkbox key={o.id} value={o.id}>
            {o.id}. {o.content}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  }
  if (q.qsnType === QSN_TYPE.judgment)
    return (
      <Radio.Group
        className="hw-answer__choices is-inline"
        aria-labelledby={labelledBy}
        value={value || undefined}
        disabled={readOnly}
        onChange={(e) => onChange(String(e.target.value))}
        data-testid="answer-judgment"
      >
        <Radio value="true">正确</Radio>
        <Radio value="false">错误</Radio>
      </Radio.Group>
    );
  if (q.qsnType === QSN_TYPE.fillBlank) {
    const blanks = blanksOf(value, q.blankCount);
    return (
      <fieldset className="hw-answer__blanks" aria-labelledby={labelledBy} data-testid="answer-blanks">
        {blanks.map((blank, i) => (
          // A blank is its position: the i-th input is always the i-th blank.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={i} className="hw-answer__blank">
            <label htmlFor={`${id}-blank-${i}`}>第{i + 1}空</label>
            <Input
              id={`${id}-blank-${i}`}
              value={blank}
              readOnly={readOnly}
              maxLength={maxLength}
              onChange={(e) => onChange(withBlank(value, q.blankCount, i, e.target.value))}
            />
          </div>
        ))}
      </fieldset>
    );
  }
  const code = isCodeType(q.qsnType);
  return (
    <div className="hw-answer__text">
      {code && (
        <p className="hw-answer__language" id={`${id}-lang`}>
          编程语言：{q.language || '未指定'}
        </p>
      )}
      <TextArea
        className={code ? 'hw-answer__code' : undefined}
        aria-labelledby={labelledBy}
        aria-describedby={code ? `${id}-lang` : undefined}
        value={value}
        readOnly={readOnly}
        maxLength={maxLength}
        showCount={!readOnly && !!maxLength && !code}
        spellCheck={!code}
        autoSize={{ minRows: code ? 8 : 4, maxRows: code ? 24 : 12 }}
        placeholder={readOnly ? undefined : code ? '在此编写代码' : '在此输入你的答案'}
        onChange={(e) => onChange(e.target.value)}
        data-testid={code ? 'answer-code' : 'answer-text'}
      />
    </div>
  );
}

export { isAnswered };
