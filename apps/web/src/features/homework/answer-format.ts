import { QSN_TYPE } from '@uplus/shared';

/*
 * The answer of a question as the server stores it (homework_answers.answer): option letters for choices
 * (multiple choice: sorted, joined), "true"/"false" for judgment, a JSON list of strings for fill blanks,
 * text or code otherwise. Pure, shared by the inputs, the navigator and the submit check.
 */

/** The option letters of a choice answer ("BA" and "A,B" both give A and B). */
export const letterSet = (answer: string): Set<string> => new Set(answer.match(/[A-Z]/g) ?? []);

/** Letters sorted and joined, as a multiple-choice answer is stored. */
export const joinLetters = (letters: string[]) => [...new Set(letters)].sort().join('');

/** The blanks of a fill-blank answer, as many as the question has (missing ones empty). */
export const blanksOf = (answer: string, count: number): string[] => {
  let parsed: unknown = [];
  if (answer.trim()) {
    try {
      parsed = JSON.parse(answer);
    } catch {
      parsed = [answer];
    }
  }
  const list = Array.isArray(parsed) ? parsed.map((v) => (typeof v === 'string' ? v : String(v ?? ''))) : [];
  return Array.from({ length: Math.max(count, 1) }, (_, i) => list[i] ?? '');
};

/** The fill-blank answer with blank `index` set to `text`. */
export const withBlank = (answer: string, count: number, index: number, text: string) => {
  const blanks = blanksOf(answer, count);
  blanks[index] = text;
  return JSON.stringify(blanks);
};

/**
 * Whether the answer counts as given: a choice made, every blank filled, or some text (starter code left
 * untouched does not count as an answer to a function question).
 */
export const isAnswered = (
  q: { qsnType: number; blankCount: number; codeModel?: string | null },
  answer: string | undefined,
) => {
  const a = answer ?? '';
  if (q.qsnType === QSN_TYPE.fillBlank) return blanksOf(a, q.blankCount).every((b) => b.trim() !== '');
  if (q.qsnType === QSN_TYPE.singleChoice || q.qsnType === QSN_TYPE.multipleChoice)
    return letterSet(a).size > 0;
  if (q.qsnType === QSN_TYPE.judgment) return a === 'true' || a === 'false';
  if (!a.trim()) return false;
  return !(q.codeModel && a.trim() === q.codeModel.trim());
};

/** How a teacher or a released result reads an answer: 正确/错误, the letters, the blanks or the text. */
export const answerText = (qsnType: number, answer: string, blankCount = 1) => {
  if (!answer.trim()) return '未作答';
  if (qsnType === QSN_TYPE.judgment) return answer === 'true' ? '正确' : answer === 'false' ? '错误' : answer;
  if (qsnType === QSN_TYPE.fillBlank)
    return blanksOf(answer, blankCount)
      .map((b, i) => `第${i + 1}空：${b || '（空）'}`)
      .join('；');
  return answer;
};
