import { answerLetters, type GeneratedQuestion, QSN_TYPE } from '../question-bank/questions';

/*
 * Objective grading of homework answers (issue 11): single choice (1), multiple choice (2), judgment (3) and
 * fill blanks (6) are graded the moment a student submits. Pure functions, used by the server on submit and
 * by the web app to explain a released result.
 *
 * How a student's answer is written (the `answer` of a draft or submit call):
 * - single choice: one option letter ("B"); multiple choice: letters ("AC", order and separators ignored);
 * - judgment: "true" or "false";
 * - fill blanks: a JSON list of strings, one per blank (`encodeBlanks`, `decodeBlanks`);
 * - short answer: the text; programming and function questions: the code.
 */

/** Types graded on submit without the sandbox or the AI judge. */
export const OBJECTIVE_QSN_TYPES = [
  QSN_TYPE.singleChoice,
  QSN_TYPE.multipleChoice,
  QSN_TYPE.judgment,
  QSN_TYPE.fillBlank,
] as const;

export const isObjectiveType = (t: number) => (OBJECTIVE_QSN_TYPES as readonly number[]).includes(t);

/** The reference answers of a fill-blank question: answerList, or the answer as one blank when empty. */
export const blankAnswersOf = (q: Pick<GeneratedQuestion, 'answer' | 'answerList'>): string[] =>
  q.answerList && q.answerList.length > 0 ? q.answerList : q.answer.trim() ? [q.answer] : [];

/** How many blanks a fill-blank question has (what the student's paper shows instead of the answers). */
export const blankCountOf = (q: Pick<GeneratedQuestion, 'answer' | 'answerList'>) =>
  Math.max(1, blankAnswersOf(q).length);

/** A fill-blank answer as stored and sent: a JSON list of the blanks' texts. */
export const encodeBlanks = (blanks: readonly string[]) => JSON.stringify(blanks);

/**
 * The blanks of a fill-blank answer: a JSON list of strings; anything else (a plain text) is one blank.
 * Non-string items are read as empty blanks.
 */
export const decodeBlanks = (answer: string): string[] => {
  const text = answer.trim();
  if (text.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(text);
      if (Array.isArray(list)) return list.map((v) => (typeof v === 'string' ? v : ''));
    } catch {
      // Not JSON: one blank.
    }
  }
  return text === '' ? [] : [answer];
};

/** "true" or "false" from a judgment answer (正确/错误, 对/错, √/× as the editor reads them), else null. */
export const judgmentValue = (answer: string): 'true' | 'false' | null => {
  const a = answer.trim().toLowerCase();
  if (['true', '正确', '对', '√', 't', 'yes', '是'].includes(a)) return 'true';
  if (['false', '错误', '错', '×', 'f', 'no', '否'].includes(a)) return 'false';
  return null;
};

/** Scores are kept to one decimal; a share of a score is rounded down so it never exceeds the maximum. */
const floorTenth = (v: number) => Math.floor(v * 10 + 1e-9) / 10;

/** Result of grading one objective answer. */
export type ObjectiveGrade = {
  /** 0 to maxScore, one decimal. */
  score: number;
  /** Shown to the teacher and (once released) to the student. */
  comment: string;
};

/** The comments objective grading writes. */
export const OBJECTIVE_MSG = {
  correct: '回答正确',
  wrong: '回答错误',
  unanswered: '未作答',
  blanksCorrect: (right: number, total: number) => `答对${right}/${total}空`,
} as const;

const sameText = (a: string, b: string, caseSensitive: boolean) => {
  const x = a.trim();
  const y = b.trim();
  return caseSensitive ? x === y : x.toLowerCase() === y.toLowerCase();
};

/**
 * How many blanks are right. isOrder 1: blank i against reference i. isOrder 0 (default): each reference
 * matches at most one given blank, in any order. isCase 1: case-sensitive; 0 (default): not. Ends trimmed.
 */
export const countRightBlanks = (
  given: readonly string[],
  expected: readonly string[],
  opts: { isOrder?: 0 | 1; isCase?: 0 | 1 },
) => {
  const caseSensitive = opts.isCase === 1;
  if (opts.isOrder === 1)
    return expected.filter((e, i) => given[i] !== undefined && sameText(given[i]!, e, caseSensitive)).length;
  const left = given.filter((g) => g.trim() !== '');
  let right = 0;
  for (const e of expected) {
    const at = left.findIndex((g) => sameText(g, e, caseSensitive));
    if (at >= 0) {
      right += 1;
      left.splice(at, 1);
    }
  }
  return right;
};

/**
 * Grades an objective answer against the question, out of `maxScore` (the question's score in the
 * homework). Null for a type that is not objective.
 * - single / multiple choice: the full score when the letters are exactly the reference's, else 0;
 * - judgment: the full score when true/false matches;
 * - fill blanks: with itemscore > 0, itemscore per right blank (at most maxScore); without, maxScore times
 *   the share of right blanks (one decimal, rounded down); every blank right is always the full score.
 */
export const gradeObjective = (
  q: Pick<GeneratedQuestion, 'qsnType' | 'answer' | 'answerList' | 'itemscore' | 'isOrder' | 'isCase'>,
  answer: string,
  maxScore: number,
): ObjectiveGrade | null => {
  const type = q.qsnType as number;
  if (!isObjectiveType(type)) return null;
  const full = (ok: boolean): ObjectiveGrade =>
    ok ? { score: maxScore, comment: OBJECTIVE_MSG.correct } : { score: 0, comment: OBJECTIVE_MSG.wrong };
  if (type === QSN_TYPE.fillBlank) {
    const given = decodeBlanks(answer);
    if (given.every((g) => g.trim() === '')) return { score: 0, comment: OBJECTIVE_MSG.unanswered };
    const expected = blankAnswersOf(q);
    const right = countRightBlanks(given, expected, { isOrder: q.isOrder, isCase: q.isCase });
    const total = expected.length;
    const score =
      right >= total
        ? maxScore
        : q.itemscore !== undefined && q.itemscore > 0
          ? Math.min(maxScore, floorTenth(right * q.itemscore))
          : floorTenth((maxScore * right) / Math.max(1, total));
    return { score, comment: OBJECTIVE_MSG.blanksCorrect(right, total) };
  }
  if (answer.trim() === '') return { score: 0, comment: OBJECTIVE_MSG.unanswered };
  if (type === QSN_TYPE.judgment) return full(judgmentValue(answer) === judgmentValue(q.answer));
  const given = answerLetters(answer);
  const expected = answerLetters(q.answer);
  return full(given.length > 0 && given.join('') === expected.join(''));
};
