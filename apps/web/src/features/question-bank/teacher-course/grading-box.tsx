import { checkResultScore } from '@uplus/shared';
import { Input, InputNumber } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './teacher-course.css';

/** What 引用 puts on the page: the score and the comment, still editable by the teacher. */
export type Grade = { score: number | null; comment: string };

type Props = {
  grade: Grade;
  questionScore: number;
  onChange: (grade: Grade) => void;
  /** changes on every 引用 into this box: the box then takes the focus, so keyboard users land on it */
  focusToken?: number;
  /** shown under the title: e.g. that the grade is not saved, or the answer that was judged */
  note?: ReactNode;
  /** shown under the fields: e.g. the basis, who applied it, and 保存修改 */
  footer?: ReactNode;
  testId?: string;
};

/** The grading box of one question: 得分 (0 to the question's score, one decimal) and 评语. */
export function GradingBox({
  grade,
  questionScore,
  onChange,
  focusToken,
  note,
  footer,
  testId = 'grading-box',
}: Props) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // An empty score is not an error until the teacher has touched the field (or 引用 filled it): a box
  // opened to grade an answer by hand does not greet the teacher with 请输入得分.
  const [touched, setTouched] = useState(grade.score !== null);
  const scoreError = touched ? checkResultScore(grade.score, questionScore) : null;

  useEffect(() => {
    if (focusToken !== undefined) ref.current?.focus();
  }, [focusToken]);
  useEffect(() => {
    if (grade.score !== null) setTouched(true);
  }, [grade.score]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="course-grade"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <h3 id={`${id}-title`}>批改结果</h3>
      {note}
      <label className="course-field__label" htmlFor={`${id}-score`}>
        得分（满分{questionScore}）
      </label>
      <InputNumber
        id={`${id}-score`}
        data-testid="grading-score"
        value={grade.score}
        min={0}
        max={questionScore}
        step={0.5}
        status={scoreError ? 'error' : undefined}
        aria-invalid={scoreError ? true : undefined}
        aria-describedby={scoreError ? `${id}-error` : undefined}
        onChange={(v) => {
          setTouched(true);
          onChange({ ...grade, score: typeof v === 'number' ? v : null });
        }}
        onBlur={() => setTouched(true)}
      />
      {scoreError && (
        <div id={`${id}-error`} className="course-field__error" role="alert">
          {scoreError}
        </div>
      )}
      <label className="course-field__label" htmlFor={`${id}-comment`}>
        评语
      </label>
      <Input.TextArea
        id={`${id}-comment`}
        data-testid="grading-comment"
        value={grade.comment}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(e) => onChange({ ...grade, comment: e.target.value })}
      />
      {footer}
    </section>
  );
}
