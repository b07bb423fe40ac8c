import {
  checkResultScore,
  formatDate,
  GRADE_SOURCE_TEXT,
  GRADE_STATE_TEXT,
  isCodeType,
  isJudgeableType,
  QSN_TYPE,
  type ReviewedAnswer,
  SUBMISSION_MSG,
  type SubmissionDetail,
} from '@uplus/shared';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { AiJudgeButton } from '../question-bank/ai-generator/ai-buttons';
import { aiScene } from '../question-bank/ai-generator/ai-scene';
import { type Grade, GradingBox } from '../question-bank/teacher-course/grading-box';
import { judgePayloadError, judgePayloadOf } from '../question-bank/teacher-course/judge-payload';
import { answerText } from './answer-format';
import { useGradeAnswer } from './api';
import { CodeCases } from './code-cases';
import { scoreText } from './format';

/** The correct answer as the teacher reads it. */
const referenceText = (a: ReviewedAnswer) => {
  const q = a.question;
  if (q.qsnType === QSN_TYPE.fillBlank && q.reference.answerList.length > 0)
    return q.reference.answerList.map((r, i) => `第${i + 1}空：${r}`).join('；');
  return answerText(q.qsnType, q.reference.answer);
};

type ItemProps = {
  answer: ReviewedAnswer;
  number: number;
  /** the grade call: resolves once saved (the request layer shows a refusal) */
  onGrade: (
    answerId: string,
    body: { score: number; comment: string; source: 'ai' | 'teacher'; basis?: string },
  ) => Promise<unknown>;
  /** opens the common AI judge for this answer */
  onJudge: (answer: ReviewedAnswer) => void;
  /** the submission can be graded (submitted) */
  gradable: boolean;
};

/** One answer: the question, the student's answer, the grade and how it was given; the teacher's edit. */
function ReviewedAnswerItem({ answer: a, number, onGrade, onJudge, gradable }: ItemProps) {
  const toast = useToast();
  const stored: Grade = { score: a.score, comment: a.comment };
  const [draft, setDraft] = useState<Grade>(stored);
  const [saving, setSaving] = useState(false);
  // An answer waiting for a grade shows its grading box; a graded one opens it on 修改得分.
  const [editing, setEditing] = useState(a.gradeState !== 'graded');
  const q = a.question;
  const code = isCodeType(q.qsnType);
  const changed = draft.score !== stored.score || draft.comment !== stored.comment;
  const valid = checkResultScore(draft.score, a.maxScore) === null;
  const headingId = `hw-review-${q.id}`;

  const save = async () => {
    if (!a.answerId || !changed || !valid || draft.score === null) return;
    setSaving(true);
    try {
      await onGrade(a.answerId, { score: draft.score, comment: draft.comment, source: 'teacher' });
      toast.success(SUBMISSION_MSG.graded);
    } catch {
      // The request layer has shown why; the edit stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const judgeable = gradable && a.answerId !== null && isJudgeableType(q.qsnType) && a.answer.trim() !== '';

  return (
    <li className="hw-review" aria-labelledby={headingId} data-testid="reviewed-answer">
      <div className="hw-question__head">
        <span className="hw-question__no">第{number}题</span>
        <Tag color="blue">{q.typeName}</Tag>
        <span className="hw-review__score" data-testid="reviewed-score">
          {a.score === null ? '—' : scoreText(a.score)}/{a.maxScore}分
        </span>
        {a.gradeSource && a.gradeState === 'graded' && (
          <Tag color={a.gradeSource === 'teacher' ? 'purple' : a.gradeSource === 'ai' ? 'cyan' : 'default'}>
            {GRADE_SOURCE_TEXT[a.gradeSource]}
          </Tag>
        )}
        {a.gradeState !== 'graded' && (
          <Tag color={a.gradeState === 'failed' ? 'red' : 'gold'} data-testid="reviewed-state">
            {GRADE_STATE_TEXT[a.gradeState]}
          </Tag>
        )}
        {judgeable && (
          <span className="hw-review__actions">
            <AiJudgeButton onClick={() => onJudge(a)} label={`第${number}题`} testId="review-ai-judge" />
          </span>
        )}
      </div>
      <h3 id={headingId} className="hw-question__title">
        {q.title}
      </h3>
      {q.description && <p className="hw-question__description">{q.description}</p>}
      {q.options.length > 0 && (
        <ul className="hw-review__options">
          {q.options.map((o) => (
            <li key={o.id}>
              {o.id}. {o.content}
            </li>
          ))}
        </ul>
      )}
      <dl className="hw-review__facts">
        <dt>学生答案{code && q.language ? `（${q.language}）` : ''}</dt>
        <dd>
          {code && a.answer.trim() ? (
            <pre className="hw-code" data-testid="reviewed-answer-text">
              {a.answer}
            </pre>
          ) : (
            <span className="hw-review__answer" data-testid="reviewed-answer-text">
              {answerText(q.qsnType, a.answer, q.blankCount ?? 1)}
            </span>
          )}
        </dd>
        <dt>正确答案</dt>
        <dd>{code ? <pre className="hw-code">{q.reference.answer}</pre> : referenceText(a)}</dd>
        {a.comment && (
          <>
            <dt>评语</dt>
            <dd data-testid="reviewed-comment">{a.comment}</dd>
          </>
        )}
        {a.basis && (
          <>
            <dt>评判依据</dt>
            <dd className="hw-result__basis" data-testid="reviewed-basis">
              {a.basis}
            </dd>
          </>
        )}
        {a.gradedAt && (
          <>
            <dt>批改时间</dt>
            <dd>{formatDate(a.gradedAt, '{y}-{m}-{d} {h}:{i}')}</dd>
          </>
        )}
      </dl>
      {a.codeDetail && <CodeCases detail={a.codeDetail} />}
      {gradable && a.answerId && !editing && (
        <Button size="small" onClick={() => setEditing(true)} data-testid="review-grade-edit">
          修改得分
        </Button>
      )}
      {gradable && a.answerId && editing && (
        <GradingBox
          testId="review-grade"
          grade={draft}
          questionScore={a.maxScore}
          onChange={setDraft}
          focusToken={a.gradeState === 'graded' ? 1 : undefined}
          footer={
            <div className="judged-answer__actions">
              <Button
                type="primary"
                size="small"
                disabled={!changed || !valid}
                loading={saving}
                onClick={() => void save()}
                data-testid="review-grade-save"
              >
                保存批改
              </Button>
            </div>
          }
        />
      )}
    </li>
  );
}

/**
 * A student's submission as the teacher reviews it: every answer with the question, the student's answer,
 * score/max, its source, comment, basis and code cases; each score and comment editable (0 to the max, one
 * decimal); AI判题 on a short (or code) answer judges on opening and 引用 stores the result (source ai).
 */
export function SubmissionReview({
  courseId,
  homeworkId,
  detail,
  routeNames,
}: {
  courseId: string;
  homeworkId: string;
  detail: SubmissionDetail;
  routeNames: string[];
}) {
  const toast = useToast();
  const grade = useGradeAnswer(courseId, homeworkId, detail.id);
  const gradable = detail.status === 'submitted';
  const [judgeError, setJudgeError] = useState<string | null>(null);

  const onGrade: ItemProps['onGrade'] = (answerId, body) => grade.mutateAsync({ answerId, body });

  const onJudge = (a: ReviewedAnswer) => {
    const payload = judgePayloadOf(
      {
        qsnType: a.question.qsnType,
        title: a.question.title,
        description: a.question.description,
        score: a.maxScore,
        answer: a.question.reference.answer,
      },
      a.answer,
    );
    const error = judgePayloadError(payload);
    setJudgeError(error);
    if (error || !a.answerId) return;
    const answerId = a.answerId;
    aiScene.openJudge({
      routeNames,
      variant: 'common',
      payload,
      applyNote: '引用后，得分、评语和评判依据将保存为该答案的成绩（来源：AI判题），之后仍可修改。',
      onApply: async (result) => {
        await grade.mutateAsync({
          answerId,
          body: { score: result.score, comment: result.comment, basis: result.basis, source: 'ai' },
        });
        toast.success(SUBMISSION_MSG.graded);
      },
    });
  };

  return (
    <div className="hw-review-list">
      {judgeError && (
        <p className="hw-form-error" role="alert">
          无法AI判题：{judgeError}
        </p>
      )}
      <ol className="hw-questions" aria-label="作答详情">
        {detail.answers.map((a, i) => (
          // Keyed by the stored grade: after a save (or a judge run) the edit starts from the server's.
          <ReviewedAnswerItem
            key={`${a.question.id}:${a.gradedAt ?? 0}:${a.score ?? ''}`}
            answer={a}
            number={i + 1}
            onGrade={onGrade}
            onJudge={onJudge}
            gradable={gradable}
          />
        ))}
      </ol>
    </div>
  );
}
