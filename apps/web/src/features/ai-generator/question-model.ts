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
