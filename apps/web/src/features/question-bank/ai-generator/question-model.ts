import {
  evenCaseWeights,
  type GeneratedQuestion,
  generatedQuestion,
  isCodeType,
  normalizeQuestion,
  type QuestionPurpose,
  type QuestionTestcase,
  validateQuestion,
} from '@uplus/shared';

/*
 * The editor's view of a generated question: the shared shape (spec 000 section 3.3) plus a stable key for
 * the list, and the shared rules (5.1, 5.5) grouped per field for the editor's error lines.
 */

/** A generated question with the editor's own stable key. */
export type EditableQuestion = GeneratedQuestion & { key: string };

let counter = 0;
export const nextKey = () => {
  counter += 1;
  return `q${Date.now().toString(36)}${counter}`;
};

/** A question from the structuring call (or an import answer), normalised, with a key. */
export const toEditable = (raw: unknown, purpose?: QuestionPurpose): EditableQuestion | null => {
  const parsed = generatedQuestion.safeParse(raw);
  if (!parsed.success) return null;
  return { ...normalizeQuestion(parsed.data, purpose ? { purpose } : {}), key: nextKey() };
};

/** The question as sent to the import calls: without the editor's key and an earlier failure. */
export const toPayload = (q: EditableQuestion): GeneratedQuestion => {
  const { key: _key, failureMsg: _failure, ...rest } = q;
  return rest;
};

/** Editor fields that show an error line. */
export type ErrorField =
  | 'titleText'
  | 'description'
  | 'language'
  | 'options'
  | 'answer'
  | 'tip'
  | 'testcases'
  | 'maxTime'
  | 'runtime'
  | 'ratePerformance'
  | 'difficulty'
  | 'knowledges';

/** The first message per editor field (`options.1.optionContent` counts for `options`). */
export const questionErrors = (q: EditableQuestion): Partial<Record<ErrorField, string>> => {
  const errors: Partial<Record<ErrorField, string>> = {};
  for (const issue of validateQuestion(q)) {
    const field = issue.field.split('.')[0] as ErrorField;
    errors[field] ??= issue.message;
  }
  return errors;
};

export const isValidQuestion = (q: EditableQuestion) => validateQuestion(q).length === 0;

/** New or removed cases: the weights re-split evenly (remainder on the last) unless edited by hand. */
export const withCases = (q: EditableQuestion, cases: QuestionTestcase[]): EditableQuestion => {
  if (q.caseWeightAdjusted) return { ...q, testcases: cases };
  const weights = evenCaseWeights(cases.length);
  return { ...q, testcases: cases.map((c, i) => ({ ...c, weight: weights[i] ?? 0 })) };
};

/** A hand edit of one weight: from now on the weights stay as the teacher set them. */
export const withWeight = (q: EditableQuestion, index: number, weight: number): EditableQuestion => ({
  ...q,
  caseWeightAdjusted: true,
  testcases: (q.testcases ?? []).map((c, i) => (i === index ? { ...c, weight } : c)),
});

export { isCodeType };

/**
 * What the panel says when fewer usable questions came than were asked for (issue 10 part 7): how many were
 * asked, how many came, and why (the flagged ones with their reasons, and how many the model never gave).
 * Null when enough came.
 */
export const shortfallNote = (asked: number, questions: { failureMsg?: string | null }[]): string | null => {
  const usable = questions.filter((q) => !q.failureMsg).length;
  if (usable >= asked) return null;
  const parts = [`要求生成${asked}道题，只得到${usable}道可用的题目。`];
  const flagged = questions
    .map((q, i) => ({ number: i + 1, reason: q.failureMsg }))
    .filter((f): f is { number: number; reason: string } => !!f.reason);
  if (flagged.length > 0)
    parts.push(
      `模型给出的题目中有${flagged.length}道未通过检查（已标红，可修改后使用）：${flagged
        .map((f) => `第${f.number}题：${f.reason}`)
        .join('；')}。`,
    );
  const missing = asked - questions.length;
  if (missing > 0) parts.push(`另有${missing}道题模型没有给出。`);
  parts.push('已自动向模型补充索要，仍然不足；可以点击重新出题，或调整出题要求后再试。');
  return parts.join('');
};
