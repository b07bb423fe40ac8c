import { isChoiceType, isCodeType, QSN_TYPE, type TeachingQuestion } from '@uplus/shared';
import { Rate, Tag } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  questions: TeachingQuestion[];
  /** the number of the first question shown (a later page starts after the earlier ones) */
  firstNumber?: number;
  /** buttons shown in a question's header (e.g. AI判题), with the question's number */
  actions?: (q: TeachingQuestion, number: number) => ReactNode;
  /** shown under a question (e.g. its grading box) */
  extra?: (q: TeachingQuestion) => ReactNode;
};

/** The answer as a teacher reads it: 正确/错误 for judgment questions, the letters or the text otherwise. */
const answerText = (q: TeachingQuestion) => {
  if (q.qsnType === QSN_TYPE.judgment)
    return q.answer === 'true' ? '正确' : q.answer === 'false' ? '错误' : q.answer;
  return q.answer;
};

/** The questions of a homework or an exercise set, in order, with what a teacher checks on each. */
export function QuestionList({ questions, firstNumber = 1, actions, extra }: Props) {
  return (
    <ol className="course-questions" aria-label="题目列表">
      {questions.map((q, i) => {
        const code = isCodeType(q.qsnType);
        const headingId = `course-question-${q.id}`;
        return (
          <li
            key={q.id}
            className="course-question"
            data-testid="course-question"
            aria-labelledby={headingId}
          >
            <div className="course-question__head">
              <span className="course-question__no">第{firstNumber + i}题</span>
              <Tag color="blue">{q.typeName}</Tag>
              <span className="course-question__score">{q.score}分</span>
              <Rate disabled count={5} value={q.difficulty} aria-label={`难度${q.difficulty}星`} />
              {actions && <span className="course-question__actions">{actions(q, firstNumber + i)}</span>}
            </div>
            <h2 id={headingId} className="course-question__title">
              {q.title}
            </h2>
            {code && q.description && <p className="course-question__description">{q.description}</p>}
            {isChoiceType(q.qsnType) && q.options.length > 0 && (
              <ul className="course-question__options">
                {q.options.map((o) => (
                  <li key={o.id}>
                    {o.id}. {o.content}
                  </li>
                ))}
              </ul>
            )}
            <dl className="course-question__facts">
              <dt>参考答案</dt>
              <dd>{code ? <pre className="course-question__code">{q.answer}</pre> : answerText(q)}</dd>
              {code && (
                <>
                  <dt>编程语言</dt>
                  <dd>{q.language || '未指定'}</dd>
                  <dt>测试用例</dt>
                  <dd>{q.caseCount ?? 0}个</dd>
                </>
              )}
              <dt>知识点</dt>
              <dd>
                {q.knowledges.length === 0
                  ? '无'
                  : q.knowledges.map((k) => (
                      <Tag key={k} className="course-question__tag">
                        {k}
                      </Tag>
                    ))}
              </dd>
            </dl>
            {extra?.(q)}
          </li>
        );
      })}
    </ol>
  );
}
