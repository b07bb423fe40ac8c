import { generatedQuestion, normalizeQuestion } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { checkReference, sandboxReferenceRun } from './reference';

const question = (answer: string, outputs: string[]) =>
  normalizeQuestion(
    generatedQuestion.parse({
      qsnType: 5,
      titleText: '两数之和',
      description: '求和',
      language: 'python3',
      answer,
      testcases: outputs.map((output, i) => ({ input: `${i} 1`, output, weight: 0 })),
    }),
  );

const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe('checkReference in the process sandbox', () => {
  it('passes a reference whose outputs agree, marking the cases tested', async () => {
    const verdict = await checkReference(question(SUM, ['1', '2']), sandboxReferenceRun);
    expect(verdict).toEqual({
      ok: true,
      testcases: [
        { input: '0 1', output: '1', weight: 50, tested: true, outputQualified: true },
        { input: '1 1', output: '2', weight: 50, tested: true, outputQualified: true },
      ],
    });
  });

  it('names each disagreeing case, and a crash with its error output for the model', async () => {
    const wrong = await checkReference(question(SUM, ['1', '5']), sandboxReferenceRun);
    expect(wrong).toMatchObject({
      ok: false,
      retry: true,
      failure: '参考答案未通过测试用例：第2组期望输出“5”，参考程序输出“2”',
    });
    const crash = await checkReference(question('raise ValueError("坏")', ['1']), sandboxReferenceRun);
    expect(crash).toMatchObject({ ok: false, retry: true });
    expect(crash.ok === false && crash.feedback).toContain('ValueError');
  });

  it('does not retry when the language cannot run here', async () => {
    const q = { ...question(SUM, ['1']), language: 'cobol' };
    const verdict = await checkReference(q, sandboxReferenceRun);
    expect(verdict).toMatchObject({ ok: false, retry: false });
    expect(verdict.ok === false && verdict.failure).toMatch(/^参考答案未能运行：/);
  });
});
