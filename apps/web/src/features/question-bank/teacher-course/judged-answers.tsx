import { checkResultScore, formatDate, HOMEWORK_MSG, type JudgedAnswer } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useToast } from '../../../lib/toast';
import { type Grade, GradingBox } from './grading-box';
import './judged-answers.css';

type ItemProps = {
  answer: JudgedAnswer;
  /** saves the teacher's edit of the score and comment */
  onSave: (answerId: string, grade: { score: number; comment: string }) => Promise<unknown>;
  /** this record was just applied (引用): its box takes the focus */
  focus: boolean;
};

/** Who applied the result and when, and who edited it last. */
const metaText = (a: JudgedAnswer) => {
  const applied = `${a.appliedBy.name} 于 ${formatDate(a.appliedAt, '{y}-{m}-{d} {h}:{i}')} 引用AI判题结果`;
  return a.updatedBy && a.updatedAt
    ? `${applied}；${a.updatedBy.name} 于 ${formatDate(a.updatedAt, '{y}-{m}-{d} {h}:{i}')} 修改`
    : applied;
};

/** One stored judged answer: the answer, its grade (editable, 保存修改), the basis, who and when. */
function JudgedAnswerItem({ answer, onSave, focus }: ItemProps) {
  const toast = useToast();
  const stored: Grade = { score: answer.score, comment: answer.comment };
  const [draft, setDraft] = useState<Grade>(stored);
  const [saving, setSaving] = useState(false);
  const changed = draft.score !== stored.score || draft.comment !== stored.comment;
  const valid = checkResultScore(draft.score, answer.questionScore) === null;

  const save = async () => {
    if (!changed || !valid || draft.score === null) return;
    setSaving(true);
    try {
      await onSave(answer.id, { score: draft.score, comment: draft.comment });
      toast.success(HOMEWORK_MSG.updated);
    } catch {
      // The request layer has shown why; the edit stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <GradingBox
      testId="judged-answer"
      grade={draft}
      questionScore={answer.questionScore}
      onChange={setDraft}
      focusToken={focus ? 1 : undefined}
      note={
        <>
          <div className="course-field__label">学生答案</div>
          <pre className="judged-answer__answer">{answer.studentAnswer}</pre>
        </>
      }
      footer={
        <>
          <div className="course-field__label">评判依据</div>
          <p className="judged-answer__basis">{answer.basis}</p>
          <p className="judged-answer__meta" data-testid="judged-answer-meta">
            已保存：{metaText(answer)}
          </p>
          <div className="judged-answer__actions">
            <Button
              type="primary"
              size="small"
              disabled={!changed || !valid}
              loading={saving}
              onClick={() => void save()}
              data-testid="judged-answer-save"
            >
              保存修改
            </Button>
          </div>
        </>
      }
    />
  );
}

type Props = {
  answers: JudgedAnswer[];
  onSave: ItemProps['onSave'];
  /** the record just applied, whose box takes the focus */
  focusId: string | null;
};

/** The stored judged answers of one homework question, oldest first (issue 10 part 8). */
export function JudgedAnswers({ answers, onSave, focusId }: Props) {
  if (answers.length === 0) return null;
  return (
    <div className="judged-answers" data-testid="judged-answers">
      {answers.map((a) => (
        // Keyed by the stored version: a saved edit (or a reload) starts the draft from the server's grade.
        <JudgedAnswerItem
          key={`${a.id}:${a.updatedAt ?? 0}`}
          answer={a}
          onSave={onSave}
          focus={focusId === a.id}
        />
      ))}
    </div>
  );
}
