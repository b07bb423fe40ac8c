import { describe, expect, it } from 'vitest';
import {
  AI_MSG,
  checkResultScore,
  clampScore,
  generateDraftBody,
  judgeBody,
  parseQuestionHistory,
} from './ai';

describe('AI forms', () => {
  it('reads questionHistory as titles from strings or question objects, newest 50', () => {
    expect(parseQuestionHistory(undefined)).toEqual([]);
    expect(parseQuestionHistory(' ')).toEqual([]);
    expect(parseQuestionHistory('["栈", {"qsnName":"队列"}, {"titleText":"树"}, {"x":1}, ""]')).toEqual([
      '栈',
      '队列',
      '树',
    ]);
    expect(parseQuestionHistory('{"a":1}')).toBeNull();
    expect(parseQuestionHistory('[')).toBeNull();
    const many = JSON.stringify(Array.from({ length: 60 }, (_, i) => `题${i}`));
    expect(parseQuestionHistory(many)).toHaveLength(50);
    expect(parseQuestionHistory(many)?.[0]).toBe('题10');
  });

  it('defaults and coerces the generator body; code types need exactly one question and a language', () => {
    expect(generateDraftBody.parse({ query: ' 排序 ', questionType: '1' })).toMatchObject({
      query: '排序',
      questionType: 1,
      source: 'library',
    });
    const code = generateDraftBody.safeParse({ query: 'x', questionType: 5, questionNum: 2 });
    expect(code.error?.issues.map((i) => i.message)).toEqual([
      AI_MSG.codeQuestionNumOne,
      AI_MSG.languageRequired,
    ]);
  });

  it('judge: an empty student answer is required, a whitespace-only one is accepted (it scores 0)', () => {
    const base = { question: 'q', realAnswer: 'a', questionScore: 5, questionType: 'ShortAnswer' };
    expect(judgeBody.safeParse({ ...base, studentAnswer: '' }).error?.issues[0]?.message).toBe(
      AI_MSG.studentAnswerRequired,
    );
    expect(judgeBody.parse({ ...base, studentAnswer: '  ' }).studentAnswer).toBe('  ');
    expect(judgeBody.parse({ ...base, studentAnswer: 'x', questionScore: '7' }).questionScore).toBe(7);
  });

  it('clamps model scores to 0..questionScore with one decimal', () => {
    expect(clampScore(12, 10)).toBe(10);
    expect(clampScore(-1, 10)).toBe(0);
    expect(clampScore(7.26, 10)).toBe(7.3);
    expect(clampScore(7.24, 10)).toBe(7.2);
    expect(clampScore(Number.NaN, 10)).toBe(0);
    expect(clampScore(Number.POSITIVE_INFINITY, 10)).toBe(0);
  });

  it('checks the result score of 5.4: required, 0..questionScore, one decimal', () => {
    expect(checkResultScore(undefined, 10)).toBe(AI_MSG.resultScoreRequired);
    expect(checkResultScore('', 10)).toBe(AI_MSG.resultScoreRequired);
    expect(checkResultScore(0, 10)).toBeNull();
    expect(checkResultScore('1.1', 10)).toBeNull();
    expect(checkResultScore(10, 10)).toBeNull();
    expect(checkResultScore(10.1, 10)).toBe(AI_MSG.resultScoreRange);
    expect(checkResultScore(-0.5, 10)).toBe(AI_MSG.resultScoreRange);
    expect(checkResultScore(1.25, 10)).toBe(AI_MSG.resultScoreRange);
    expect(checkResultScore('abc', 10)).toBe(AI_MSG.resultScoreRange);
  });
});
