import { describe, expect, it } from 'vitest';
import { type GeneratedQuestion, generatedQuestion } from '../question-bank/questions';
import {
  blankCountOf,
  countRightBlanks,
  decodeBlanks,
  encodeBlanks,
  gradeObjective,
  OBJECTIVE_MSG,
} from './objective';
import { studyStatusOf } from './submissions';

const q = (input: Record<string, unknown>): GeneratedQuestion => generatedQuestion.parse(input);

describe('objective grading', () => {
  it('single choice: the full score for the one right letter only', () => {
    const single = q({ qsnType: 1, titleText: 't', answer: 'B' });
    expect(gradeObjective(single, 'B', 10)).toEqual({ score: 10, comment: OBJECTIVE_MSG.correct });
    expect(gradeObjective(single, 'b', 10)?.score).toBe(10);
    expect(gradeObjective(single, 'A', 10)).toEqual({ score: 0, comment: OBJECTIVE_MSG.wrong });
    expect(gradeObjective(single, 'AB', 10)?.score).toBe(0);
    expect(gradeObjective(single, ' ', 10)).toEqual({ score: 0, comment: OBJECTIVE_MSG.unanswered });
  });

  it('multiple choice: exactly the reference letters, in any order, else 0', () => {
    const multiple = q({ qsnType: 2, titleText: 't', answer: 'AC' });
    expect(gradeObjective(multiple, 'CA', 7)?.score).toBe(7);
    expect(gradeObjective(multiple, 'A,C', 7)?.score).toBe(7);
    expect(gradeObjective(multiple, 'A', 7)?.score).toBe(0);
    expect(gradeObjective(multiple, 'ABC', 7)?.score).toBe(0);
  });

  it('judgment: true/false, also written 正确/错误', () => {
    const judgment = q({ qsnType: 3, titleText: 't', answer: 'false' });
    expect(gradeObjective(judgment, 'false', 5)?.score).toBe(5);
    expect(gradeObjective(judgment, '错误', 5)?.score).toBe(5);
    expect(gradeObjective(judgment, 'true', 5)?.score).toBe(0);
  });

  it('fill blanks: isOrder, isCase, itemscore, shares rounded down to one decimal', () => {
    const ordered = q({
      qsnType: 6,
      titleText: 't',
      answerList: ['Push', 'Pop', 'Top'],
      isOrder: 1,
      isCase: 0,
    });
    expect(gradeObjective(ordered, encodeBlanks(['push', 'pop', 'top']), 10)?.score).toBe(10);
    expect(gradeObjective(ordered, encodeBlanks(['pop', 'push', 'top']), 10)).toEqual({
      score: 3.3,
      comment: OBJECTIVE_MSG.blanksCorrect(1, 3),
    });
    const unordered = { ...ordered, isOrder: 0 as const };
    expect(gradeObjective(unordered, encodeBlanks(['pop', 'push', 'top']), 10)?.score).toBe(10);
    // One given blank matches one reference only.
    expect(countRightBlanks(['push', 'push'], ['Push', 'Push2'], { isOrder: 0 })).toBe(1);
    const cased = { ...ordered, isCase: 1 as const };
    expect(gradeObjective(cased, encodeBlanks(['push', 'Pop', 'Top']), 9)?.score).toBe(6);
    const perBlank = { ...ordered, itemscore: 4 };
    expect(gradeObjective(perBlank, encodeBlanks(['Push', 'x', 'y']), 10)?.score).toBe(4);
    expect(gradeObjective(perBlank, encodeBlanks(['Push', 'Pop', 'y']), 7)?.score).toBe(7);
    expect(gradeObjective(ordered, encodeBlanks(['', '']), 10)).toEqual({
      score: 0,
      comment: OBJECTIVE_MSG.unanswered,
    });
    // Without answerList the answer is the one blank.
    const one = q({ qsnType: 6, titleText: 't', answer: '队列' });
    expect(blankCountOf(one)).toBe(1);
    expect(gradeObjective(one, '队列', 4)?.score).toBe(4);
  });

  it('other types are not objective', () => {
    for (const qsnType of [4, 5, 7, 8, 9, 10])
      expect(gradeObjective(q({ qsnType, titleText: 't', answer: 'x' }), 'x', 10)).toBeNull();
  });

  it('reads blanks from a JSON list, anything else as one blank', () => {
    expect(decodeBlanks(encodeBlanks(['a', 'b']))).toEqual(['a', 'b']);
    expect(decodeBlanks('[1, "b"]')).toEqual(['', 'b']);
    expect(decodeBlanks('[not json')).toEqual(['[not json']);
    expect(decodeBlanks('  ')).toEqual([]);
  });
});

describe('the student’s state of a homework', () => {
  const now = 1_000;
  it('goes 未开始, 进行中, 已提交, 已批改; 已截止 past the deadline or release without a submission', () => {
    const s = (
      submissionStatus: 'draft' | 'submitted' | null,
      deadline: number | null,
      releasedAt: number | null,
    ) => studyStatusOf({ submissionStatus, deadline, releasedAt, now });
    expect(s(null, 2_000, null)).toBe('not_started');
    expect(s('draft', 2_000, null)).toBe('in_progress');
    expect(s('submitted', 2_000, null)).toBe('submitted');
    expect(s('submitted', 500, 900)).toBe('graded');
    expect(s('draft', 500, null)).toBe('closed');
    expect(s(null, 2_000, 900)).toBe('closed');
    expect(s(null, null, null)).toBe('not_started');
  });
});
