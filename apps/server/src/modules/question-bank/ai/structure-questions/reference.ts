import { type EvaluationRequest, getSandbox, type StageResult } from '@uplus/sandbox';
import type { GeneratedQuestion, QuestionTestcase } from '@uplus/shared';

/** Runs a program against test cases (the sandbox in this process by default; tests may pass their own). */
export type ReferenceRun = (request: EvaluationRequest) => Promise<StageResult[]>;

/** The process's sandbox: the same one the in-process code runner uses. */
export const sandboxReferenceRun: ReferenceRun = (request) => getSandbox().evaluate(request);

/** Texts of the reference check. */
export const REFERENCE_MSG = {
  failedPrefix: '参考答案未通过测试用例：',
  notRunPrefix: '参考答案未能运行：',
} as const;

/** What the check found. */
export type ReferenceVerdict =
  /** Every case's expected output is what the reference prints: the cases, marked as tested. */
  | { ok: true; testcases: QuestionTestcase[] }
  /**
   * The reference disagrees with its cases or does not compile/run (`retry`: the model can fix it), or it
   * could not be run at all here (no retry: not the model's fault). `failure` is the failureMsg shown to the
   * teacher, `feedback` what the model is told.
   */
  | { ok: false; retry: boolean; failure: string; feedback: string };

const cut = (text: string | null | undefined, max: number) => {
  const value = (text ?? '').replace(/\s+$/, '');
  return value.length > max ? `${value.slice(0, max)}…` : value;
};

/**
 * Runs a coding question's reference solution (its `answer`) against its own test cases under the
 * question's max run time. Expected outputs must agree with what the reference prints (compared as the
 * judge compares: ignoring spaces at line ends and trailing blank lines).
 */
export const checkReference = async (q: GeneratedQuestion, run: ReferenceRun): Promise<ReferenceVerdict> => {
  const cases = q.testcases ?? [];
  const results = await run({
    languageId: q.language ?? '',
    sourceCode: q.answer,
    timeLimit: q.maxTime ?? 2000,
    testcases: cases.map((c, i) => ({ id: String(i + 1), stdin: c.input, stdout: c.output })),
  });
  const stopped = results.find((r) => !r.success && r.stage !== 'RUN' && r.stage !== 'COMPLETE');
  if (stopped) {
    // VERIFY and PREPROCESS failures are this host's (language missing, no isolation), not the model's.
    if (stopped.stage === 'VERIFY' || stopped.stage === 'PREPROCESS') {
      return {
        ok: false,
        retry: false,
        failure: `${REFERENCE_MSG.notRunPrefix}${stopped.message}`,
        feedback: '',
      };
    }
    return {
      ok: false,
      retry: true,
      failure: `${REFERENCE_MSG.failedPrefix}${cut(stopped.message, 200)}`,
      feedback: `referenceSolution 无法编译：${cut(stopped.message, 200)}\n${cut(stopped.output, 1500)}`,
    };
  }
  const runs = new Map(results.filter((r) => r.stage === 'RUN').map((r) => [r.testcaseId, r]));
  const failures: { failure: string; feedback: string }[] = [];
  cases.forEach((c, i) => {
    const r = runs.get(String(i + 1));
    if (r?.success && r.outputQualified) return;
    const n = i + 1;
    if (!r) {
      failures.push({ failure: `第${n}组没有运行结果`, feedback: `第${n}组测试用例没有运行结果` });
    } else if (r.verdict === 'WRONG_ANSWER') {
      failures.push({
        failure: `第${n}组期望输出“${cut(c.output, 40)}”，参考程序输出“${cut(r.output, 40)}”`,
        feedback:
          `第${n}组测试用例 input=${JSON.stringify(cut(c.input, 500))}：期望输出 ${JSON.stringify(cut(c.output, 500))}，` +
          `referenceSolution 实际输出 ${JSON.stringify(cut(r.output, 500))}`,
      });
    } else {
      failures.push({
        failure: `第${n}组${cut(r.message, 60)}`,
        feedback: `第${n}组测试用例 input=${JSON.stringify(cut(c.input, 500))}：${cut(r.message, 200)}${
          r.errorOutput ? `\n${cut(r.errorOutput, 800)}` : ''
        }`,
      });
    }
  });
  if (failures.length > 0) {
    return {
      ok: false,
      retry: true,
      failure: `${REFERENCE_MSG.failedPrefix}${failures.map((f) => f.failure).join('；')}`,
      feedback: `referenceSolution 与测试用例不一致：\n${failures.map((f) => f.feedback).join('\n')}`,
    };
  }
  return { ok: true, testcases: cases.map((c) => ({ ...c, tested: true, outputQualified: true })) };
};
