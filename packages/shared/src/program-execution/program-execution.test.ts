import { describe, expect, it } from 'vitest';
import {
  isEvaluationFinished,
  PROGRAM_EXECUTION_MSG as M,
  PROGRAM_EXECUTION_LIMITS,
  submitProgramBody,
  utf8Length,
} from './program-execution';

const valid = {
  sourceCode: 'int main(void){return 0;}',
  testcases: [{ stdin: '1 2', stdout: '3' }],
  timeLimit: 2000,
  languageId: 'c',
};

const firstMessage = (input: unknown) => {
  const result = submitProgramBody.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('submitProgramBody', () => {
  it('accepts a valid request and fills a missing stdin', () => {
    expect(firstMessage(valid)).toBeNull();
    const parsed = submitProgramBody.parse({
      ...valid,
      testcases: [{ stdout: 'x' }, { stdin: null, stdout: 'y' }],
    });
    expect(parsed.testcases.map((t) => t.stdin)).toEqual(['', '']);
    expect(submitProgramBody.parse({ ...valid, timeLimit: '1500' }).timeLimit).toBe(1500);
  });

  it('code must not be blank: 代码不能为空!', () => {
    for (const sourceCode of [undefined, null, '', '   \n\t ']) {
      expect(firstMessage({ ...valid, sourceCode })).toBe('代码不能为空!');
    }
  });

  it('every case needs an expected output: 请完善测试用例的输出项!', () => {
    for (const stdout of [undefined, null, '', '  \n ']) {
      expect(
        firstMessage({
          ...valid,
          testcases: [
            { stdin: '1', stdout: 'ok' },
            { stdin: '', stdout },
          ],
        }),
      ).toBe('请完善测试用例的输出项!');
    }
  });

  it('max run time is required: 最长时间不能为空!, and within 1..10000 ms', () => {
    for (const timeLimit of [undefined, null, '', ' ']) {
      expect(firstMessage({ ...valid, timeLimit })).toBe('最长时间不能为空!');
    }
    for (const timeLimit of [0, -1, 10001, 1.5, 'abc', Number.NaN, true]) {
      expect(firstMessage({ ...valid, timeLimit })).toBe(M.timeLimitRange);
    }
    expect(M.timeLimitRange).toBe('最长时间必须在1到10000毫秒之间!');
    expect(firstMessage({ ...valid, timeLimit: 1 })).toBeNull();
    expect(firstMessage({ ...valid, timeLimit: 10000 })).toBeNull();
  });

  it('reports the first broken rule in the order code, cases, time limit, language', () => {
    expect(firstMessage({ testcases: [{ stdin: '' }] })).toBe(M.codeRequired);
    expect(firstMessage({ ...valid, testcases: [{ stdin: '' }], timeLimit: null })).toBe(M.outputRequired);
    expect(firstMessage({ ...valid, timeLimit: null, languageId: '' })).toBe(M.timeLimitRequired);
    expect(firstMessage({ ...valid, languageId: ' ' })).toBe(M.languageUnsupported);
    expect(firstMessage({ ...valid, languageId: undefined })).toBe(M.languageUnsupported);
  });

  it('holds the size limits', () => {
    const L = PROGRAM_EXECUTION_LIMITS;
    expect(firstMessage({ ...valid, sourceCode: 'x'.repeat(L.maxSourceBytes) })).toBeNull();
    expect(firstMessage({ ...valid, sourceCode: 'x'.repeat(L.maxSourceBytes + 1) })).toBe(M.sourceTooLong);
    // counted in UTF-8 bytes: 3 bytes per Chinese character
    expect(firstMessage({ ...valid, sourceCode: '中'.repeat(L.maxSourceBytes / 3 + 1) })).toBe(
      M.sourceTooLong,
    );
    expect(firstMessage({ ...valid, testcases: [] })).toBe(M.testcasesRequired);
    expect(firstMessage({ ...valid, testcases: undefined })).toBe(M.testcasesRequired);
    const many = Array.from({ length: L.maxTestcases + 1 }, () => ({ stdin: '', stdout: '1' }));
    expect(firstMessage({ ...valid, testcases: many })).toBe(M.tooManyTestcases);
    expect(firstMessage({ ...valid, testcases: many.slice(1) })).toBeNull();
    const big = 'x'.repeat(L.maxInputBytes + 1);
    expect(firstMessage({ ...valid, testcases: [{ stdin: big, stdout: '1' }] })).toBe(M.inputTooLarge);
    expect(firstMessage({ ...valid, testcases: [{ stdin: '', stdout: big }] })).toBe(
      M.expectedOutputTooLarge,
    );
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes (a lone surrogate as the 3-byte replacement character)', () => {
    const expected: [string, number][] = [
      ['', 0],
      ['abc', 3],
      ['é', 2],
      ['中文', 6],
      ['😀', 4],
      ['a😀b中', 9],
      ['\ud800', 3],
      ['x\udc00y', 5],
    ];
    for (const [text, bytes] of expected) expect(utf8Length(text)).toBe(bytes);
  });
});

describe('isEvaluationFinished', () => {
  const row = (stage: string, success: boolean, testcaseId: string | null = null) =>
    ({ stage, success, testcaseId }) as Parameters<typeof isEvaluationFinished>[0][number];

  it('is finished at COMPLETE or at a failed stage that is not a single case', () => {
    expect(isEvaluationFinished([])).toBe(false);
    expect(isEvaluationFinished([row('VERIFY', true), row('PREPROCESS', true)])).toBe(false);
    expect(isEvaluationFinished([row('VERIFY', true), row('RUN', false, '7')])).toBe(false);
    expect(isEvaluationFinished([row('COMPILE', false)])).toBe(true);
    expect(isEvaluationFinished([row('RUN', false)])).toBe(true);
    expect(isEvaluationFinished([row('RUN', false, '7'), row('COMPLETE', true)])).toBe(true);
  });
});
