import {
  isEvaluationFinished,
  PROGRAM_EXECUTION_MSG,
  type ProgramStageResult,
  type SubmitProgramBody,
  type SubmitProgramResult,
  TEST_RUN_MAX_POLLS,
  TEST_RUN_POLL_INTERVAL_MS,
} from '@uplus/shared';
import { errorMessage } from '../../../api/http';
import type { EditableQuestion } from './question-model';

/*
 * The test run of one coding question (spec 000 sections 4, 5.2, 8): submit, then poll once a second until
 * a COMPLETE row or a failed stage; more than 10 polls without a finish give up with 编译服务连接超时！;
 * a failed poll request is retried silently after 1 s (it counts as one of the 10).
 */

export type TestRunResult =
  | { kind: 'finished'; stages: ProgramStageResult[]; caseIds: string[] }
  | { kind: 'failed'; message: string };

export type TestRunDeps = {
  submit: (body: SubmitProgramBody) => Promise<SubmitProgramResult>;
  poll: (evaluationId: string) => Promise<ProgramStageResult[]>;
  sleep: (ms: number) => Promise<void>;
  /** each successful poll's stages, for the live view */
  onStages?: (stages: ProgramStageResult[], caseIds: string[]) => void;
  /** true once the caller gave up (panel closed, results cleared) */
  cancelled?: () => boolean;
};

/** Rules of spec 5.2 before submitting; the message of the first broken one, or null. */
export const checkRunnable = (q: EditableQuestion): string | null => {
  const cases = q.testcases ?? [];
  if (cases.length === 0 || cases.some((c) => !c.output.trim())) return PROGRAM_EXECUTION_MSG.outputRequired;
  if (!q.answer.trim()) return PROGRAM_EXECUTION_MSG.codeRequired;
  if (q.maxTime === undefined || q.maxTime === null || Number.isNaN(q.maxTime)) {
    return PROGRAM_EXECUTION_MSG.timeLimitRequired;
  }
  return null;
};

/** The submit body of a question: its reference code against its own cases. */
export const runBodyOf = (q: EditableQuestion): SubmitProgramBody => ({
  sourceCode: q.answer,
  languageId: q.language ?? '',
  timeLimit: q.maxTime ?? 0,
  testcases: (q.testcases ?? []).map((c) => ({ stdin: c.input, stdout: c.output })),
});

export const runTestCases = async (q: EditableQuestion, deps: TestRunDeps): Promise<TestRunResult> => {
  const invalid = checkRunnable(q);
  if (invalid) return { kind: 'failed', message: invalid };
  let submitted: SubmitProgramResult;
  try {
    submitted = await deps.submit(runBodyOf(q));
  } catch (error) {
    return { kind: 'failed', message: errorMessage(error) };
  }
  const caseIds = submitted.testcases.map((t) => t.testcaseId);
  for (let polls = 0; polls < TEST_RUN_MAX_POLLS; polls += 1) {
    await deps.sleep(TEST_RUN_POLL_INTERVAL_MS);
    if (deps.cancelled?.()) return { kind: 'failed', message: '' };
    let stages: ProgramStageResult[];
    try {
      stages = await deps.poll(submitted.evaluationId);
    } catch {
      continue; // retried silently after the next second
    }
    deps.onStages?.(stages, caseIds);
    if (isEvaluationFinished(stages)) return { kind: 'finished', stages, caseIds };
  }
  return { kind: 'failed', message: PROGRAM_EXECUTION_MSG.pollTimeout };
};

/** The failed stage that ends a run (not one case's wrong answer), if any. */
export const failedStage = (stages: ProgramStageResult[]) =>
  stages.find((s) => !s.success && (s.stage !== 'RUN' || s.testcaseId === null)) ?? null;

/** Per case (by index): true 测试成功, false 测试失败, null not run. */
export const caseVerdicts = (stages: ProgramStageResult[], caseIds: string[]): (boolean | null)[] =>
  caseIds.map((id) => {
    const row = stages.find((s) => s.stage === 'RUN' && s.testcaseId === id);
    return row ? row.outputQualified === true : null;
  });
