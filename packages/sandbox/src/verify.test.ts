import { describe, expect, it } from 'vitest';
import { SANDBOX_MSG } from './messages';
import { type EvaluationRequest, verifyRequest } from './verify';

const valid: EvaluationRequest = {
  languageId: 'c',
  sourceCode: 'int main(){return 0;}',
  timeLimit: 2000,
  testcases: [{ stdin: '1 2', stdout: '3' }],
};

describe('verifyRequest', () => {
  it('accepts a complete request', () => {
    expect(verifyRequest(valid)).toBeNull();
    expect(verifyRequest({ ...valid, testcases: [{ stdin: '', stdout: '0' }] })).toBeNull();
  });

  it('requires code that is not blank', () => {
    expect(verifyRequest({ ...valid, sourceCode: '' })).toBe('代码不能为空!');
    expect(verifyRequest({ ...valid, sourceCode: ' \n\t' })).toBe(SANDBOX_MSG.codeRequired);
  });

  it('requires every case to have an expected output', () => {
    const testcases = [
      { stdin: '1', stdout: '1' },
      { stdin: '2', stdout: '  \n' },
    ];
    expect(verifyRequest({ ...valid, testcases })).toBe('请完善测试用例的输出项!');
  });

  it('requires at least one case', () => {
    expect(verifyRequest({ ...valid, testcases: [] })).toBe(SANDBOX_MSG.testcasesRequired);
  });

  it('requires a time limit within 1..10000 ms', () => {
    expect(verifyRequest({ ...valid, timeLimit: null })).toBe('最长时间不能为空!');
    expect(verifyRequest({ ...valid, timeLimit: undefined })).toBe('最长时间不能为空!');
    expect(verifyRequest({ ...valid, timeLimit: 0 })).toBe(SANDBOX_MSG.timeLimitRange);
    expect(verifyRequest({ ...valid, timeLimit: 10_001 })).toBe(SANDBOX_MSG.timeLimitRange);
    expect(verifyRequest({ ...valid, timeLimit: 1.5 })).toBe(SANDBOX_MSG.timeLimitRange);
    expect(verifyRequest({ ...valid, timeLimit: 1 })).toBeNull();
    expect(verifyRequest({ ...valid, timeLimit: 10_000 })).toBeNull();
  });

  it('bounds source size, case count, input size and memory', () => {
    expect(verifyRequest({ ...valid, sourceCode: 'x'.repeat(64 * 1024 + 1) })).toBe(
      SANDBOX_MSG.sourceTooLong,
    );
    const many = Array.from({ length: 51 }, () => ({ stdin: '', stdout: '1' }));
    expect(verifyRequest({ ...valid, testcases: many })).toBe(SANDBOX_MSG.tooManyTestcases);
    const big = [{ stdin: 'x'.repeat(1024 * 1024 + 1), stdout: '1' }];
    expect(verifyRequest({ ...valid, testcases: big })).toBe(SANDBOX_MSG.inputTooLarge);
    expect(verifyRequest({ ...valid, memoryLimit: 8 })).toBe(SANDBOX_MSG.memoryLimitRange);
    expect(verifyRequest({ ...valid, memoryLimit: 512 })).toBeNull();
  });

  it('requires a language id', () => {
    expect(verifyRequest({ ...valid, languageId: '' })).toBe(SANDBOX_MSG.languageUnsupported);
  });
});
