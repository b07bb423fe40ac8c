import type { JudgeBody } from '@uplus/shared';
import { useState } from 'react';
import { aiScene } from '../ai-generator/ai-scene';
import { type Grade, GradingBox } from './grading-box';
import { JudgeAnswerDialog } from './judge-answer-dialog';
import type { JudgeableQuestion } from './judge-payload';

/**
 * AI判题 of a student's answer to a page's question (a course page's or a library row): `startJudging` opens
 * the answer dialog, the common judge panel then judges, and its 引用 fills (and focuses) the question's
 * grading box, which the page places with `gradingBox`.
 */
export function useAiJudge<Q extends JudgeableQuestion & { id: string }>(routeNames: string[]) {
  const [judging, setJudging] = useState<Q | null>(null);
  const [grades, setGrades] = useState<Record<string, Grade>>({});
  const [applied, setApplied] = useState<{ id: string; at: number } | null>(null);

  const openJudge = (question: Q, payload: JudgeBody) => {
    setJudging(null);
    aiScene.openJudge({
      routeNames,
      variant: 'common',
      payload,
      onApply: (result) => {
        setGrades((all) => ({ ...all, [question.id]: { score: result.score, comment: result.comment } }));
        setApplied((prev) => ({ id: question.id, at: (prev?.at ?? 0) + 1 }));
      },
    });
  };

  /** The grading box of a question once 引用 has filled it; nothing before. */
  const gradingBox = (id: string, questionScore: number) => {
    const grade = grades[id];
    return (
      grade && (
        <GradingBox
          grade={grade}
          questionScore={questionScore}
          focusToken={applied?.id === id ? applied.at : undefined}
          onChange={(next) => setGrades((all) => ({ ...all, [id]: next }))}
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
