import { EVALUATION_LIMITS, SANDBOX_MSG } from './messages';

/** One test case of an evaluation. */
export type TestcaseInput = {
  /** Id reported back in the RUN result; defaults to the case's 1-based position. */
  id?: string;
  stdin: string;
  /** Expected output. */
  stdout: string;
};

/** What the teacher submits for a test run (spec section 7: testcases, languageId, timeLimit, sourceCode). */
export type EvaluationRequest = {
  languageId: string;
  sourceCode: string;
  /** Max run time of one case in ms (1..10000). */
  timeLimit: number | null | undefined;
  testcases: TestcaseInput[];
  /** Memory limit of one case in MB; EVALUATION_LIMITS.defaultMemoryLimitMb when absent. */
  memoryLimit?: number | null;
};

const utf8Bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The VERIFY rules that need no language table: returns the first failing rule's message (the exact text
 * the API answers with a 400), or null when the request is acceptable. The language check is separate
 * because it depends on the toolchains present.
 */
export function verifyRequest(request: EvaluationRequest): string | null {
  if (typeof request.sourceCode !== 'string' || request.sourceCode.trim() === '')
    return SANDBOX_MSG.codeRequired;
  if (utf8Bytes(request.sourceCode) > EVALUATION_LIMITS.maxSourceBytes) return SANDBOX_MSG.sourceTooLong;
  if (!Array.isArray(request.testcases) || request.testcases.length === 0)
    return SANDBOX_MSG.testcasesRequired;
  if (request.testcases.length > EVALUATION_LIMITS.maxTestcases) return SANDBOX_MSG.tooManyTestcases;
  for (const testcase of request.testcases) {
    if (typeof testcase !== 'object' || testcase === null) return SANDBOX_MSG.outputRequired;
    if (typeof testcase.stdout !== 'string' || testcase.stdout.trim() === '')
      return SANDBOX_MSG.outputRequired;
    if (utf8Bytes(String(testcase.stdin ?? '')) > EVALUATION_LIMITS.maxInputBytes)
      return SANDBOX_MSG.inputTooLarge;
    if (utf8Bytes(testcase.stdout) > EVALUATION_LIMITS.maxExpectedOutputBytes)
      return SANDBOX_MSG.expectedOutputTooLarge;
  }
  const t = request.timeLimit;
  if (t === null || t === undefined || (typeof t === 'string' && (t as string).trim() === '')) {
    return SANDBOX_MSG.timeLimitRequired;
  }
  const ms = Number(t);
  if (
    !Number.isInteger(ms) ||
    ms < EVALUATION_LIMITS.minTimeLimitMs ||
    ms > EVALUATION_LIMITS.maxTimeLimitMs
  ) {
    return SANDBOX_MSG.timeLimitRange;
  }
  const m = request.memoryLimit;
  if (m !== null && m !== undefined) {
    if (!Number.isInteger(m) || m < 16 || m > EVALUATION_LIMITS.maxMemoryLimitMb)
      return SANDBOX_MSG.memoryLimitRange;
  }
  if (typeof request.languageId !== 'string' || request.languageId.trim() === '')
    return SANDBOX_MSG.languageUnsupported;
  return null;
}
