import {
  AI_LIMITS,
  isCodeType,
  isJudgeableType,
  type JudgeBody,
  judgeBody,
  judgeQuestionScore,
  type TeachingQuestion,
} from '@uplus/shared';

/** What the judge takes from a stored question (a course page's question, or a library row mapped to it). */
export type JudgeableQuestion = Pick<
  TeachingQuestion,
  'qsnType' | 'title' | 'description' | 'score' | 'answer'
>;

/** Whether a question can be judged by the AI judge: 简答题, and the coding types (编程题, 函数题). */
export const isJudgeable = isJudgeableType;

/** The judge's question text: the title, with a coding question's description when both fit in 1000. */
const questionText = (q: JudgeableQuestion) => {
  const withDescription = q.description.trim() ? `${q.title}\n${q.description}` : q.title;
  return withDescription.length <= AI_LIMITS.maxTextLength ? withDescription : q.title;
};

/** The question's score as the judge takes it (and the server stores a grade against): 1 to 9999. */
const scoreOf = judgeQuestionScore;

/**
 * The judge payload (spec 3.4) for a student's answer to a stored question: the question's score and its
 * reference answer; 简答题 is judged as ShortAnswer, coding questions as Programming.
 */
export const judgePayloadOf = (q: JudgeableQuestion, studentAnswer: string): JudgeBody => ({
  question: questionText(q),
  questionScore: scoreOf(q.score),
  questionType: isCodeType(q.qsnType) ? 'Programming' : 'ShortAnswer',
  realAnswer: q.answer,
  studentAnswer,
});

/** The first rule of spec 5.4 the payload breaks (its message), or null when it may be judged. */
export const judgePayloadError = (payload: JudgeBody): string | null => {
  const parsed = judgeBody.safeParse(payload);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};
