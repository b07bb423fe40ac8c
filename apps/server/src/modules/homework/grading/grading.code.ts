import {
  CODE_GRADE_MSG,
  type CodeGradeCase,
  type CodeGradeDetail,
  evenCaseWeights,
  type GeneratedQuestion,
  PROGRAM_EXECUTION_LIMITS,
  PROGRAM_SCORE_DEFAULTS,
  type ProgramScoreStrategy,
  type ProgramStageResult,
  type ProgramVerdict,
  programScore,
} from '@uplus/shared';

/*
 * How a code answer's sandbox run becomes its grade (issue 11; spec 000 sections 3.3, 5.5 and 9): pure
 * functions, so every rule has a test without a sandbox.
 */

/** Longest compiler message kept on an answer (the teacher sees it beside the answer). */
const MAX_MESSAGE_CHARS = 4000;

/** The Chinese verdict of a case that did not qualify. */
const VERDICT_TEXT: Record<ProgramVerdict, string> = {
  ACCEPTED: '',
  WRONG_ANSWER: CODE_GRADE_MSG.wrongAnswer,
  TIME_LIMIT_EXCEEDED: CODE_GRADE_MSG.timeLimit,
  MEMORY_LIMIT_EXCEEDED: CODE_GRADE_MSG.memoryLimit,
  OUTPUT_LIMIT_EXCEEDED: CODE_GRADE_MSG.outputLimit,
  RUNTIME_ERROR: CODE_GRADE_MSG.runtimeError,
  SYSTEM_ERROR: CODE_GRADE_MSG.systemError,
};

/** What the sandbox is asked to run for a code question: its language, time limit and test cases. */
export type CodeRunPlan = {
  languageId: string;
  timeLimitMs: number;
  testcases: { stdin: string; stdout: string }[];
  strategy: ProgramScoreStrategy;
  /** The weight of each case, in order (strategy Part). */
  weights: number[];
  performance: CodeGradeDetail['performance'];
};

const clampInt = (value: unknown, low: number, high: number, fallback: number) => {
  const n = Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(high, Math.max(low, Math.round(n)));
};

/**
 * The run of a code question (programming, ACM programming or function: a function question's answer is
 * the whole program built from its starter code, run as the generator's test run runs it), or null when the
 * question has no language or no test cases.
 */
export const codeRunPlanOf = (q: GeneratedQuestion): CodeRunPlan | null => {
  const cases = q.testcases ?? [];
  const languageId = (q.language ?? '').trim();
  if (!languageId || cases.length === 0) return null;
  const L = PROGRAM_EXECUTION_LIMITS;
  const strategy: ProgramScoreStrategy =
    q.programScoreStrategy === 'All' || q.programScoreStrategy === 'Part'
      ? q.programScoreStrategy
      : PROGRAM_SCORE_DEFAULTS.strategy;
  const given = cases.map((c) => Number(c.weight));
  const weights = given.every((w) => Number.isFinite(w)) ? given : evenCaseWeights(cases.length);
  return {
    languageId,
    timeLimitMs: clampInt(q.maxTime, L.minTimeLimitMs, L.maxTimeLimitMs, PROGRAM_SCORE_DEFAULTS.maxTimeMs),
    testcases: cases.map((c) => ({ stdin: c.input ?? '', stdout: c.output ?? '' })),
    strategy,
    weights,
    performance:
      Number(q.isPerformance) === 1
        ? {
            sharePercent: clampInt(q.ratePerformance, 1, 100, PROGRAM_SCORE_DEFAULTS.performanceSharePercent),
            referenceTimeMs: clampInt(q.runtime, 1, 10_000, PROGRAM_SCORE_DEFAULTS.referenceTimeMs),
          }
        : null,
  };
};

/** The grade of a code answer: graded with a score, or failed (the teacher grades it). */
export type CodeGrade = {
  gradeState: 'graded' | 'failed';
  score: number | null;
  detail: CodeGradeDetail;
};

const cut = (text: string) =>
  text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;

const detailOf = (plan: CodeRunPlan, cases: CodeGradeCase[], message: string): CodeGradeDetail => ({
  strategy: plan.strategy,
  performance: plan.performance,
  cases,
  message,
});

/** Every case with the same verdict (nothing ran, or the compile failed). */
const allCases = (plan: CodeRunPlan, verdict: string): CodeGradeCase[] =>
  plan.weights.map((weight, index) => ({ index, weight, qualified: false, timeUsedMs: null, verdict }));

/** A failed grade: the sandbox could not judge the answer; the teacher grades it. */
export const failedCodeGrade = (plan: CodeRunPlan | null, message: string): CodeGrade => ({
  gradeState: 'failed',
  score: null,
  detail: plan
    ? detailOf(plan, allCases(plan, CODE_GRADE_MSG.notRun), message)
    : { strategy: PROGRAM_SCORE_DEFAULTS.strategy, performance: null, cases: [], message },
});

/** A blank answer: 0 without running. */
export const blankCodeGrade = (plan: CodeRunPlan): CodeGrade => ({
  gradeState: 'graded',
  score: 0,
  detail: detailOf(plan, allCases(plan, CODE_GRADE_MSG.blankCode), CODE_GRADE_MSG.blankCode),
});

/**
 * The grade of a finished evaluation from its stage rows. `caseIds`: the evaluation's case ids in the
 * question's case order. A compile error scores 0 with the compiler's message; a failure of the sandbox
 * itself (a failed VERIFY or PREPROCESS stage, a RUN failure that is no case's, a case ended by a system
 * error, a case without a result) makes the answer failed; otherwise each case qualifies when its output
 * matched, and the score is `programScore` with the question's strategy, weights and performance settings.
 */
export const codeGradeOf = (opts: {
  plan: CodeRunPlan;
  maxScore: number;
  stages: readonly ProgramStageResult[];
  caseIds: readonly number[];
}): CodeGrade => {
  const { plan, stages } = opts;
  const compile = stages.find((s) => s.stage === 'COMPILE' && !s.success);
  if (compile) {
    const output = (compile.output ?? '').trim();
    return {
      gradeState: 'graded',
      score: 0,
      detail: detailOf(
        plan,
        allCases(plan, CODE_GRADE_MSG.compileError),
        cut(output ? `${compile.message}\n${output}` : compile.message),
      ),
    };
  }
  const broken = stages.find(
    (s) =>
      !s.success &&
      (s.stage === 'VERIFY' || s.stage === 'PREPROCESS' || (s.stage === 'RUN' && !s.testcaseId)),
  );
  if (broken) return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（${broken.message}）`);

  const runs = new Map(stages.filter((s) => s.stage === 'RUN' && s.testcaseId).map((s) => [s.testcaseId, s]));
  const cases: CodeGradeCase[] = [];
  for (let index = 0; index < plan.weights.length; index++) {
    const row = runs.get(String(opts.caseIds[index]));
    const weight = plan.weights[index] ?? 0;
    if (!row)
      return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（第${index + 1}组测试用例没有运行结果）`);
    if (row.verdict === 'SYSTEM_ERROR') {
      return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（第${index + 1}组：${row.message}）`);
    }
    const qualified = row.success && row.outputQualified === true;
    const verdict = qualified
      ? ''
      : row.verdict
        ? VERDICT_TEXT[row.verdict]
        : row.success
          ? CODE_GRADE_MSG.wrongAnswer
          : CODE_GRADE_MSG.runtimeError;
    cases.push({ index, weight, qualified, timeUsedMs: row.timeUsed ?? null, verdict });
  }
  const score = programScore({
    questionScore: opts.maxScore,
    strategy: plan.strategy,
    cases: cases.map((c) => ({ weight: c.weight, qualified: c.qualified, timeUsedMs: c.timeUsedMs })),
    performance: plan.performance,
  });
  return {
    gradeState: 'graded',
    score: Math.min(opts.maxScore, Math.max(0, score)),
    detail: detailOf(plan, cases, ''),
  };
};
