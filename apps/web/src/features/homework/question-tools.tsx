import { homeworkQuestionScoreBody, type TeachingQuestion } from '@uplus/shared';
import { Button, InputNumber } from 'antd';
import { useId, useState } from 'react';
import { useToast } from '../../lib/toast';
import type { useHomeworkQuestionActions } from './api';

type Actions = ReturnType<typeof useHomeworkQuestionActions>;

/** The first rule a question score breaks (1 to 9999, an integer), or null. */
export const scoreError = (value: number | null) => {
  const parsed = homeworkQuestionScoreBody.safeParse({ score: value ?? undefined });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/**
 * A draft homework's question: its score in the homework (保存 once changed; checked as the server checks it,
 * the error announced on the field) and 移除 (after a confirmation, asked by the page).
 */
export function QuestionTools({
  question,
  number,
  actions,
  onRemove,
}: {
  question: TeachingQuestion;
  number: number;
  actions: Actions;
  onRemove: (question: TeachingQuestion, number: number) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [score, setScore] = useState<number | null>(question.score);
  const error = scoreError(score);
  const changed = score !== question.score;

  const save = () => {
    if (!changed || error || score === null) return;
    actions.setScore.mutate(
      { questionId: question.id, body: { score } },
      { onSuccess: () => toast.success(`第${number}题分值已改为${score}分`) },
    );
  };

  return (
    <span className="hw-question-tools" data-testid="question-tools">
      <label htmlFor={`${id}-score`} className="hw-question-tools__label">
        分值
      </label>
      <InputNumber
        id={`${id}-score`}
        size="small"
        min={1}
        max={9999}
        value={score}
        onChange={(v) => setScore(typeof v === 'number' ? v : null)}
        onPressEnter={(e) => {
          if (!e.nativeEvent.isComposing) save();
        }}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="question-score"
        style={{ width: 80 }}
      />
      {changed && (
        <Button
          size="small"
          type="primary"
          disabled={!!error}
          loading={actions.setScore.isPending}
          onClick={save}
          aria-label={`保存第${number}题分值`}
          autoInsertSpace={false}
          data-testid="question-score-save"
        >
          保存
        </Button>
      )}
      <Button
        size="small"
        danger
        onClick={() => onRemove(question, number)}
        aria-label={`移除第${number}题`}
        autoInsertSpace={false}
        data-testid="question-remove"
      >
        移除
      </Button>
      {error && (
        <span id={`${id}-error`} className="hw-form-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
