import { HOMEWORK_MSG, type JudgeBody, type JudgeResult } from '@uplus/shared';
import { useState } from 'react';
import { aiScene } from '../ai-generator/ai-scene';
import { type Grade, GradingBox } from './grading-box';
import { JudgeAnswerDialog } from './judge-answer-dialog';
import type { JudgeableQuestion } from './judge-payload';
import './judged-answers.css';

/**
 * Stores an applied result against the answer it judged (a homework's question); resolves once saved, and
 * rejects (the request layer has told the user why) so the judge panel stays open.
 */
export type SaveJudged<Q> = (question: Q, studentAnswer: string, result: JudgeResult) => Promise<unknown>;

/**
 * AI判题 of a student's answer to a page's question (a course page's or a library row): `startJudging` opens
 * the answer dialog, then the common judge panel judges. With `save` (a homework's page, where the answer
 * becomes a record), 引用 stores the result and the page shows it from the server. Without (the library: no
 * answer record exists), 引用 only fills the question's grading box, which says it is not saved.
 */
export function useAiJudge<Q extends JudgeableQuestion & { id: string }>(
  routeNames: string[],
  options: { save?: SaveJudged<Q> } = {},
) {
  const [judging, setJudging] = useState<Q | null>(null);
  const [grades, setGrades] = useState<Record<string, Grade>>({});
  const [applied, setApplied] = useState<{ id: string; at: number } | null>(null);
  const { save } = options;

  const openJudge = (question: Q, payload: JudgeBody) => {
    setJudging(null);
    aiScene.openJudge({
      routeNames,
      variant: 'common',
      payload,
      applyNote: save ? HOMEWORK_MSG.applySaves : HOMEWORK_MSG.applyFillsOnly,
      onApply: save
        ? (result) => save(question, payload.studentAnswer, result)
        : (result) => {
            setGrades((all) => ({ ...all, [question.id]: { score: result.score, comment: result.comment } }));
            setApplied((prev) => ({ id: question.id, at: (prev?.at ?? 0) + 1 }));
          },
    });
  };

  /** The (unsaved) grading box of a question once 引用 has filled it; nothing before. */
  const gradingBox = (id: string, questionScore: number) => {
    const grade = grades[id];
    return (
      grade && (
        <GradingBox
          grade={grade}
          questionScore={questionScore}
          focusToken={applied?.id === id ? applied.at : undefined}
          onChange={(next) => setGrades((all) => ({ ...all, [id]: next }))}
          note={
            <p className="judged-answer__unsaved" data-testid="grading-unsaved">
              {HOMEWORK_MSG.notSaved}
            </p>
          }
        />
      )
    );
  };

  const dialog = (
    <JudgeAnswerDialog
      question={judging}
      onCancel={() => setJudging(null)}
      onSubmit={(payload) => judging && openJudge(judging, payload)}
    />
  );

  return { startJudging: setJudging, grades, gradingBox, dialog };
}
